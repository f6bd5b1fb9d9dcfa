import type { SportMarketStatus } from "@playfair/contracts/sport/feed-messages";
import type { MarketView } from "@playfair/contracts/sport/sportsbook-api";
import { marketTypeById } from "@playfair/contracts/sport/sports";
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

/**
 * The market as the widget shows it: prices and state; results stay with the trading core. An
 * outcome whose id is a competitor id (outright winners) carries the competitor's name from `names`.
 */
export function marketView(row: MarketRow, names: ReadonlyMap<string, string> = new Map()): MarketView {
  return {
    marketKey: row.marketKey,
    marketTypeId: row.marketTypeId,
    specifiers: row.specifiers,
    status: row.status as SportMarketStatus,
    version: row.version,
    outcomes: row.outcomes.map((outcome) => {
      const name = names.get(outcome.id);
      return { id: outcome.id, odds: outcome.odds, active: outcome.active, ...(name === undefined ? {} : { name }) };
    }),
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

/** Outcome ids that name competitors: numeric ids outside the market type's fixed outcomes (1, X, 2, over ...). */
export function competitorOutcomeIds(markets: readonly Pick<MarketRow, "marketTypeId" | "outcomes">[]): number[] {
  const ids = new Set<number>();
  for (const market of markets) {
    const fixed: readonly string[] = marketTypeById(market.marketTypeId)?.outcomes ?? [];
    for (const outcome of market.outcomes) {
      if (!fixed.includes(outcome.id) && /^[1-9]\d{0,8}$/.test(outcome.id)) ids.add(Number(outcome.id));
    }
  }
  return [...ids];
}
