// The one place the site turns an amount into text for people. Every screen formats money through
// here, so an amount looks the same in the wallet, the limits, the history and the alerts:
// - the page language's layout and digits from Intl (German "150,00 €", English "€150.00",
//   Persian digits in Persian), with the reference data's symbol as the operator wrote it;
// - BTC and ETH in their milli sub-unit (spec 9), crypto with its code rather than a symbol;
// - in a right-to-left page each amount is one isolated left-to-right run, so "R$" or "MX$"
//   is never split around the digits ("$R", "$MX") and a code never jumps to the other side.
// Amounts stay exact decimal strings all the way to Intl (see formatMoney in the contracts).
import { RTL_LOCALES } from "@playfair/contracts/constants";
import { MoneyError } from "@playfair/contracts/money";
import { formatEquivalent, formatMoney, SUB_UNIT_DISPLAY_FACTOR } from "@playfair/contracts/money-display";
import type { Currency, SubCurrency } from "@playfair/contracts/settings";

export type MoneyCurrency = Pick<Currency, "code" | "type" | "symbol" | "subunitToUnit" | "subCurrencies">;

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(RTL_LOCALES);

/** Page languages are lower-case ("pt-br"); Intl wants BCP 47 ("pt-BR"). */
export function intlLocale(language: string): string {
  const [lang, region] = language.split("-");
  return region ? `${lang}-${region.toUpperCase()}` : lang || "en";
}

export function isRightToLeft(language: string): boolean {
  return RIGHT_TO_LEFT.has(language.toLowerCase().split("-")[0] ?? "");
}

/**
 * LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE around an amount or a currency symbol in a
 * right-to-left page: it is laid out on its own, left to right, wherever it stands (a sentence, a
 * label, an option), and the text around it is not reordered by it. Elsewhere the text is left as
 * it is. (Where markup is possible, dir="ltr" on the element does the same.)
 */
export function isolateLeftToRight(text: string, language: string): string {
  return isRightToLeft(language) ? `\u2066${text}\u2069` : text;
}

/** The milli sub-unit a crypto currency is shown in (mBTC for BTC), or null to show the currency itself. */
export function milliSubCurrency(currency: Pick<Currency, "code" | "type" | "subunitToUnit" | "subCurrencies">): SubCurrency | null {
  if (currency.type !== "crypto") return null;
  const sub = currency.subCurrencies.find((candidate) => candidate.code === `m${currency.code}`);
  if (!sub) return null;
  // Only a true thousandth: a differently scaled sub-currency would change the amounts shown.
  return BigInt(sub.subunitToUnit) * BigInt(SUB_UNIT_DISPLAY_FACTOR) === BigInt(currency.subunitToUnit) ? sub : null;
}

export interface FormatAmountOptions {
  /**
   * Show crypto in the currency's own unit (BTC) instead of the milli sub-unit: for a screen
   * whose amounts are typed in that unit, so what is shown and what is typed agree.
   */
  ownUnit?: boolean;
}

/**
 * An amount for people: "€1,234.50", "1.234,50 €", "1.23456 mBTC". Without the currency's data
 * (not loaded yet) the exact string and code, which is still correct, only less pretty.
 */
export function formatAmount(amount: string, code: string, currency: MoneyCurrency | undefined, language: string, options: FormatAmountOptions = {}): string {
  return isolateLeftToRight(plainAmount(amount, code, currency, language, options), language);
}

function plainAmount(amount: string, code: string, currency: MoneyCurrency | undefined, language: string, options: FormatAmountOptions): string {
  if (!currency) return `${amount} ${code}`;
  try {
    const sub = options.ownUnit ? null : milliSubCurrency(currency);
    // Crypto symbols (₿, Ξ, ₮) are easy to misread; the code says it plainly.
    const display = currency.type === "crypto" ? "code" : "symbol";
    return formatMoney(amount, currency, { locale: intlLocale(language), display, ...(sub ? { subCurrency: sub } : {}) });
  } catch (error) {
    if (error instanceof MoneyError) return `${amount} ${code}`;
    throw error;
  }
}

/** An equivalent (a crypto balance in a fiat currency): always 2 decimals, with that currency's symbol. */
export function formatEquivalentAmount(amount: string, code: string, currency: Pick<Currency, "code" | "symbol"> | undefined, language: string): string {
  let text: string;
  try {
    text = formatEquivalent(amount, { locale: intlLocale(language), currency: { code, ...(currency ? { symbol: currency.symbol } : {}) } });
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    text = `${amount} ${code}`;
  }
  return isolateLeftToRight(text, language);
}
