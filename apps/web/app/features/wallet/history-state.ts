// The wallet history's view state (spec 3 "Transaction view state": tabs cashBonuses (default),
// invoices, bonuses, spins, with paging; the sports bets beside the spins) and its filters, kept in the address so a reload, a
// shared link and the back button all show the same list.
import { NO_INVOICE_FILTERS, type BetFilters, type InvoiceFilters, type SpinFilters } from "./wallet-api.ts";

const HISTORY_TABS = ["cashBonuses", "invoices", "bonuses", "spins", "bets"] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export type HistoryState = { tab: HistoryTab; page: number; filters: InvoiceFilters; spins: SpinFilters; bets: BetFilters };

/**
 * The spins tab's filters in the address, named apart from the invoices' (whose `status` and
 * dates mean other things), so both tabs keep their filters when the player switches between them.
 */
const SPIN_PARAMS: Record<keyof SpinFilters, string> = {
  game: "game",
  source: "source",
  status: "spinStatus",
  currency: "spinCurrency",
  dateFrom: "spinFrom",
  dateTo: "spinTo",
};
const GAME = /^[a-z0-9][a-z0-9/_-]{0,79}$/;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z0-9]{2,10}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : "";
}

/** Reads the address; anything unknown or malformed falls back to the default instead of failing. */
export function readHistoryState(search: URLSearchParams): HistoryState {
  const tab = oneOf(search.get("tab"), HISTORY_TABS) || "cashBonuses";
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const currency = search.get("currency") ?? "";
  const dateFrom = search.get("dateFrom") ?? "";
  const dateTo = search.get("dateTo") ?? "";
  return {
    tab,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    filters: {
      type: oneOf(search.get("type"), ["1", "2"] as const),
      status: oneOf(search.get("status"), ["1", "2", "3", "4"] as const),
      currency: CURRENCY.test(currency) ? currency : "",
      dateFrom: DATE.test(dateFrom) ? dateFrom : "",
      dateTo: DATE.test(dateTo) ? dateTo : "",
    },
    spins: readSpinFilters(search),
    bets: { isSettled: oneOf(search.get("isSettled"), ["false"] as const) },
  };
}

function readSpinFilters(search: URLSearchParams): SpinFilters {
  const value = (key: keyof SpinFilters) => search.get(SPIN_PARAMS[key]) ?? "";
  return {
    game: GAME.test(value("game")) ? value("game") : "",
    source: oneOf(value("source"), ["original", "thirdParty"] as const),
    status: oneOf(value("status"), ["open", "settled", "voided"] as const),
    currency: CURRENCY.test(value("currency")) ? value("currency") : "",
    dateFrom: DATE.test(value("dateFrom")) ? value("dateFrom") : "",
    dateTo: DATE.test(value("dateTo")) ? value("dateTo") : "",
  };
}

/** The address for a state: defaults are left out, other parameters (not ours) are kept. */
export function writeHistoryState(current: URLSearchParams, state: HistoryState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ["tab", "page", ...Object.keys(NO_INVOICE_FILTERS), ...Object.values(SPIN_PARAMS), "isSettled"]) next.delete(key);
  if (state.tab !== "cashBonuses") next.set("tab", state.tab);
  if (state.page > 1) next.set("page", String(state.page));
  for (const [key, value] of Object.entries(state.filters)) if (value !== "") next.set(key, value);
  for (const [key, value] of Object.entries(state.spins) as [keyof SpinFilters, string][]) if (value !== "") next.set(SPIN_PARAMS[key], value);
  if (state.bets.isSettled !== "") next.set("isSettled", state.bets.isSettled);
  return next;
}

/** How many filters are set (the mobile filter button's count). */
export function activeFilterCount(filters: Readonly<Record<string, string>>): number {
  return Object.values(filters).filter((value) => value !== "").length;
}

/** A date range the wrong way round is swapped rather than refused: the player's intent is clear. */
export function orderedDates<Filters extends InvoiceFilters | SpinFilters>(filters: Filters): Filters {
  if (filters.dateFrom !== "" && filters.dateTo !== "" && filters.dateFrom > filters.dateTo) {
    return { ...filters, dateFrom: filters.dateTo, dateTo: filters.dateFrom };
  }
  return filters;
}
