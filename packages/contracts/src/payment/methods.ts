import { z } from "zod";
import { NonNegativeMoneyAmountSchema } from "../money.ts";
import { CountryCodeSchema, CurrencyCodeSchema } from "../settings.ts";
import { ValidationRuleSchema, type ValidationRule } from "../validation/rules.ts";

// Spec 3 "Payment method group" and spec 7 GET /api/payment/methods/deposit|withdrawal.
// A method code is provider.direction.kind ("sandbox.deposit.card"); the kind names what the
// player pays with, the flow tells the client which screen follows the invoice request.

export const PAYMENT_DIRECTIONS = ["deposit", "withdrawal"] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

/** provider.direction.kind, lower case: "sandbox.deposit.card", "sandbox.withdrawal.crypto-btc". */
export const PAYMENT_METHOD_CODE_PATTERN = /^[a-z0-9-]{2,32}\.(deposit|withdrawal)\.[a-z0-9-]{2,40}$/;

export const PaymentMethodCodeSchema = z
  .string()
  .regex(PAYMENT_METHOD_CODE_PATTERN, { error: "Unknown payment method." })
  .meta({ description: "provider.direction.kind", example: "sandbox.deposit.card" });

/**
 * What happens after the invoice request, so the client knows which screen to show:
 * - instant: the answer is final (status 2 or 3), unless publicData.confirmUrl asks for a 3-D Secure step;
 * - crypto: status 1 with publicData.address and publicData.qr until the network confirms;
 * - redirect: status 1 with publicData.redirectUrl, the provider's page the player confirms on;
 * - manual: status 1 until a person (cash agent, operator) completes it.
 */
export const PAYMENT_FLOWS = ["instant", "crypto", "redirect", "manual"] as const;
export type PaymentFlow = (typeof PAYMENT_FLOWS)[number];

/** Spec 9: methods whose icon is highlighted as popular. */
export const POPULAR_METHOD_KEYS = [
  "bitcoin",
  "ethereum",
  "tether",
  "tron",
  "visa",
  "gpay",
  "masterCard",
  "cashAgent",
  "uzcard",
  "neteller",
  "astroPay",
  "bankTransfer",
  "skrill",
  "jeton",
] as const;
export type PopularMethodKey = (typeof POPULAR_METHOD_KEYS)[number];

/** Groups in display order; a method list answer only contains groups that have methods. */
export const PAYMENT_METHOD_GROUPS = ["cash-agent", "crypto", "cards", "bank", "e-wallets", "mobile"] as const;
export type PaymentMethodGroupCode = (typeof PAYMENT_METHOD_GROUPS)[number];

/**
 * Payment-form field keys: spec 3's list first, then the method-specific ones (card details for
 * card deposits, wallet_id for crypto payouts, cpf_number for PIX, iban for SEPA payouts).
 */
export const PAYMENT_FIELD_NAMES = [
  "playerName",
  "firstName",
  "lastName",
  "phone",
  "city",
  "postalCode",
  "address",
  "country",
  "playerEmail",
  "identify_doc_number",
  "cardNumber",
  "cardExpiry",
  "cardCvc",
  "wallet_id",
  "cpf_number",
  "iban",
] as const;
export type PaymentFieldName = (typeof PAYMENT_FIELD_NAMES)[number];

export const PAYMENT_FIELD_MAX_LENGTH = 200;

/**
 * The rules of each payment field (spec 5 where it names one). The server validates with the same
 * table through validateForm, so the client's form and the API always agree; "required" is added
 * per method (PaymentMethodField.required).
 */
