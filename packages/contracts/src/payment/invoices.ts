import { z } from "zod";
import { INVOICE_STATUS, INVOICE_TYPE } from "../constants.ts";
import { MoneyAmountSchema, PositiveMoneyAmountSchema } from "../money.ts";
import { pageSchema, paginationQuerySchema } from "../pagination.ts";
import { CurrencyCodeSchema } from "../settings.ts";
import { PAYMENT_FIELD_MAX_LENGTH, PaymentMethodCodeSchema } from "./methods.ts";

// Spec 3 "Invoice", spec 4 "Invoice status", spec 7 invoice calls and the payment:invoices channel.

export const InvoiceStatusSchema = z
  .union([z.literal(INVOICE_STATUS.pending), z.literal(INVOICE_STATUS.success), z.literal(INVOICE_STATUS.failed), z.literal(INVOICE_STATUS.cancelled)])
  .meta({ description: "1 pending, 2 success, 3 failed, 4 cancelled by the player (failureReason playerDeclined)" });

export const InvoiceTypeSchema = z
  .union([z.literal(INVOICE_TYPE.deposit), z.literal(INVOICE_TYPE.withdrawal)])
  .meta({ description: "1 deposit, 2 withdrawal" });

/**
 * Why an invoice did not complete, for the result texts. Status 3 (failed): declined (card or
 * provider refused), cancelled (the player cancelled on the provider's page), expired (never paid
 * in time), rejected (an operator refused the payout), payoutFailed (the provider could not pay
 * out). Status 4 (cancelled): playerDeclined (the player cancelled the pending invoice here).
 */
export const INVOICE_FAILURE_REASONS = ["declined", "cancelled", "expired", "playerDeclined", "rejected", "payoutFailed"] as const;
export type InvoiceFailureReason = (typeof INVOICE_FAILURE_REASONS)[number];

/** What the client may show while an invoice is pending; every key is optional. */
export const InvoicePublicDataSchema = z
  .object({
    /** A payment URI (bitcoin:..., ethereum:..., ton://...) the client renders as a QR code. */
    qr: z.string().optional(),
    /** The deposit address of a crypto invoice. */
    address: z.string().optional(),
    /** The crypto network, e.g. "bitcoin", "ethereum", "tron", "ton". */
    network: z.string().optional(),
    /** The provider's payment page (redirect methods); open it in the same tab or a new one. */
    redirectUrl: z.string().optional(),
    /** A card's 3-D Secure confirmation page; the invoice stays 1 until it is answered. */
    confirmUrl: z.string().optional(),
    /** A reference the player quotes to a cash agent. */
    reference: z.string().optional(),
    /** When an unpaid pending invoice expires (ISO time). */
    expiresAt: z.string().optional(),
  })
  .meta({ id: "InvoicePublicData" });

export const InvoiceSchema = z
  .object({
    id: z.string(),
    /** The number players and support quote. */
    number: z.number().int(),
    type: InvoiceTypeSchema,
    status: InvoiceStatusSchema,
    amount: MoneyAmountSchema,
    currency: z.string(),
    methodCode: z.string(),
    publicData: InvoicePublicDataSchema,
    /** nth successful deposit of the player (1 = first deposit); null until a deposit succeeds. */
    depositNumber: z.number().int().nullable(),
    /** The deposit bonus (GET /api/game/bonuses id) this deposit issued when it was credited; null when none. */
    bonusId: z.uuid().nullable(),
    /** The bonus code whose bonus this deposit issued (typed with it, or waiting for it); null when none. */
    bonusCode: z.string().nullable(),
    failureReason: z.enum(INVOICE_FAILURE_REASONS).nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: "Invoice" });

/** Values of the method's payment-form fields, by field name (see PaymentMethod.fields). */
export const PaymentFieldValuesSchema = z.record(z.string(), z.string().max(PAYMENT_FIELD_MAX_LENGTH));

/**
 * POST /api/payment/invoices/deposit and /withdrawal, answered 201 { data: Invoice }. The optional
 * `Idempotency-Key` header makes a retry safe: the same key with the same body answers the same
 * invoice (header `Idempotent-Replayed: true`), with another body 409 CONFLICT. Bad input answers 422
 * with `errors` keyed amount, currency, methodCode or fields.<field name>; nothing is written then.
 * A withdrawal holds the amount at once (WalletAccount.pendingWithdrawal) until it is paid out or
 * declined; a reached deposit limit answers 403 DEPOSIT_LIMIT_REACHED (reason "13100").
 */
