import type { BetView } from "@playfair/contracts/sport/bets";
import type { EventDetail, EventSummary, MarketView } from "@playfair/contracts/sport/sportsbook-api";

/** Sportsbook answers shaped by the contracts, for the widget's tests. */
export function matchResult(odds: [string, string, string], version = 1, status: MarketView["status"] = "active"): MarketView {
  return {
    marketKey: "1|",
    marketTypeId: 1,
    specifiers: "",
    status,
    version,
    outcomes: [
      { id: "1", odds: odds[0], active: true },
      { id: "X", odds: odds[1], active: true },
      { id: "2", odds: odds[2], active: true },
    ],
  };
}

export function totalGoals(line: string, over: string, under: string, version = 1): MarketView {
  return {
    marketKey: `18|total=${line}`,
    marketTypeId: 18,
    specifiers: `total=${line}`,
    status: "active",
    version,
    outcomes: [
      { id: "over", odds: over, active: true },
      { id: "under", odds: under, active: true },
    ],
  };
}

export function eventSummary(id: number, overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id,
    sportId: 66,
    categoryId: 1,
    categoryName: "England",
    championshipId: 17,
    championshipName: "Premier League",
    name: "Arsenal vs Chelsea",
    home: { id: 501, name: "Arsenal", shortName: "ARS", crest: { shape: 2, primary: "#c8102e", secondary: "#ffffff" } },
    away: { id: 502, name: "Chelsea", shortName: "CHE", crest: { shape: 7, primary: "#034694", secondary: "#dba111" } },
    startsAt: "2026-05-09T18:05:00.000Z",
    status: "not_started",
    liveState: null,
    suspended: false,
    marketCount: 12,
    mainMarket: matchResult(["2.10", "3.40", "3.30"]),
    ...overrides,
  };
}

export function eventDetail(id: number, markets: MarketView[], overrides: Partial<EventDetail> = {}): EventDetail {
  const { mainMarket: _main, ...summary } = eventSummary(id);
  return { ...summary, markets, ...overrides };
}

export function betView(id: string, overrides: Partial<BetView> = {}): BetView {
  return {
    id,
    kind: "single",
    systemSize: null,
    currency: "EUR",
    stake: "10.00",
    potentialPayout: "21.00",
    payout: null,
    status: "accepted",
    rejectReason: null,
    isLive: false,
    isSettled: false,
    cashOut: null,
    placedAt: "2026-05-09T17:00:00.000Z",
    settledAt: null,
    legs: [
      {
        eventId: 4501,
        eventName: "Arsenal vs Chelsea",
        sportId: 66,
        marketKey: "1|",
        marketTypeId: 1,
        specifiers: "",
        outcomeId: "1",
        odds: "2.10",
        result: "open",
        startsAt: "2026-05-09T18:05:00.000Z",
      },
    ],
    ...overrides,
  };
}
