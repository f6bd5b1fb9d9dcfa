import { describe, expect, it } from "vitest";
import { activeFilterCount, orderedDates, readHistoryState, writeHistoryState } from "./history-state.ts";
import { NO_BET_FILTERS, NO_INVOICE_FILTERS, NO_SPIN_FILTERS } from "./wallet-api.ts";

describe("wallet history state", () => {
  it("opens on cash and bonuses, page 1, no filters", () => {
    expect(readHistoryState(new URLSearchParams(""))).toEqual({ tab: "cashBonuses", page: 1, filters: NO_INVOICE_FILTERS, spins: NO_SPIN_FILTERS, bets: NO_BET_FILTERS });
  });

  it("reads a shared address and ignores what it does not understand", () => {
    const state = readHistoryState(new URLSearchParams("tab=invoices&page=3&type=2&status=9&currency=btc&dateFrom=2026-11-01&dateTo=yesterday"));
    expect(state).toEqual({ tab: "invoices", page: 3, filters: { type: "2", status: "", currency: "", dateFrom: "2026-11-01", dateTo: "" }, spins: NO_SPIN_FILTERS, bets: NO_BET_FILTERS });
    expect(readHistoryState(new URLSearchParams("tab=nope&page=-2")).tab).toBe("cashBonuses");
    expect(readHistoryState(new URLSearchParams("page=-2")).page).toBe(1);
  });

  it("writes only what differs from the defaults and keeps other parameters", () => {
    const next = writeHistoryState(new URLSearchParams("wallet=deposit&page=4"), {
      tab: "invoices",
      page: 1,
      filters: { ...NO_INVOICE_FILTERS, status: "1" },
      spins: NO_SPIN_FILTERS,
      bets: NO_BET_FILTERS,
    });
    expect(next.toString()).toBe("wallet=deposit&tab=invoices&status=1");
  });

  it("keeps the spins tab's filters apart from the invoices' in the address", () => {
    const state = readHistoryState(new URLSearchParams("tab=spins&status=2&spinStatus=settled&source=original&game=playfair-dice&spinCurrency=EUR&spinFrom=2026-11-01&spinTo=bad"));
    expect(state.filters.status).toBe("2");
    expect(state.spins).toEqual({ game: "playfair-dice", source: "original", status: "settled", currency: "EUR", dateFrom: "2026-11-01", dateTo: "" });
    expect(readHistoryState(new URLSearchParams("spinStatus=2&source=moon&game=%3Cscript%3E")).spins).toEqual(NO_SPIN_FILTERS);
    const written = writeHistoryState(new URLSearchParams("spinTo=2026-01-01"), { tab: "spins", page: 2, filters: NO_INVOICE_FILTERS, spins: { ...NO_SPIN_FILTERS, status: "voided" }, bets: NO_BET_FILTERS });
    expect(written.toString()).toBe("tab=spins&page=2&spinStatus=voided");
  });

  it("keeps the sports bets tab's settled/open switch in the address, settled by default", () => {
    expect(readHistoryState(new URLSearchParams("tab=bets&isSettled=false&page=2"))).toMatchObject({ tab: "bets", page: 2, bets: { isSettled: "false" } });
    expect(readHistoryState(new URLSearchParams("tab=bets&isSettled=true")).bets).toEqual(NO_BET_FILTERS);
    const written = writeHistoryState(new URLSearchParams("isSettled=false"), { tab: "bets", page: 1, filters: NO_INVOICE_FILTERS, spins: NO_SPIN_FILTERS, bets: NO_BET_FILTERS });
    expect(written.toString()).toBe("tab=bets");
    const open = writeHistoryState(new URLSearchParams(""), { tab: "bets", page: 1, filters: NO_INVOICE_FILTERS, spins: NO_SPIN_FILTERS, bets: { isSettled: "false" } });
    expect(open.toString()).toBe("tab=bets&isSettled=false");
  });

  it("counts filters and puts a reversed date range right", () => {
    expect(activeFilterCount({ ...NO_INVOICE_FILTERS, type: "1", currency: "EUR" })).toBe(2);
    expect(orderedDates({ ...NO_INVOICE_FILTERS, dateFrom: "2026-11-20", dateTo: "2026-11-01" })).toMatchObject({ dateFrom: "2026-11-01", dateTo: "2026-11-20" });
  });
});
