import type { SportMarketStatus } from "@playfair/contracts/sport/feed-messages";
import type { MarketView } from "@playfair/contracts/sport/sportsbook-api";
import type { StoredOutcome } from "./sport.schema.ts";

/** A market row as the feed stores it and the read side shows it. */
export type MarketRow = {
  marketKey: string;
  marketTypeId: number;
  specifiers: string;
  status: string;
  version: number;
  outcomes: StoredOutcome[];
};

/** The market as the widget shows it: prices and state; results stay with the trading core. */
export function marketView(row: MarketRow): MarketView {
  return {
    marketKey: row.marketKey,
    marketTypeId: row.marketTypeId,
    specifiers: row.specifiers,
    status: row.status as SportMarketStatus,
    version: row.version,
    outcomes: row.outcomes.map((outcome) => ({ id: outcome.id, odds: outcome.odds, active: outcome.active })),
  };
}

/**
 * The market an event list shows (match result, moneyline): the lowest market type without
 * specifiers, since every sport's whole-match winner market is its lowest plain type in the
 * feed's numbering; an event with only lines (totals, handicaps) shows its lowest type.
 */
export function mainMarketOf<Row extends Pick<MarketRow, "marketKey" | "marketTypeId" | "specifiers">>(markets: readonly Row[]): Row | null {
  let best: Row | null = null;
  for (const market of markets) {
    if (best === null || mainMarketRank(market) < mainMarketRank(best) || (mainMarketRank(market) === mainMarketRank(best) && market.marketKey < best.marketKey)) best = market;
  }
  return best;
}

function mainMarketRank(market: Pick<MarketRow, "marketTypeId" | "specifiers">): number {
  return market.marketTypeId + (market.specifiers === "" ? 0 : 1_000_000);
}
