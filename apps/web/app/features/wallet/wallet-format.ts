// How the wallet writes and reads amounts (spec 9): exact decimal strings throughout; BTC and ETH
// in their milli sub-unit (mBTC, mETH), so the player types and reads the same unit; the
// equivalent of a crypto balance with 2 decimals. Nothing here ever turns an amount into a float.
import {
  compareAmounts,
  formatEquivalent,
  formatMoney,
  fromSubUnitDisplay,
  isZero,
  MoneyError,
  SUB_UNIT_DISPLAY_FACTOR,
  normalizeAmount,
  subunitDecimals,
  toSubUnitDisplay,
} from "@playfair/contracts/money";
import type { Currency, SubCurrency } from "@playfair/contracts/settings";
import { formatNumberInput, numberSeparators, parseNumberInput, type NumberInputOptions } from "@playfair/contracts/validation/masks";

export type WalletCurrency = Pick<Currency, "code" | "type" | "symbol" | "subunitToUnit" | "subCurrencies">;

/** The milli sub-unit a crypto currency is shown in (mBTC for BTC), or null to show the currency itself. */
export function milliSubCurrency(currency: WalletCurrency): SubCurrency | null {
  if (currency.type !== "crypto") return null;
  const sub = currency.subCurrencies.find((candidate) => candidate.code === `m${currency.code}`);
  if (!sub) return null;
  // Only a true thousandth: a differently scaled sub-currency would change the amounts shown.
  return BigInt(sub.subunitToUnit) * BigInt(SUB_UNIT_DISPLAY_FACTOR) === BigInt(currency.subunitToUnit) ? sub : null;
}

/** The unit amounts are typed and shown in: its code and how many fraction digits it allows. */
export function entryUnitOf(currency: WalletCurrency): { code: string; decimals: number } {
  const sub = milliSubCurrency(currency);
  return sub ? { code: sub.code, decimals: subunitDecimals(sub.subunitToUnit) } : { code: currency.code, decimals: subunitDecimals(currency.subunitToUnit) };
}

/**
 * An amount for people: "$1,234.50", "1.23456 mBTC". Without the currency's data (not loaded yet)
 * the exact string and code, which is still correct, only less pretty.
 */
export function formatBalance(amount: string, code: string, currency: WalletCurrency | undefined, locale: string): string {
  if (!currency) return `${amount} ${code}`;
  try {
    const sub = milliSubCurrency(currency);
    // Crypto symbols (₿, Ξ, ₮) are easy to misread; the code says it plainly.
    const display = currency.type === "crypto" ? "code" : "symbol";
    return formatMoney(amount, currency, { locale: intlLocale(locale), display, ...(sub ? { subCurrency: sub } : {}) });
  } catch (error) {
    if (error instanceof MoneyError) return `${amount} ${code}`;
    throw error;
  }
}

/** A crypto balance's equivalent, "≈ $12.34" style without the sign (the caller words it). */
export function formatEquivalentAmount(amount: string, code: string, currency: Pick<Currency, "code" | "symbol"> | undefined, locale: string): string {
  try {
    return formatEquivalent(amount, { locale: intlLocale(locale), currency: { code, ...(currency ? { symbol: currency.symbol } : {}) } });
  } catch (error) {
    if (error instanceof MoneyError) return `${amount} ${code}`;
    throw error;
  }
}

/** The same amount in the entry unit, as a plain decimal for an input ("0.5" BTC -> "500.00000" mBTC). */
export function toEntryAmount(amount: string, currency: WalletCurrency): string {
  const sub = milliSubCurrency(currency);
  return trimFraction(sub ? toSubUnitDisplay(amount, currency).amount : amount);
}

/** "10.500" -> "10.5", "10.00" -> "10": what a preset button or a hint shows. */
function trimFraction(amount: string): string {
  return amount.includes(".") ? amount.replace(/0+$/, "").replace(/\.$/, "") : amount;
}

export type AmountProblem =
  | { kind: "required" }
  | { kind: "format" }
  | { kind: "positive" }
  | { kind: "min"; min: string }
  | { kind: "max"; max: string }
  | { kind: "balance"; available: string };

export type AmountCheck = { ok: true; amount: string } | { ok: false; problem: AmountProblem };

/** How the amount input reads and writes numbers: the entry unit's fraction digits, the page's separators, no sign. */
function amountInputOptions(currency: WalletCurrency, language: string): NumberInputOptions {
  return { fractionDigits: entryUnitOf(currency).decimals, locale: intlLocale(language), unsigned: true };
}

/** The amount input's text as the player sees it while typing ("1.234,5" in German). */
export function formatAmountInput(typed: string, currency: WalletCurrency, language: string): string {
  return formatNumberInput(typed, amountInputOptions(currency, language));
}

/** What the amount input shows for an amount of the currency (a preset): "25" USD, "0,5" mBTC in German. */
export function amountInputText(amount: string, currency: WalletCurrency, language: string): string {
  const options = amountInputOptions(currency, language);
  // The plain decimal's "." must become the locale's mark first: in German "." groups digits.
  return formatNumberInput(toEntryAmount(amount, currency).replace(".", numberSeparators(options.locale).decimal), options);
}

/**
 * Checks the amount input (in the entry unit, with the page's separators) against the
 * currency's precision and the method's range, all given in the currency's own unit, and returns
 * the amount to send in that unit. The same rules the server applies, so most mistakes are
 * caught before the call.
 */
export function checkAmount(
  typed: string,
  currency: WalletCurrency,
  language: string,
  range: { min?: string | null; max?: string | null; available?: string | null },
): AmountCheck {
  const entered = parseNumberInput(typed, amountInputOptions(currency, language));
  if (entered === null) return typed.trim() === "" ? { ok: false, problem: { kind: "required" } } : { ok: false, problem: { kind: "format" } };
  const sub = milliSubCurrency(currency);
  const amount = sub ? fromSubUnitDisplay(entered, currency) : normalizeAmount(entered, currency.subunitToUnit);
  if (isZero(amount)) return { ok: false, problem: { kind: "positive" } };
  if (range.min && compareAmounts(amount, range.min) < 0) return { ok: false, problem: { kind: "min", min: range.min } };
  if (range.max && compareAmounts(amount, range.max) > 0) return { ok: false, problem: { kind: "max", max: range.max } };
  if (range.available !== undefined && range.available !== null && compareAmounts(amount, range.available) > 0) {
    return { ok: false, problem: { kind: "balance", available: range.available } };
  }
  return { ok: true, amount };
}

/**
 * An amount inside a sentence. In right-to-left languages it is isolated as one left-to-right run
 * (U+2066 ... U+2069), so "0.5 mBTC" does not come out as "mBTC 0.5"; elsewhere it is left as is.
 */
export function amountInSentence(text: string, rightToLeft: boolean): string {
  return rightToLeft ? `\u2066${text}\u2069` : text;
}

/** Page languages are lower-case ("pt-br"); Intl wants BCP 47 ("pt-BR"). */
function intlLocale(language: string): string {
  const [lang, region] = language.split("-");
  return region ? `${lang}-${region.toUpperCase()}` : (lang ?? "en");
}

/** A date and time in the page language, e.g. "21 Nov 2026, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}
