import { convertAmount, fromMinorUnits, subunitDecimals } from "@playfair/contracts/money";
import {
  PAYMENT_FIELD_RULES,
  PAYMENT_METHOD_GROUPS,
  type PaymentDirection,
  type PaymentFieldName,
  type PaymentFlow,
  type PaymentMethod,
  type PaymentMethodField,
  type PaymentMethodGroup,
  type PaymentMethodGroupCode,
  type PopularMethodKey,
} from "@playfair/contracts/payment/methods";
import { SANDBOX_PROVIDER } from "@playfair/contracts/payment/sandbox";
import type { Currency } from "@playfair/contracts/settings";

// The payment methods players are offered (spec 3 "Payment method group", spec 9 popular keys).
// Every method is served by a provider adapter; today that is the in-house sandbox, which covers
// every kind of the spec's list. Amount ranges are set once in the base currency and converted
// with the currency rates, rounded to numbers people type (1, 2 or 5 times a power of ten).

/** How the sandbox provider handles a deposit of this method. */
export type SandboxKind = "card" | "crypto" | "redirect" | "cash-agent";

export type CryptoNetwork = { network: string; uriScheme: string };

type FieldSpec = { name: PaymentFieldName; required: boolean };

export type MethodDefinition = {
  kind: string;
  group: PaymentMethodGroupCode;
  label: string;
  labelKey: string;
  popularKey: PopularMethodKey | null;
  isManualAgent: boolean;
  /** How deposits proceed; withdrawals are always paid out by an operator ("manual"). */
  depositFlow: Exclude<PaymentFlow, "manual"> | "manual";
  sandboxKind: SandboxKind;
  directions: readonly PaymentDirection[];
  /** "fiat": every enabled fiat currency; otherwise the listed codes. */
  currencies: "fiat" | readonly string[];
  /** null: offered in every country. */
  countries: readonly string[] | null;
  /** Inclusive range in the base currency. */
  baseRange: { min: string; max: string };
  depositFields: readonly FieldSpec[];
  withdrawalFields: readonly FieldSpec[];
  crypto?: CryptoNetwork;
};

const required = (...names: PaymentFieldName[]): FieldSpec[] => names.map((name) => ({ name, required: true }));

const EURO_COUNTRIES = ["AT", "BE", "CY", "DE", "EE", "ES", "FI", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "PT", "SI", "SK"];

const E_WALLET_FIELDS = required("playerEmail");

function eWallet(kind: string, label: string, popularKey: PopularMethodKey | null, directions: readonly PaymentDirection[] = ["deposit", "withdrawal"]): MethodDefinition {
  return {
    kind,
    group: "e-wallets",
    label,
    labelKey: `methods.${kind}`,
    popularKey,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions,
    currencies: "fiat",
    countries: null,
    baseRange: { min: "10", max: "5000" },
    depositFields: E_WALLET_FIELDS,
    withdrawalFields: E_WALLET_FIELDS,
  };
}

function cryptoMethod(kind: string, label: string, currency: string, popularKey: PopularMethodKey | null, crypto: CryptoNetwork): MethodDefinition {
  return {
    kind,
    group: "crypto",
    label,
    labelKey: `methods.${kind}`,
    popularKey,
    isManualAgent: false,
    depositFlow: "crypto",
    sandboxKind: "crypto",
    directions: ["deposit", "withdrawal"],
    currencies: [currency],
    countries: null,
    baseRange: { min: "10", max: "20000" },
    depositFields: [],
    withdrawalFields: required("wallet_id"),
    crypto,
  };
}