export const PAYMENT_FIELD_RULES: Readonly<Record<PaymentFieldName, readonly ValidationRule[]>> = {
  playerName: [{ rule: "twoWords", param: 1 }, { rule: "max", param: 60 }],
  firstName: [{ rule: "min", param: 2 }, { rule: "max", param: 60 }],
  lastName: [{ rule: "min", param: 2 }, { rule: "max", param: 60 }],
  phone: [{ rule: "phone", param: { field: "country" } }],
  city: [{ rule: "min", param: 2 }, { rule: "max", param: 100 }],
  postalCode: [{ rule: "regex", param: "^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$" }],
  address: [{ rule: "min", param: 3 }, { rule: "max", param: PAYMENT_FIELD_MAX_LENGTH }],
  country: [{ rule: "country" }],
  playerEmail: [{ rule: "email" }],
  identify_doc_number: [{ rule: "regex", param: "^[A-Za-z0-9-]{4,30}$" }],
  // Digits only: the client removes the spaces it shows between groups of four.
  cardNumber: [{ rule: "digits_between", param: { min: 12, max: 19 } }, { rule: "cardNumber" }],
  cardExpiry: [{ rule: "cardExpiry" }],
  cardCvc: [{ rule: "digits_between", param: { min: 3, max: 4 } }],
  wallet_id: [{ rule: "required" }, { rule: "regex", param: "^[A-Za-z0-9:_-]{20,120}$" }],
  cpf_number: [{ rule: "cpf" }],
  iban: [{ rule: "regex", param: "^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$" }],
};

export const PaymentMethodFieldSchema = z
  .object({
    name: z.enum(PAYMENT_FIELD_NAMES),
    required: z.boolean(),
    /** PAYMENT_FIELD_RULES[name], with "required" first when required; run them with validateForm. */
    rules: z.array(ValidationRuleSchema),
  })
  .meta({ id: "PaymentMethodField" });

/** Amount range of a method in the requested currency; both ends inclusive. */
export const PaymentAmountRangeSchema = z
  .object({ min: NonNegativeMoneyAmountSchema, max: NonNegativeMoneyAmountSchema })
  .meta({ id: "PaymentAmountRange" });

export const PaymentMethodSchema = z
  .object({
    code: PaymentMethodCodeSchema,
    provider: z.string(),
    direction: z.enum(PAYMENT_DIRECTIONS),
    /** The third part of the code: card, crypto-btc, pix, cash-agent, skrill... */
    kind: z.string(),
    flow: z.enum(PAYMENT_FLOWS),
    /** Brand or method name as the provider spells it (not translated: "PIX", "Skrill"). */
    label: z.string(),
    /** i18n key (wallet namespace) of a translated label, for generic names such as "Bank card". */
    labelKey: z.string(),
    /** Spec 9: manual-agent methods sort first. */
    isManualAgent: z.boolean(),
    popularKey: z.enum(POPULAR_METHOD_KEYS).nullable(),
    isPopular: z.boolean(),
    currency: CurrencyCodeSchema,
    amount: PaymentAmountRangeSchema,
    /** Suggested amounts for the amount buttons, ascending, all inside the range. */
    presets: z.array(NonNegativeMoneyAmountSchema),
    fields: z.array(PaymentMethodFieldSchema),
  })
  .meta({ id: "PaymentMethod" });

export const PaymentMethodGroupSchema = z
  .object({
    code: z.enum(PAYMENT_METHOD_GROUPS),
    /** i18n key (wallet namespace) of the group's title. */
    labelKey: z.string(),
    paymentMethods: z.array(PaymentMethodSchema),
  })
  .meta({ id: "PaymentMethodGroup" });

/**
 * GET /api/payment/methods/deposit|withdrawal. `country` is the player's local choice; without it
 * the visitor-country header decides. A reached deposit limit answers 403 DEPOSIT_LIMIT_REACHED
 * with reason "13100" (spec 8) instead of a list.
 */
export const PaymentMethodsQuerySchema = z.object({
  currency: CurrencyCodeSchema,
  country: CountryCodeSchema.optional(),
});

export const PaymentMethodListSchema = z.object({ data: z.array(PaymentMethodGroupSchema) }).meta({ id: "PaymentMethodList" });

export type PaymentMethodField = z.infer<typeof PaymentMethodFieldSchema>;
export type PaymentAmountRange = z.infer<typeof PaymentAmountRangeSchema>;
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export type PaymentMethodGroup = z.infer<typeof PaymentMethodGroupSchema>;
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuerySchema>;
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>;
