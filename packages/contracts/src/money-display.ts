// How an exact amount is shown to a reader: crypto in thousandths (mBTC), and Intl.NumberFormat
// over exact decimal strings with the currency's own fraction digits and the operator's symbol.
// The arithmetic it builds on lives in money.ts.
import { describeValue, fromMinorUnits, MoneyError, roundAmount, subunitBigInt, subunitDecimals, toMinorUnits, type Rounding, type SubunitToUnit } from "./money.ts";

/** Crypto balances read better in thousandths: 0.00123456 BTC is shown as 1.23456 mBTC. */
export const SUB_UNIT_DISPLAY_FACTOR = 1000;

export interface CurrencyPrecision {
  code: string;
  subunitToUnit: SubunitToUnit;
}

export interface SubUnitAmount {
  amount: string;
  code: string;
  subunitToUnit: bigint;
}

function subUnitSubunitToUnit(subunitToUnit: SubunitToUnit): bigint {
  const unitsPerSubUnit = subunitBigInt(subunitToUnit) / BigInt(SUB_UNIT_DISPLAY_FACTOR);
  // The sub unit keeps the smallest unit (satoshi, wei) as its own, so no precision is lost.
  return unitsPerSubUnit > 1n ? unitsPerSubUnit : 1n;
}

function assertCurrencyCode(code: unknown): asserts code is string {
  if (typeof code !== "string" || code.trim() === "") {
    throw new MoneyError("INVALID_CURRENCY", `Currency code must be a non-empty string, got ${describeValue(code)}`);
  }
}

/** amountMinor × multiplier / divisor, failing instead of rounding when the target precision cannot hold it. */
function rescaleMinorExactly(
  amountMinor: bigint,
  multiplier: bigint,
  divisor: bigint,
  amount: string,
  targetDecimals: number,
): bigint {
  const scaled = amountMinor * multiplier;
  if (scaled % divisor !== 0n) {
    throw new MoneyError(
      "PRECISION_EXCEEDED",
      `Amount ${describeValue(amount)} cannot be shown exactly with ${targetDecimals} fraction digit${targetDecimals === 1 ? "" : "s"}`,
    );
  }
  return scaled / divisor;
}

/** Exact: "0.00123456" BTC gives { amount: "1.23456", code: "mBTC", subunitToUnit: 100000n }. */
export function toSubUnitDisplay(amount: string, currency: CurrencyPrecision): SubUnitAmount {
  assertCurrencyCode(currency.code);
  const subunitToUnit = subunitBigInt(currency.subunitToUnit);
  const subSubunitToUnit = subUnitSubunitToUnit(currency.subunitToUnit);
  const amountMinor = toMinorUnits(amount, currency.subunitToUnit);
  const subMinor = rescaleMinorExactly(
    amountMinor,
    BigInt(SUB_UNIT_DISPLAY_FACTOR) * subSubunitToUnit,
    subunitToUnit,
    amount,
    subunitDecimals(subSubunitToUnit),
  );
  return { amount: fromMinorUnits(subMinor, subSubunitToUnit), code: `m${currency.code}`, subunitToUnit: subSubunitToUnit };
}

/** Inverse of toSubUnitDisplay, for amounts a player typed in mBTC or mETH. */
export function fromSubUnitDisplay(subAmount: string, currency: CurrencyPrecision): string {
  assertCurrencyCode(currency.code);
  const subunitToUnit = subunitBigInt(currency.subunitToUnit);
  const subSubunitToUnit = subUnitSubunitToUnit(currency.subunitToUnit);
  const subMinor = toMinorUnits(subAmount, subSubunitToUnit);
  const amountMinor = rescaleMinorExactly(
    subMinor,
    subunitToUnit,
    BigInt(SUB_UNIT_DISPLAY_FACTOR) * subSubunitToUnit,
    subAmount,
    subunitDecimals(subunitToUnit),
  );
  return fromMinorUnits(amountMinor, subunitToUnit);
}

export interface DisplayCurrency extends CurrencyPrecision {
  symbol?: string;
}

export interface FormatMoneyOptions {
  /** BCP 47 tag; defaults to en-US so server-rendered and client-rendered text agree. */
  locale?: string;
  /** Defaults to the symbol when the currency has one, else the code. */
  display?: "symbol" | "code";
  /** Show the amount in this sub-unit, SUB_UNIT_DISPLAY_FACTOR per unit (e.g. mBTC for BTC). */
  subCurrency?: DisplayCurrency;
}

const DEFAULT_LOCALE = "en-US";

/**
 * The form Intl formats exactly: ECMA-402 reads a decimal string as an exact mathematical value
 * (no float in between), so "90071992547409.93" or an 18-decimal ETH amount keeps every digit.
 */
type ExactDecimal = `${number}`;

const numberFormats = new Map<string, Intl.NumberFormat>();

function assertLocale(locale: unknown): asserts locale is string {
  try {
    if (typeof locale !== "string" || Intl.getCanonicalLocales(locale).length !== 1) throw new RangeError("not one tag");
  } catch (error) {
    throw new MoneyError("INVALID_LOCALE", `Locale ${describeValue(locale)} is not a valid BCP 47 tag: ${String(error)}`);
  }
}

/** Fraction digits are the currency's own, not Intl's default (JPY 0, IRR 0, BTC 8, ETH 18). */
function numberFormat(locale: string, decimals: number, currencyCode: string | null): Intl.NumberFormat {
  const key = `${locale}\u0000${decimals}\u0000${currencyCode ?? ""}`;
  const cached = numberFormats.get(key);
  if (cached) return cached;
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const format = new Intl.NumberFormat(locale, currencyCode ? { style: "currency", currency: currencyCode, ...digits } : digits);
  numberFormats.set(key, format);
  return format;
}