export const CreateInvoiceRequestSchema = z
  .object({
    amount: PositiveMoneyAmountSchema,
    currency: CurrencyCodeSchema,
    methodCode: PaymentMethodCodeSchema,
    fields: PaymentFieldValuesSchema.default({}),
    bonusCode: z.string().trim().max(64).optional(),
    /** A deposit bonus the player chose (GET /api/game/bonuses); issued in the transaction that credits the deposit. */
    bonusId: z.uuid({ error: "Unknown bonus." }).optional(),
  })
  .meta({ id: "CreateInvoiceRequest" });

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const IdempotencyKeyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, { error: "Use printable ASCII without spaces." })
    .optional(),
});

export const InvoiceResponseSchema = z.object({ data: InvoiceSchema }).meta({ id: "InvoiceResponse" });

export const InvoiceIdParamsSchema = z.object({ id: z.uuid({ error: "Unknown invoice." }) });

/** A calendar day (YYYY-MM-DD, whole day in UTC) or an exact ISO time. */
const DateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * GET /api/payment/invoices: newest first. dateFrom and dateTo are inclusive. Query schemas carry no
 * meta id: the OpenAPI generator cannot resolve a querystring given by reference.
 */
export const InvoiceListQuerySchema = paginationQuerySchema().extend({
  type: z.coerce.number().pipe(InvoiceTypeSchema).optional(),
  status: z.coerce.number().pipe(InvoiceStatusSchema).optional(),
  currency: CurrencyCodeSchema.optional(),
  dateFrom: DateBoundSchema.optional(),
  dateTo: DateBoundSchema.optional(),
});

export const InvoiceListSchema = pageSchema(InvoiceSchema).meta({ id: "InvoiceList" });

/** Per currency: successful deposits and withdrawals, and what is still pending. */
export const InvoiceCurrencyStatisticsSchema = z
  .object({
    currency: z.string(),
    depositCount: z.number().int(),
    depositSum: MoneyAmountSchema,
    withdrawalCount: z.number().int(),
    withdrawalSum: MoneyAmountSchema,
    pendingWithdrawalSum: MoneyAmountSchema,
  })
  .meta({ id: "InvoiceCurrencyStatistics" });

/** GET /api/payment/invoices/statistics. depositCount counts successful deposits in every currency. */
export const InvoiceStatisticsSchema = z
  .object({
    data: z.object({
      depositCount: z.number().int(),
      currencies: z.array(InvoiceCurrencyStatisticsSchema),
    }),
  })
  .meta({ id: "InvoiceStatistics" });

export const INVOICE_EVENTS = { deposit: "invoice.deposit.updated", withdrawal: "invoice.withdrawal.updated" } as const;

/** Payload of `payment:invoices#{playerId}` publications, sent after the change is committed. */
export const InvoiceEventSchema = z
  .object({
    event: z.enum([INVOICE_EVENTS.deposit, INVOICE_EVENTS.withdrawal]),
    invoice: InvoiceSchema,
  })
  .meta({ id: "InvoiceEvent" });

/** Spec 4: deposit number 1..4 -> first..fourth, above 4 -> fifth-plus. */
export const DEPOSIT_COUNT_EVENTS = ["first-deposit", "second-deposit", "third-deposit", "fourth-deposit", "fifth-plus-deposit"] as const;
export type DepositCountEvent = (typeof DEPOSIT_COUNT_EVENTS)[number];

export function depositCountEvent(depositNumber: number): DepositCountEvent {
  const index = Math.min(Math.max(Math.trunc(depositNumber), 1), DEPOSIT_COUNT_EVENTS.length) - 1;
  return DEPOSIT_COUNT_EVENTS[index] ?? "fifth-plus-deposit";
}

export type InvoicePublicData = z.infer<typeof InvoicePublicDataSchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
export type InvoiceStatusCode = z.infer<typeof InvoiceStatusSchema>;
export type InvoiceTypeCode = z.infer<typeof InvoiceTypeSchema>;
export type CreateInvoiceRequest = z.infer<typeof CreateInvoiceRequestSchema>;
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;
export type InvoiceList = z.infer<typeof InvoiceListSchema>;
export type InvoiceCurrencyStatistics = z.infer<typeof InvoiceCurrencyStatisticsSchema>;
export type InvoiceStatistics = z.infer<typeof InvoiceStatisticsSchema>;
export type InvoiceEvent = z.infer<typeof InvoiceEventSchema>;
