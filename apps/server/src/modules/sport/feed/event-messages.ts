import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { marketKey, type FeedEventMessage, type FeedMarket, type MarketRef } from "@playfair/contracts/sport/feed-messages";
import type { DbTransaction } from "../../../db/database.ts";
import { sportEvents, sportMarkets, type StoredOutcome } from "../sport.schema.ts";
import type { MarketRow } from "../sport-views.ts";
import type { EventState } from "./event-updates.ts";
import type { SettledMarket, SettlementListener } from "./settlement-listener.ts";

// What each event message does to the event's rows, inside the transaction that applies it
// (apply-message.ts holds the event's lock and moves its cursor). Each answers what changed, for
// the public channels.

export type StoredEvent = EventState & { sportId: number };

export type MessageEffect = { event: StoredEvent; eventChanged: boolean; markets: MarketRow[] };

export type MessageContext = { tx: DbTransaction; now: Date; listener: SettlementListener };

type Message<Type extends FeedEventMessage["type"]> = Extract<FeedEventMessage, { type: Type }>;

/** The columns of a market row (`MarketRow`), as the feed writes them and the catalogue reads them. */
export const marketColumns = {
  marketKey: sportMarkets.marketKey,
  marketTypeId: sportMarkets.marketTypeId,
  specifiers: sportMarkets.specifiers,
  status: sportMarkets.status,
  version: sportMarkets.version,
  outcomes: sportMarkets.outcomes,
};

/** A window of `bet_cancel` and its rollback, without keys that are not there. */
function windowOf(message: { placedFrom?: number | undefined; placedTo?: number | undefined }): { from?: number; to?: number } {
  return { ...(message.placedFrom !== undefined ? { from: message.placedFrom } : {}), ...(message.placedTo !== undefined ? { to: message.placedTo } : {}) };
}

const keysOf = (markets: readonly MarketRef[]) => [...new Set(markets.map(marketKey))];

/** Creates the event or updates its fixture; its category, championship and competitors already exist. */
export async function applyFixtureChange(context: MessageContext, message: Message<"fixture_change">, previous: StoredEvent | null): Promise<MessageEffect> {
  const { fixture } = message;
  const values = {
    sportId: fixture.sportId,
    categoryId: fixture.categoryId,
    championshipId: fixture.championshipId,
    homeCompetitorId: fixture.homeCompetitorId,
    awayCompetitorId: fixture.awayCompetitorId,
    name: fixture.name,
    startsAt: new Date(fixture.startsAt),
    status: fixture.status,
    liveCoverage: fixture.liveCoverage,
    updatedAt: context.now,
  };
  const [row] = await context.tx
    .insert(sportEvents)
    .values({ id: message.eventId, producer: message.producer, feedSequence: message.sequence, ...values })
    .onConflictDoUpdate({ target: sportEvents.id, set: values })
    .returning({ id: sportEvents.id, sportId: sportEvents.sportId, status: sportEvents.status, liveState: sportEvents.liveState, producer: sportEvents.producer });
  return { event: row!, eventChanged: previous === null || previous.status !== row!.status, markets: [] };
}

/**
 * Prices, market states, the event's status and live score. Markets a settlement or cancel has
 * closed keep their results: only a rollback reopens them, never a new price.
 */
export async function applyOddsChange(context: MessageContext, message: Message<"odds_change">, event: StoredEvent): Promise<MessageEffect> {
  const { tx, now } = context;
  const status = message.eventStatus ?? event.status;
  const liveState = message.liveState ?? event.liveState;
  const eventChanged = status !== event.status || JSON.stringify(liveState) !== JSON.stringify(event.liveState);
  if (eventChanged || message.producer !== event.producer) {
    await tx.update(sportEvents).set({ status, liveState, producer: message.producer, updatedAt: now }).where(eq(sportEvents.id, event.id));
  }
  // One row per key: the last mention of a market in a message is its state.
  const byKey = new Map<string, FeedMarket>();
  for (const market of message.markets) byKey.set(marketKey(market), market);
  let markets: MarketRow[] = [];
  if (byKey.size > 0) {
    const rows = [...byKey].map(([key, market]) => ({
      eventId: event.id,
      marketKey: key,
      marketTypeId: market.marketTypeId,
      specifiers: market.specifiers,
      status: market.status,
      outcomes: market.outcomes.map((outcome): StoredOutcome => ({ id: outcome.id, odds: outcome.odds, active: outcome.active })),
      suspendedAt: market.status === "active" ? null : now,
      updatedAt: now,
    }));
    // Only rows that are new or really changed come back: those bump their version and are published.
    markets = await tx
      .insert(sportMarkets)
      .values(rows)
      .onConflictDoUpdate({
        target: [sportMarkets.eventId, sportMarkets.marketKey],
        set: {
          status: sql`excluded.status`,
          outcomes: sql`excluded.outcomes`,
          version: sql`${sportMarkets.version} + 1`,
          // A market that stops being active remembers when, for live bets waiting their delay.
          suspendedAt: sql`case when excluded.status <> 'active' and ${sportMarkets.status} = 'active' then excluded.suspended_at else ${sportMarkets.suspendedAt} end`,
          updatedAt: now,
        },
        setWhere: sql`${sportMarkets.status} not in ('settled', 'cancelled') and (${sportMarkets.status} <> excluded.status or ${sportMarkets.outcomes} <> excluded.outcomes)`,
      })
      .returning(marketColumns);
  }
  return { event: { ...event, status, liveState, producer: message.producer }, eventChanged, markets };
}

