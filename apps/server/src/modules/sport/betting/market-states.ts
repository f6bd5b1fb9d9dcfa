import { and, eq, or, type SQL } from "drizzle-orm";
import { compareAmounts } from "@playfair/contracts/money";
import type { BetRejectReason, OddsPolicy } from "@playfair/contracts/sport/bets";
import type { DbExecutor } from "../../../db/database.ts";
import { sportEvents, sportMarkets, sportProducers, type StoredOutcome } from "../sport.schema.ts";

// What acceptance, the live delay's decision and cash-out read of the markets a bet stands on: the
// market row (status, version, prices), its event (status, start) and whether the event's
// producer is up (ADR 035: a producer down suspends every market of its events).

export type MarketState = {
  eventId: number;
  marketKey: string;
  marketTypeId: number;
  specifiers: string;
  status: string;
  outcomes: StoredOutcome[];
  version: number;
  eventName: string;
  sportId: number;
  eventStatus: string;
  startsAt: Date;
  producerUp: boolean;
};

export type MarketRefKey = { eventId: number; marketKey: string };

export const marketStateKey = (ref: MarketRefKey) => `${ref.eventId}/${ref.marketKey}`;

/** What a market state is read from: the market row, its event and the event's producer. */
export const MARKET_STATE_COLUMNS = {
  eventId: sportMarkets.eventId,
  marketKey: sportMarkets.marketKey,
  marketTypeId: sportMarkets.marketTypeId,
  specifiers: sportMarkets.specifiers,
  status: sportMarkets.status,
  outcomes: sportMarkets.outcomes,
  version: sportMarkets.version,
  eventName: sportEvents.name,
  sportId: sportEvents.sportId,
  eventStatus: sportEvents.status,
  startsAt: sportEvents.startsAt,
  producerStatus: sportProducers.status,
};

/** The markets named, once each; none when `refs` is empty (the caller then reads nothing). */
export function marketsNamed(refs: readonly MarketRefKey[]): SQL | undefined {
  const unique = [...new Map(refs.map((ref) => [marketStateKey(ref), { eventId: ref.eventId, marketKey: ref.marketKey }])).values()];
  return unique.length === 0 ? undefined : or(...unique.map((ref) => and(eq(sportMarkets.eventId, ref.eventId), eq(sportMarkets.marketKey, ref.marketKey))));
}

/** The markets named, keyed by `marketStateKey`; a market not found is missing from the map. */
export async function readMarketStates(executor: DbExecutor, refs: readonly MarketRefKey[]): Promise<Map<string, MarketState>> {
  const states = new Map<string, MarketState>();
  const named = marketsNamed(refs);
  if (!named) return states;
  const rows = await executor
    .select(MARKET_STATE_COLUMNS)
    .from(sportMarkets)
    .innerJoin(sportEvents, eq(sportEvents.id, sportMarkets.eventId))
    .leftJoin(sportProducers, eq(sportProducers.id, sportEvents.producer))
    .where(named);
  for (const { producerStatus, ...row } of rows) states.set(marketStateKey(row), { ...row, producerUp: producerStatus === "up" });
  return states;
}

/**
 * Why a selection cannot be bet on now, or null when it can: unknown market or outcome, a market
 * not active (suspended by a bet_stop, deactivated, settled), its producer down, an outcome
 * switched off, a pre-match event whose start has passed, an event neither upcoming nor live.
 */
export function closedReason(market: MarketState | undefined, outcomeId: string, at: Date): BetRejectReason | null {
  const outcome = market?.outcomes.find((candidate) => candidate.id === outcomeId);
  if (!market || !outcome) return "unknownSelection";
  if (!market.producerUp || market.status !== "active" || !outcome.active) return "marketSuspended";
  if (market.eventStatus === "not_started") return market.startsAt.getTime() <= at.getTime() ? "eventStarted" : null;
  return market.eventStatus === "live" ? null : "marketSuspended";
}

/** The outcome's price now (the caller checked it exists). */
export function currentOdds(market: MarketState, outcomeId: string): string {
  return market.outcomes.find((candidate) => candidate.id === outcomeId)!.odds;
}

/**
 * The odds a selection is accepted at under the player's policy, or null when the policy refuses
 * the move from `seen` to `now`: an unchanged price always stands; "accept_any" takes any new one,
 * "accept_higher" only a better one, "none" neither.
 */
export function oddsUnderPolicy(policy: OddsPolicy, seen: string, now: string): string | null {
  const move = compareAmounts(now, seen);
  if (move === 0 || policy === "accept_any") return now;
  return policy === "accept_higher" && move > 0 ? now : null;
}