// Currencies whose symbol is a sign (€, $, £, ¥) in most locales; the first one a locale writes
// as a sign shows that locale's own layout, free of the extra space Intl adds after a symbol made
// of letters ("UZS 1.00").
const LAYOUT_PROBES = ["EUR", "USD", "GBP", "JPY"] as const;
const SIGN_ONLY = /^[\p{Sc}\p{So}]+$/u;
const layoutProbes = new Map<string, string>();

function layoutProbe(locale: string): string {
  const cached = layoutProbes.get(locale);
  if (cached) return cached;
  const probe =
    LAYOUT_PROBES.find((code) =>
      numberFormat(locale, 2, code)
        .formatToParts("1" as ExactDecimal)
        .some((part) => part.type === "currency" && SIGN_ONLY.test(part.value)),
    ) ?? LAYOUT_PROBES[0];
  layoutProbes.set(locale, probe);
  return probe;
}

/** CLDR's currency spacing: a symbol that meets the digits with a letter ("soʻm", "zł") is kept apart by a no-break space. */
function needsSpacing(edge: string | undefined): boolean {
  return edge !== undefined && !/[\p{S}\p{Z}]/u.test(edge);
}

const NUMBER_PARTS: ReadonlySet<string> = new Set(["integer", "fraction", "decimal", "group"]);

/**
 * An exact amount, already at `decimals` fraction digits, in the locale's layout. With a symbol,
 * Intl decides where it goes (de-DE "150,00 €", en "€150.00") and the reference data's symbol is
 * written there as the operator wrote it: "R$", "MX$", "CA$", where Intl would say "$MX" in
 * Persian or "US$" in Portuguese. With a code (crypto, or a currency without a symbol), the code
 * follows the number in every locale.
 */
function formatExact(exact: string, decimals: number, currency: { code: string; symbol?: string }, locale: string, display?: "symbol" | "code"): string {
  assertLocale(locale);
  const value = exact as ExactDecimal;
  const symbol = display !== "code" && currency.symbol !== undefined && currency.symbol !== "" ? currency.symbol : null;
  if (symbol === null) return `${numberFormat(locale, decimals, null).format(value)} ${currency.code}`;
  const parts = numberFormat(locale, decimals, layoutProbe(locale)).formatToParts(value);
  return parts
    .map((part, index) => {
      if (part.type !== "currency") return part.value;
      const before = NUMBER_PARTS.has(parts[index - 1]?.type ?? "") && needsSpacing(symbol[0]) ? "\u00a0" : "";
      const after = NUMBER_PARTS.has(parts[index + 1]?.type ?? "") && needsSpacing(symbol.at(-1)) ? "\u00a0" : "";
      return `${before}${symbol}${after}`;
    })
    .join("");
}

/**
 * "-1234.5" USD gives "-$1,234.50" in en-US and "-1.234,50 $" in de-DE; with display "code"
 * "-1.234,50 USD". The amount is checked against the currency's precision first and reaches Intl
 * as an exact decimal string, so 18-decimal and beyond-2^53 amounts print exactly.
 */
export function formatMoney(amount: string, currency: DisplayCurrency, options: FormatMoneyOptions = {}): string {
  assertCurrencyCode(currency.code);
  const locale = options.locale ?? DEFAULT_LOCALE;
  let amountMinor = toMinorUnits(amount, currency.subunitToUnit);
  let shown: DisplayCurrency = currency;
  if (options.subCurrency) {
    assertCurrencyCode(options.subCurrency.code);
    amountMinor = rescaleMinorExactly(
      amountMinor,
      BigInt(SUB_UNIT_DISPLAY_FACTOR) * subunitBigInt(options.subCurrency.subunitToUnit),
      subunitBigInt(currency.subunitToUnit),
      amount,
      subunitDecimals(options.subCurrency.subunitToUnit),
    );
    shown = options.subCurrency;
  }
  const decimals = subunitDecimals(shown.subunitToUnit);
  return formatExact(fromMinorUnits(amountMinor, shown.subunitToUnit), decimals, shown, locale, options.display);
}

export interface FormatEquivalentOptions {
  locale?: string;
  /** Defaults to halfUp, the rounding players expect to see. */
  rounding?: Rounding;
  /** The currency to label the number with; omitted, the bare number is returned. */
  currency?: { code: string; symbol?: string };
  display?: "symbol" | "code";
}

/** Equivalent balances are always shown with 2 decimals (spec), whatever their precision. */
export const EQUIVALENT_SUBUNIT_TO_UNIT = 100n;

const EQUIVALENT_DECIMALS = 2;

/** "1234.5678" gives "1,234.57"; an equivalent is informational, so it is rounded, not rejected. */
export function formatEquivalent(amount: string, options: FormatEquivalentOptions = {}): string {
  const rounded = roundAmount(amount, EQUIVALENT_SUBUNIT_TO_UNIT, options.rounding ?? "halfUp");
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (!options.currency) {
    assertLocale(locale);
    return numberFormat(locale, EQUIVALENT_DECIMALS, null).format(rounded as ExactDecimal);
  }
  assertCurrencyCode(options.currency.code);
  return formatExact(rounded, EQUIVALENT_DECIMALS, options.currency, locale, options.display);
}
