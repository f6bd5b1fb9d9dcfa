import { z } from "zod";

// Money is exact everywhere: decimal strings on the wire, NUMERIC in PostgreSQL, BigInt minor
// units in code. A JS number cannot hold 0.1 or more than 2^53 satoshi exactly, so no amount
// or rate is ever converted to one here; Intl only ever sees exact decimal strings.

export type MoneyErrorCode =
  | "INVALID_AMOUNT"
  | "PRECISION_EXCEEDED"
  | "INVALID_SUBUNIT"
  | "INVALID_MINOR_UNITS"
  | "INVALID_RATE"
  | "INVALID_ROUNDING"
  | "INVALID_CURRENCY"
  | "INVALID_LOCALE";

/** Thrown for every bad input, so a caller never receives a NaN-like or silently rounded value. */
export class MoneyError extends Error {
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.name = "MoneyError";
    this.code = code;
  }
}

/**
 * Minor units per unit: a power of ten (USD 100, BTC 10n ** 8n, ETH 10n ** 18n, 1 when the
 * currency has no fraction). Numbers are accepted only while they are safe integers; larger
 * precisions must be given as bigint or a digit string so they are never approximated.
 */
export type SubunitToUnit = bigint | number | string;

/**
 * floor and ceil round toward -infinity and +infinity. halfUp breaks ties away from zero, as
 * PostgreSQL's round(numeric) does, so server and database agree; halfEven is banker's rounding.
 */
export type Rounding = "floor" | "ceil" | "halfEven" | "halfUp";

export const ROUNDING_MODES: readonly Rounding[] = ["floor", "ceil", "halfEven", "halfUp"];

/**
 * Strict on purpose: no exponent, no surrounding spaces, no bare "." at either end, no "+".
 * Anything a float serializer or a sloppy client can produce ("1e5", ".5", "1.") is rejected
 * rather than guessed at. Leading zeros and "-0" are valid values; outputs never contain them.
 */
export const DECIMAL_AMOUNT_PATTERN = /^-?\d+(\.\d+)?$/;

const NON_NEGATIVE_DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

export function isDecimalAmount(value: unknown): value is string {
  return typeof value === "string" && DECIMAL_AMOUNT_PATTERN.test(value);
}

export const MoneyAmountSchema = z
  .string()
  .regex(DECIMAL_AMOUNT_PATTERN, { error: "Must be a decimal amount such as 10.50 or -3" })
  .meta({ description: "Exact decimal amount as a string, e.g. \"10.50\"", example: "10.50" });

/** For balances and limits: zero allowed, a sign never. */
export const NonNegativeMoneyAmountSchema = z
  .string()
  .regex(NON_NEGATIVE_DECIMAL_PATTERN, { error: "Must be a decimal amount of zero or more, such as 10.50" })
  .meta({ description: "Exact non-negative decimal amount as a string", example: "10.50" });

/** For stakes, deposits and withdrawals, where zero is as meaningless as a negative amount. */
export const PositiveMoneyAmountSchema = NonNegativeMoneyAmountSchema.refine(
  // zod runs refinements even after the pattern failed; the guard keeps isZero from throwing then.
  (value) => !NON_NEGATIVE_DECIMAL_PATTERN.test(value) || !isZero(value),
  { error: "Must be greater than zero" },
).meta({ description: "Exact decimal amount greater than zero, as a string", example: "10.50" });

/** An exact decimal as an integer scaled by 10^scale: "-12.50" is { unscaled: -1250n, scale: 2 }. */
interface Decimal {
  unscaled: bigint;
  scale: number;
}

function parseDecimal(amount: unknown, what = "Amount", code: MoneyErrorCode = "INVALID_AMOUNT"): Decimal {
  if (!isDecimalAmount(amount)) {
    throw new MoneyError(code, `${what} must be a decimal string like "10.50", got ${describeValue(amount)}`);
  }
  const pointIndex = amount.indexOf(".");
  const digits = pointIndex === -1 ? amount : amount.slice(0, pointIndex) + amount.slice(pointIndex + 1);
  return { unscaled: BigInt(digits), scale: pointIndex === -1 ? 0 : amount.length - pointIndex - 1 };
}