export const METHOD_DEFINITIONS: readonly MethodDefinition[] = [
  {
    kind: "cash-agent",
    group: "cash-agent",
    label: "Cash agent",
    labelKey: "methods.cash-agent",
    popularKey: "cashAgent",
    isManualAgent: true,
    depositFlow: "manual",
    sandboxKind: "cash-agent",
    directions: ["deposit", "withdrawal"],
    currencies: "fiat",
    countries: null,
    baseRange: { min: "5", max: "2000" },
    depositFields: required("playerName", "phone"),
    withdrawalFields: required("playerName", "phone", "city"),
  },
  cryptoMethod("crypto-btc", "Bitcoin", "BTC", "bitcoin", { network: "bitcoin", uriScheme: "bitcoin" }),
  cryptoMethod("crypto-eth", "Ethereum", "ETH", "ethereum", { network: "ethereum", uriScheme: "ethereum" }),
  cryptoMethod("crypto-usdt", "Tether USDT (TRC-20)", "USDT", "tether", { network: "tron", uriScheme: "tron" }),
  cryptoMethod("crypto-trx", "TRON", "TRX", "tron", { network: "tron", uriScheme: "tron" }),
  cryptoMethod("crypto-ton", "Toncoin", "TON", null, { network: "ton", uriScheme: "ton" }),
  {
    kind: "card",
    group: "cards",
    label: "Visa / Mastercard",
    labelKey: "methods.card",
    popularKey: "visa",
    isManualAgent: false,
    depositFlow: "instant",
    sandboxKind: "card",
    directions: ["deposit", "withdrawal"],
    currencies: "fiat",
    countries: null,
    baseRange: { min: "10", max: "5000" },
    depositFields: required("cardNumber", "cardExpiry", "cardCvc", "playerName"),
    withdrawalFields: required("cardNumber", "playerName"),
  },
  {
    kind: "uzcard",
    group: "cards",
    label: "Uzcard",
    labelKey: "methods.uzcard",
    popularKey: "uzcard",
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit", "withdrawal"],
    currencies: ["UZS"],
    countries: ["UZ"],
    baseRange: { min: "5", max: "3000" },
    depositFields: required("phone"),
    withdrawalFields: required("cardNumber", "playerName"),
  },
  {
    kind: "pix",
    group: "bank",
    label: "PIX",
    labelKey: "methods.pix",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit", "withdrawal"],
    currencies: ["BRL"],
    countries: ["BR"],
    baseRange: { min: "2", max: "5000" },
    depositFields: required("cpf_number", "playerName"),
    withdrawalFields: required("cpf_number", "playerName"),
  },
  {
    kind: "upi",
    group: "bank",
    label: "UPI",
    labelKey: "methods.upi",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit", "withdrawal"],
    currencies: ["INR"],
    countries: ["IN"],
    baseRange: { min: "2", max: "2000" },
    depositFields: required("playerName", "phone"),
    withdrawalFields: required("playerName", "phone", "identify_doc_number"),
  },
  {
    kind: "sepa",
    group: "bank",
    label: "SEPA",
    labelKey: "methods.sepa",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit", "withdrawal"],
    currencies: ["EUR"],
    countries: EURO_COUNTRIES,
    baseRange: { min: "10", max: "10000" },
    depositFields: required("firstName", "lastName", "address", "city", "postalCode", "country"),
    withdrawalFields: required("firstName", "lastName", "iban", "address", "city", "postalCode", "country"),
  },
  {
    kind: "blik",
    group: "bank",
    label: "BLIK",
    labelKey: "methods.blik",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit"],
    currencies: ["PLN"],
    countries: ["PL"],
    baseRange: { min: "5", max: "3000" },
    depositFields: required("playerEmail"),
    withdrawalFields: [],
  },
  {
    kind: "sofort",
    group: "bank",
    label: "Sofort",
    labelKey: "methods.sofort",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit"],
    currencies: ["EUR"],
    countries: ["AT", "BE", "CH", "DE", "ES", "IT", "NL", "PL"],
    baseRange: { min: "10", max: "5000" },
    depositFields: required("firstName", "lastName", "country"),
    withdrawalFields: [],
  },
  {
    kind: "bank-transfer",
    group: "bank",
    label: "Bank transfer",
    labelKey: "methods.bank-transfer",
    popularKey: "bankTransfer",
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit", "withdrawal"],
    currencies: "fiat",
    countries: null,
    baseRange: { min: "20", max: "20000" },
    depositFields: required("firstName", "lastName", "address", "city", "postalCode", "country", "identify_doc_number"),
    withdrawalFields: required("firstName", "lastName", "iban", "address", "city", "postalCode", "country", "identify_doc_number"),
  },
  eWallet("skrill", "Skrill", "skrill"),
  eWallet("neteller", "Neteller", "neteller"),
  eWallet("jeton", "Jeton", "jeton"),
  eWallet("astropay", "AstroPay", "astroPay"),
  { ...eWallet("gpay", "Google Pay", "gpay", ["deposit"]), depositFields: [] },
  {
    kind: "mobile-operator",
    group: "mobile",
    label: "Mobile payment",
    labelKey: "methods.mobile-operator",
    popularKey: null,
    isManualAgent: false,
    depositFlow: "redirect",
    sandboxKind: "redirect",
    directions: ["deposit"],
    currencies: ["TRY", "KZT", "UZS", "INR", "RUB"],
    countries: ["TR", "KZ", "UZ", "IN", "RU"],
    baseRange: { min: "2", max: "500" },
    depositFields: required("phone"),
    withdrawalFields: [],
  },
];

