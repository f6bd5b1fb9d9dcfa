// The currencies the site accepts, for the currency panel: fetched in the browser only when the
// panel is first opened, and kept for the spec's settings cache time (15 minutes).
import { REQUEST_TIMEOUT_MS, SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import { ACCEPTED_CURRENCIES_PATH, type CurrenciesResponse, type Currency } from "@playfair/contracts/settings";

export type AcceptedCurrency = Pick<Currency, "code" | "type" | "symbol">;

export const ACCEPTED_CURRENCIES_QUERY_KEY = ["settings", "currencies", { visible: true }] as const;
export const ACCEPTED_CURRENCIES_STALE_TIME_MS = SETTINGS_CACHE_TTL_SECONDS * 1000;

export async function fetchAcceptedCurrencies(signal?: AbortSignal): Promise<AcceptedCurrency[]> {
  const response = await fetch(ACCEPTED_CURRENCIES_PATH, {
    headers: { accept: "application/json" },
    credentials: "omit",
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET ${ACCEPTED_CURRENCIES_PATH} answered ${response.status}`);
  // Our own API answers with its documented schema; zod stays out of the browser bundle.
  const { data } = (await response.json()) as CurrenciesResponse;
  return data.filter((currency) => currency.isEnabled).map(({ code, type, symbol }) => ({ code, type, symbol }));
}

/** Splits currencies into fiat and crypto, keeping the API's order within each group. */
export function groupCurrencies(currencies: readonly AcceptedCurrency[]): Record<AcceptedCurrency["type"], AcceptedCurrency[]> {
  return {
    fiat: currencies.filter((currency) => currency.type === "fiat"),
    crypto: currencies.filter((currency) => currency.type === "crypto"),
  };
}

/**
 * A currency's name in the page's language ("Euro", "Euro" in German, "евро" in Russian), or
 * null when the browser's data has no better name than the code (most crypto currencies).
 */
export function currencyDisplayName(code: string, language: string): string | null {
  try {
    const name = new Intl.DisplayNames([language], { type: "currency", fallback: "none" }).of(code);
    return name && name.toUpperCase() !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

/** What a currency's round badge shows: a short symbol ("$", "R$", "₿"), else the code's first letter. */
export function currencyBadge(currency: Pick<AcceptedCurrency, "code" | "symbol">): string {
  return [...currency.symbol].length <= 2 ? currency.symbol : currency.code.slice(0, 1);
}