/** A bad input as an error message shows it. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

function formatDecimal(unscaled: bigint, scale: number): string {
  const sign = unscaled < 0n ? "-" : "";
  const magnitude = (unscaled < 0n ? -unscaled : unscaled).toString();
  if (scale === 0) return sign + magnitude;
  const padded = magnitude.padStart(scale + 1, "0");
  return `${sign}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

/** Number of fraction digits a currency has: 2 for subunitToUnit 100, 0 for 1. */
export function subunitDecimals(subunitToUnit: SubunitToUnit): number {
  let digits: string;
  if (typeof subunitToUnit === "bigint") {
    digits = subunitToUnit.toString();
  } else if (typeof subunitToUnit === "number") {
    if (!Number.isSafeInteger(subunitToUnit)) {
      throw new MoneyError(
        "INVALID_SUBUNIT",
        `subunitToUnit ${subunitToUnit} is not a safe integer; pass large precisions as a bigint such as 10n ** 18n`,
      );
    }
    digits = subunitToUnit.toString();
  } else if (typeof subunitToUnit === "string") {
    digits = subunitToUnit;
  } else {
    throw new MoneyError("INVALID_SUBUNIT", `subunitToUnit must be a bigint, number or string, got ${describeValue(subunitToUnit)}`);
  }
  // A non-power of ten would make the decimal string and the minor units disagree about value.
  if (!/^10*$/.test(digits)) {
    throw new MoneyError("INVALID_SUBUNIT", `subunitToUnit must be a power of ten (1, 10, 100, …), got ${describeValue(subunitToUnit)}`);
  }
  return digits.length - 1;
}

/** The validated precision as a bigint, so callers never hand an unchecked value to BigInt(). */
export function subunitBigInt(subunitToUnit: SubunitToUnit): bigint {
  return pow10(subunitDecimals(subunitToUnit));
}

function assertRounding(rounding: unknown): asserts rounding is Rounding {
  if (!ROUNDING_MODES.includes(rounding as Rounding)) {
    throw new MoneyError("INVALID_ROUNDING", `Rounding must be one of ${ROUNDING_MODES.join(", ")}, got ${describeValue(rounding)}`);
  }
}

/** numerator / denominator rounded to an integer; denominator must be positive. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const awayFromZero = numerator < 0n ? quotient - 1n : quotient + 1n;
  switch (rounding) {
    case "floor":
      return numerator < 0n ? awayFromZero : quotient;
    case "ceil":
      return numerator > 0n ? awayFromZero : quotient;
    case "halfUp":
    case "halfEven": {
      const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
      if (twiceRemainder > denominator) return awayFromZero;
      if (twiceRemainder < denominator) return quotient;
      if (rounding === "halfUp") return awayFromZero;
      return quotient % 2n === 0n ? quotient : awayFromZero;
    }
  }
}

/** Exact value of `decimal` in units of 10^-scale, or a MoneyError when that would need rounding. */
function rescaleExactly(decimal: Decimal, scale: number, amount: string): bigint {
  if (decimal.scale <= scale) return decimal.unscaled * pow10(scale - decimal.scale);
  const divisor = pow10(decimal.scale - scale);
  if (decimal.unscaled % divisor !== 0n) {
    throw new MoneyError(
      "PRECISION_EXCEEDED",
      `Amount ${describeValue(amount)} has more than ${scale} fraction digit${scale === 1 ? "" : "s"}, the currency's precision`,
    );
  }
  return decimal.unscaled / divisor;
}

/**
 * "10.50" with subunitToUnit 100 gives 1050n. Fraction digits beyond the currency's precision
 * are rejected unless they are all zeros: PostgreSQL NUMERIC columns with a wider scale return
 * "10.500000", which is the same exact value, whereas "10.505" would need a rounding decision
 * that belongs to the caller (see roundAmount).
 */
export function toMinorUnits(amount: string, subunitToUnit: SubunitToUnit): bigint {
  const decimals = subunitDecimals(subunitToUnit);
  return rescaleExactly(parseDecimal(amount), decimals, amount);
}

/** Canonical string with exactly the currency's fraction digits: 1050n at 100 gives "10.50". */
export function fromMinorUnits(amountMinor: bigint, subunitToUnit: SubunitToUnit): string {
  if (typeof amountMinor !== "bigint") {
    throw new MoneyError("INVALID_MINOR_UNITS", `Minor units must be a bigint, got ${describeValue(amountMinor)}`);
  }
  return formatDecimal(amountMinor, subunitDecimals(subunitToUnit));
}