/** Base-currency amounts behind the amount buttons; converted and rounded like the ranges. */
const BASE_PRESETS = ["20", "50", "100", "200"] as const;

function methodCode(direction: PaymentDirection, kind: string): string {
  return `${SANDBOX_PROVIDER}.${direction}.${kind}`;
}

/** A resolved method: the definition plus everything computed for one currency. */
export type ResolvedMethod = { definition: MethodDefinition; view: PaymentMethod };

// --- Nice numbers --------------------------------------------------------------------------------

/** Working precision for conversions; wider than any currency's (ETH has 18 decimals). */
const WORK_DECIMALS = 30;
const WORK_UNIT = 10n ** BigInt(WORK_DECIMALS);
const WORK_SUBUNIT = WORK_UNIT.toString();

function toWork(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * WORK_UNIT + BigInt((fraction + "0".repeat(WORK_DECIMALS)).slice(0, WORK_DECIMALS) || "0");
}

/**
 * The nearest 1, 2 or 5 times a power of ten at or above (up) or at or below (down) `value`, kept
 * on the currency's smallest unit: never below one smallest unit.
 */
export function niceAmount(value: string, direction: "up" | "down", subunitToUnit: string): string {
  const decimals = subunitDecimals(subunitToUnit);
  const unit = 10n ** BigInt(WORK_DECIMALS - decimals);
  const scaled = toWork(value);
  let rounded: bigint;
  if (scaled <= 0n) {
    rounded = unit;
  } else {
    let power = 1n;
    while (power * 10n <= scaled) power *= 10n;
    while (power > scaled) power /= 10n;
    const candidates = [1n, 2n, 5n, 10n].map((factor) => factor * (power === 0n ? 1n : power));
    rounded = direction === "up" ? candidates.find((candidate) => candidate >= scaled)! : [...candidates].reverse().find((candidate) => candidate <= scaled)!;
    // A nice number finer than the currency allows becomes a whole number of smallest units.
    const remainder = rounded % unit;
    if (remainder !== 0n) rounded = direction === "up" ? rounded - remainder + unit : rounded - remainder;
    if (rounded < unit) rounded = unit;
  }
  return fromMinorUnits(rounded / unit, subunitToUnit);
}

function fromBase(amount: string, base: Currency, currency: Currency, direction: "up" | "down"): string {
  const exact = convertAmount(amount, { rate: base.rate.value, subunitToUnit: base.subunitToUnit }, { rate: currency.rate.value, subunitToUnit: WORK_SUBUNIT }, "halfUp");
  return niceAmount(exact, direction, currency.subunitToUnit);
}

// --- Catalogue -----------------------------------------------------------------------------------