/** Suspends the event's open markets, or the listed ones. */
export async function applyBetStop(context: MessageContext, message: Message<"bet_stop">, event: StoredEvent): Promise<MessageEffect> {
  const keys = message.markets ? keysOf(message.markets) : null;
  if (keys?.length === 0) return { event, eventChanged: false, markets: [] };
  const markets = await context.tx
    .update(sportMarkets)
    .set({ status: "suspended", version: sql`${sportMarkets.version} + 1`, suspendedAt: context.now, updatedAt: context.now })
    .where(and(eq(sportMarkets.eventId, event.id), eq(sportMarkets.status, "active"), keys ? inArray(sportMarkets.marketKey, keys) : undefined))
    .returning(marketColumns);
  return { event, eventChanged: false, markets };
}

/** Stores each outcome's result on its market and settles the trading core's bets on them. */
export async function applyBetSettlement(context: MessageContext, message: Message<"bet_settlement">, event: StoredEvent): Promise<MessageEffect> {
  const { tx, now } = context;
  const settled: SettledMarket[] = message.markets.map((market) => ({
    marketTypeId: market.marketTypeId,
    specifiers: market.specifiers,
    marketKey: marketKey(market),
    outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, result: outcome.result, ...(outcome.deadHeatFactor !== undefined ? { deadHeatFactor: outcome.deadHeatFactor } : {}) })),
  }));
  const stored = await tx
    .select(marketColumns)
    .from(sportMarkets)
    .where(and(eq(sportMarkets.eventId, event.id), inArray(sportMarkets.marketKey, keysOf(message.markets))))
    .for("update");
  const markets: MarketRow[] = [];
  for (const row of stored) {
    const results = new Map(settled.filter((market) => market.marketKey === row.marketKey).flatMap((market) => market.outcomes.map((outcome) => [outcome.id, outcome] as const)));
    const outcomes = row.outcomes.map((outcome): StoredOutcome => {
      const { result: _result, deadHeatFactor: _factor, ...price } = outcome;
      const settledOutcome = results.get(outcome.id);
      return settledOutcome ? { ...price, ...settledOutcome } : price;
    });
    const [updated] = await tx
      .update(sportMarkets)
      .set({ status: "settled", outcomes, version: row.version + 1, suspendedAt: now, updatedAt: now })
      .where(and(eq(sportMarkets.eventId, event.id), eq(sportMarkets.marketKey, row.marketKey)))
      .returning(marketColumns);
    markets.push(updated!);
  }
  await context.listener.marketsSettled(tx, event.id, settled);
  return { event, eventChanged: false, markets };
}

/** Reopens settled markets (suspended until the feed prices them again) and unsettles their bets. */
export async function applyRollbackBetSettlement(context: MessageContext, message: Message<"rollback_bet_settlement">, event: StoredEvent): Promise<MessageEffect> {
  const keys = keysOf(message.markets);
  const markets = await reopenMarkets(context, event.id, keys, "settled");
  await context.listener.settlementRolledBack(context.tx, event.id, keys);
  return { event, eventChanged: false, markets };
}

/**
 * Voids bets on the markets. Without a window the markets themselves are cancelled; with one only
 * bets placed inside it are void and the markets stay as they are.
 */
export async function applyBetCancel(context: MessageContext, message: Message<"bet_cancel">, event: StoredEvent): Promise<MessageEffect> {
  const keys = keysOf(message.markets);
  const window = windowOf(message);
  let markets: MarketRow[] = [];
  if (window.from === undefined && window.to === undefined) {
    markets = await context.tx
      .update(sportMarkets)
      .set({ status: "cancelled", version: sql`${sportMarkets.version} + 1`, suspendedAt: context.now, updatedAt: context.now })
      .where(and(eq(sportMarkets.eventId, event.id), inArray(sportMarkets.marketKey, keys), notInArray(sportMarkets.status, ["cancelled"])))
      .returning(marketColumns);
  }
  await context.listener.marketsCancelled(context.tx, event.id, keys, window, message.reason);
  return { event, eventChanged: false, markets };
}

/** Undoes a cancel: the markets reopen (suspended until priced again) and the voided bets stand again. */
export async function applyRollbackBetCancel(context: MessageContext, message: Message<"rollback_bet_cancel">, event: StoredEvent): Promise<MessageEffect> {
  const keys = keysOf(message.markets);
  const window = windowOf(message);
  const markets = window.from === undefined && window.to === undefined ? await reopenMarkets(context, event.id, keys, "cancelled") : [];
  await context.listener.cancelRolledBack(context.tx, event.id, keys, window);
  return { event, eventChanged: false, markets };
}

/** Markets closed with `closedStatus` become suspended, their results dropped. */
async function reopenMarkets(context: MessageContext, eventId: number, keys: string[], closedStatus: "settled" | "cancelled"): Promise<MarketRow[]> {
  const closed = await context.tx
    .select(marketColumns)
    .from(sportMarkets)
    .where(and(eq(sportMarkets.eventId, eventId), inArray(sportMarkets.marketKey, keys), eq(sportMarkets.status, closedStatus)))
    .for("update");
  const markets: MarketRow[] = [];
  for (const row of closed) {
    const outcomes = row.outcomes.map(({ id, odds, active }): StoredOutcome => ({ id, odds, active }));
    const [updated] = await context.tx
      .update(sportMarkets)
      .set({ status: "suspended", outcomes, version: row.version + 1, suspendedAt: context.now, updatedAt: context.now })
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, row.marketKey)))
      .returning(marketColumns);
    markets.push(updated!);
  }
  return markets;
}