/** Canonical form of an amount of this currency, e.g. "7.5" -> "7.50", "-0" -> "0.00". */
export function normalizeAmount(amount: string, subunitToUnit: SubunitToUnit): string {
  return fromMinorUnits(toMinorUnits(amount, subunitToUnit), subunitToUnit);
}

export function addAmounts(left: string, right: string, subunitToUnit: SubunitToUnit): string {
  return fromMinorUnits(toMinorUnits(left, subunitToUnit) + toMinorUnits(right, subunitToUnit), subunitToUnit);
}

export function subtractAmounts(left: string, right: string, subunitToUnit: SubunitToUnit): string {
  return fromMinorUnits(toMinorUnits(left, subunitToUnit) - toMinorUnits(right, subunitToUnit), subunitToUnit);
}

/** -1, 0 or 1. Any two decimal strings compare exactly, whatever their number of fraction digits. */
export function compareAmounts(left: string, right: string): -1 | 0 | 1 {
  const a = parseDecimal(left);
  const b = parseDecimal(right);
  const scale = Math.max(a.scale, b.scale);
  const difference = a.unscaled * pow10(scale - a.scale) - b.unscaled * pow10(scale - b.scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function isZero(amount: string): boolean {
  return parseDecimal(amount).unscaled === 0n;
}

/** Keeps the number of fraction digits; zero comes back unsigned so "-0.00" never appears. */
export function negate(amount: string): string {
  const decimal = parseDecimal(amount);
  return formatDecimal(-decimal.unscaled, decimal.scale);
}

/** Rounds any decimal to a currency's precision, e.g. a computed payout "12.345" to "12.35". */
export function roundAmount(amount: string, subunitToUnit: SubunitToUnit, rounding: Rounding): string {
  assertRounding(rounding);
  const decimals = subunitDecimals(subunitToUnit);
  const decimal = parseDecimal(amount);
  const amountMinor =
    decimal.scale <= decimals
      ? decimal.unscaled * pow10(decimals - decimal.scale)
      : divideRounded(decimal.unscaled, pow10(decimal.scale - decimals), rounding);
  return formatDecimal(amountMinor, decimals);
}

function parseRate(rate: unknown): Decimal {
  const decimal = parseDecimal(rate, "Rate", "INVALID_RATE");
  // A zero or negative rate is always a data error, and dividing by it has no answer.
  if (decimal.unscaled <= 0n) {
    throw new MoneyError("INVALID_RATE", `Rate must be greater than zero, got ${describeValue(rate)}`);
  }
  return decimal;
}

/**
 * amount × rate rounded once to the result currency's precision. The amount may have any
 * number of fraction digits because it usually belongs to another currency.
 */
export function multiplyAmountByRate(
  amount: string,
  rate: string,
  subunitToUnit: SubunitToUnit,
  rounding: Rounding,
): string {
  assertRounding(rounding);
  const decimals = subunitDecimals(subunitToUnit);
  const value = parseDecimal(amount);
  const factor = parseRate(rate);
  const numerator = value.unscaled * factor.unscaled * pow10(decimals);
  const denominator = pow10(value.scale + factor.scale);
  return formatDecimal(divideRounded(numerator, denominator, rounding), decimals);
}

/** `rate` is the value of one unit of the currency in the base currency. */
export interface RatedCurrency {
  rate: string;
  subunitToUnit: SubunitToUnit;
}

/**
 * amount × from.rate / to.rate as one exact fraction, rounded once at the end, so converting
 * through the base currency never accumulates an intermediate rounding error.
 */
export function convertAmount(amount: string, from: RatedCurrency, to: RatedCurrency, rounding: Rounding): string {
  assertRounding(rounding);
  const fromDecimals = subunitDecimals(from.subunitToUnit);
  const toDecimals = subunitDecimals(to.subunitToUnit);
  const amountMinor = toMinorUnits(amount, from.subunitToUnit);
  const fromRate = parseRate(from.rate);
  const toRate = parseRate(to.rate);
  // (amountMinor / 10^fromDecimals) × (fromRate / 10^fromScale) ÷ (toRate / 10^toScale) × 10^toDecimals
  const numerator = amountMinor * fromRate.unscaled * pow10(toRate.scale + toDecimals);
  const denominator = toRate.unscaled * pow10(fromRate.scale + fromDecimals);
  return formatDecimal(divideRounded(numerator, denominator, rounding), toDecimals);
}