function offersCurrency(definition: MethodDefinition, currency: Currency): boolean {
  return definition.currencies === "fiat" ? currency.type === "fiat" : definition.currencies.includes(currency.code);
}

function fieldsOf(specs: readonly FieldSpec[]): PaymentMethodField[] {
  return specs.map((spec) => {
    const rules = PAYMENT_FIELD_RULES[spec.name].filter((rule) => rule.rule !== "required");
    return { name: spec.name, required: spec.required, rules: spec.required ? [{ rule: "required" }, ...rules] : [...rules] };
  });
}

function resolve(definition: MethodDefinition, direction: PaymentDirection, currency: Currency, base: Currency): ResolvedMethod {
  const min = fromBase(definition.baseRange.min, base, currency, "up");
  const max = fromBase(definition.baseRange.max, base, currency, "down");
  const minWork = toWork(min);
  const maxWork = toWork(max);
  const presets = [...new Set(BASE_PRESETS.map((preset) => fromBase(preset, base, currency, "up")))].filter((preset) => {
    const value = toWork(preset);
    return value >= minWork && value <= maxWork;
  });
  const view: PaymentMethod = {
    code: methodCode(direction, definition.kind),
    provider: SANDBOX_PROVIDER,
    direction,
    kind: definition.kind,
    flow: direction === "withdrawal" ? "manual" : definition.depositFlow,
    label: definition.label,
    labelKey: definition.labelKey,
    isManualAgent: definition.isManualAgent,
    popularKey: definition.popularKey,
    isPopular: definition.popularKey !== null,
    currency: currency.code,
    amount: { min, max },
    presets,
    fields: fieldsOf(direction === "deposit" ? definition.depositFields : definition.withdrawalFields),
  };
  return { definition, view };
}

export type MethodCatalogue = {
  /** Methods for one direction, currency and country (null: any country), in display order. */
  methods(direction: PaymentDirection, currency: Currency, country: string | null): ResolvedMethod[];
  groups(direction: PaymentDirection, currency: Currency, country: string | null): PaymentMethodGroup[];
  /** One method by code, if it is offered for this currency and country. */
  find(code: string, currency: Currency, country: string | null): ResolvedMethod | null;
};

export function createMethodCatalogue(options: { baseCurrency: () => Currency | undefined; sandboxEnabled: boolean }): MethodCatalogue {
  function methods(direction: PaymentDirection, currency: Currency, country: string | null): ResolvedMethod[] {
    const base = options.baseCurrency();
    // Every method is the sandbox provider's until a real provider adapter is added.
    if (!options.sandboxEnabled || !base || !currency.isEnabled) return [];
    return METHOD_DEFINITIONS.filter(
      (definition) =>
        definition.directions.includes(direction) &&
        offersCurrency(definition, currency) &&
        (country === null || definition.countries === null || definition.countries.includes(country)),
    )
      .map((definition) => resolve(definition, direction, currency, base))
      .sort(
        (left, right) =>
          PAYMENT_METHOD_GROUPS.indexOf(left.definition.group) - PAYMENT_METHOD_GROUPS.indexOf(right.definition.group) ||
          Number(right.definition.isManualAgent) - Number(left.definition.isManualAgent),
      );
  }
  return {
    methods,
    groups(direction, currency, country) {
      const groups = new Map<PaymentMethodGroupCode, PaymentMethodGroup>();
      for (const { definition, view } of methods(direction, currency, country)) {
        let group = groups.get(definition.group);
        if (!group) {
          group = { code: definition.group, labelKey: `methodGroups.${definition.group}`, paymentMethods: [] };
          groups.set(definition.group, group);
        }
        group.paymentMethods.push(view);
      }
      return [...groups.values()];
    },
    find(code, currency, country) {
      const direction = code.split(".")[1];
      if (direction !== "deposit" && direction !== "withdrawal") return null;
      return methods(direction, currency, country).find((method) => method.view.code === code) ?? null;
    },
  };
}
