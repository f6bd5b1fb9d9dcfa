// How the wallet writes and reads amounts (spec 9): exact decimal strings throughout; BTC and ETH
// in their milli sub-unit (mBTC, mETH), so the player types and reads the same unit; the
// equivalent of a crypto balance with 2 decimals. Nothing here ever turns an amount into a float.
import { compareAmounts, isZero, normalizeAmount, subunitDecimals } from "@playfair/contracts/money";
import { fromSubUnitDisplay, toSubUnitDisplay } from "@playfair/contracts/money-display";
import type { Currency } from "@playfair/contracts/settings";
import { formatNumberInput, numberInputText, parseNumberInput, type NumberInputOptions } from "@playfair/contracts/validation/masks";
import { intlLocale, milliSubCurrency } from "#app/lib/money-format.ts";

export type WalletCurrency = Pick<Currency, "code" | "type" | "symbol" | "subunitToUnit" | "subCurrencies">;

/** The unit amounts are typed and shown in: its code and how many fraction digits it allows. */
export function entryUnitOf(currency: WalletCurrency): { code: string; decimals: number } {
  const sub = milliSubCurrency(currency);
  return sub ? { code: sub.code, decimals: subunitDecimals(sub.subunitToUnit) } : { code: currency.code, decimals: subunitDecimals(currency.subunitToUnit) };
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

/**
 * How the amount input reads and writes numbers: the entry unit's fraction digits, the page's
 * digits and separators (Persian digits on a Persian page, like every amount printed beside it), no sign.
 */
function amountInputOptions(currency: WalletCurrency, language: string): NumberInputOptions {
  return { fractionDigits: entryUnitOf(currency).decimals, locale: intlLocale(language), unsigned: true, localeDigits: true };
}

/** The amount input's text as the player sees it while typing ("1.234,5" in German). */
export function formatAmountInput(typed: string, currency: WalletCurrency, language: string): string {
  return formatNumberInput(typed, amountInputOptions(currency, language));
}

/** What the amount input shows for an amount of the currency (a preset): "25" USD, "0,5" mBTC in German. */
export function amountInputText(amount: string, currency: WalletCurrency, language: string): string {
  return numberInputText(toEntryAmount(amount, currency), amountInputOptions(currency, language));
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
