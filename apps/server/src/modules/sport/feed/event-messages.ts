import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { marketKey, type FeedEventMessage, type FeedMarket, type MarketRef } from "@playfair/contracts/sport/feed-messages";
import type { DbTransaction } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";
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
  const [effect] = await applyFixtureChanges(context, [{ message, event: previous }]);
  return effect!;
}

/**
 * `applyFixtureChange` for several events in one statement (ADR 036), each event at most once;
 * answers each one's effect in the items' order.
 */
export async function applyFixtureChanges(context: MessageContext, items: readonly { message: Message<"fixture_change">; event: StoredEvent | null }[]): Promise<MessageEffect[]> {
  if (items.length === 0) return [];
  const rows = items.map(({ message }) => {
    const { fixture } = message;
    return {
      id: message.eventId,
      producer: message.producer,
      feedSequence: message.sequence,
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
  });
  // Rows in event order: two transactions upserting overlapping events lock them in one order.
  rows.sort((left, right) => left.id - right.id);
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const stored = await context.tx
    .insert(sportEvents)
    .values(rows)
    .onConflictDoUpdate({
      target: sportEvents.id,
      set: {
        sportId: excluded("sport_id"),
        categoryId: excluded("category_id"),
        championshipId: excluded("championship_id"),
        homeCompetitorId: excluded("home_competitor_id"),
        awayCompetitorId: excluded("away_competitor_id"),
        name: excluded("name"),
        startsAt: excluded("starts_at"),
        status: excluded("status"),
        liveCoverage: excluded("live_coverage"),
        updatedAt: excluded("updated_at"),
      },
    })
    .returning({ id: sportEvents.id, sportId: sportEvents.sportId, status: sportEvents.status, liveState: sportEvents.liveState, producer: sportEvents.producer });
  const byId = new Map(stored.map((row) => [row.id, row]));
  return items.map(({ message, event }) => {
    const row = byId.get(message.eventId)!;
    return { event: row, eventChanged: event === null || event.status !== row.status, markets: [] };
  });
}

/**
 * Prices, market states, the event's status and live score. Markets a settlement or cancel has
 * closed keep their results: only a rollback reopens them, never a new price.
 */
export async function applyOddsChange(context: MessageContext, message: Message<"odds_change">, event: StoredEvent): Promise<MessageEffect> {
  const [effect] = await applyOddsChanges(context, [{ message, event }]);
  return effect!;
}

type MarketWrite = { event_id: number; market_key: string; market_type_id: number; specifiers: string; status: string; outcomes: StoredOutcome[] };

/** Market rows per upsert statement: each row is a few hundred bytes of one JSON parameter. */
const MARKET_ROWS_PER_STATEMENT = 2_000;

/**
 * `applyOddsChange` for several events (ADR 036), each event at most once: one statement for the
 * events whose state changed, one upsert of every market (per 2,000 rows); answers each one's
 * effect in the items' order.
 */
export async function applyOddsChanges(context: MessageContext, items: readonly { message: Message<"odds_change">; event: StoredEvent }[]): Promise<MessageEffect[]> {
  const { tx, now } = context;
  const effects = items.map(({ message, event }) => {
    const status = message.eventStatus ?? event.status;
    const liveState = message.liveState ?? event.liveState;
    const eventChanged = status !== event.status || JSON.stringify(liveState) !== JSON.stringify(event.liveState);
    return { event: { ...event, status, liveState, producer: message.producer }, eventChanged, stateWritten: eventChanged || message.producer !== event.producer, markets: [] as MarketRow[] };
  });
  const eventWrites = effects.filter((effect) => effect.stateWritten).map(({ event }) => ({ id: event.id, status: event.status, live_state: event.liveState, producer: event.producer }));
  if (eventWrites.length > 0) {
    await tx.execute(sql`
      update ${sportEvents} as e
         set status = v.status, live_state = v.live_state, producer = v.producer, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(eventWrites)}::jsonb) as v(id bigint, status varchar, live_state jsonb, producer varchar)
       where e.id = v.id`);
  }
  const writes: MarketWrite[] = [];
  for (const { message, event } of items) {
    // One row per key: the last mention of a market in a message is its state.
    const byKey = new Map<string, FeedMarket>();
    for (const market of message.markets) byKey.set(marketKey(market), market);
    for (const [key, market] of byKey) {
      const outcomes = market.outcomes.map((outcome): StoredOutcome => ({ id: outcome.id, odds: outcome.odds, active: outcome.active }));
      writes.push({ event_id: event.id, market_key: key, market_type_id: market.marketTypeId, specifiers: market.specifiers, status: market.status, outcomes });
    }
  }
  // Rows in key order: two transactions upserting overlapping markets lock them in one order.
  writes.sort((left, right) => left.event_id - right.event_id || (left.market_key < right.market_key ? -1 : left.market_key > right.market_key ? 1 : 0));
  const byEvent = new Map(effects.map((effect) => [effect.event.id, effect.markets]));
  for (let start = 0; start < writes.length; start += MARKET_ROWS_PER_STATEMENT) {
    for (const row of await upsertMarkets(tx, writes.slice(start, start + MARKET_ROWS_PER_STATEMENT), now)) {
      const { eventId, ...market } = row;
      byEvent.get(eventId)!.push(market);
    }
  }
  return effects.map(({ event, eventChanged, markets }) => ({ event, eventChanged, markets }));
}

/**
 * Writes market rows in one statement (one JSON parameter: PostgreSQL parses a statement of
 * thousands of parameters several times slower). Only rows that are new or really changed come
 * back: those bump their version and are published.
 */
async function upsertMarkets(tx: DbTransaction, writes: readonly MarketWrite[], now: Date): Promise<(MarketRow & { eventId: number })[]> {
  const at = now.toISOString();
  const rows = await executeRows<{ event_id: string | number; market_key: string; market_type_id: number; specifiers: string; status: string; version: number; outcomes: StoredOutcome[] }>(
    tx,
    sql`
      insert into ${sportMarkets} as m (event_id, market_key, market_type_id, specifiers, status, outcomes, suspended_at, updated_at)
      select v.event_id, v.market_key, v.market_type_id, v.specifiers, v.status, v.outcomes,
             case when v.status = 'active' then null else ${at}::timestamptz end, ${at}::timestamptz
        from rows from (jsonb_to_recordset(${JSON.stringify(writes)}::jsonb)
               as (event_id bigint, market_key varchar, market_type_id integer, specifiers varchar, status varchar, outcomes jsonb))
             with ordinality as v(event_id, market_key, market_type_id, specifiers, status, outcomes, position)
       order by v.position
      on conflict (event_id, market_key) do update
         set status = excluded.status,
             outcomes = excluded.outcomes,
             version = m.version + 1,
             -- A market that stops being active remembers when, for live bets waiting their delay.
             suspended_at = case when excluded.status <> 'active' and m.status = 'active' then excluded.suspended_at else m.suspended_at end,
             updated_at = excluded.updated_at
       where m.status not in ('settled', 'cancelled') and (m.status <> excluded.status or m.outcomes <> excluded.outcomes)
      returning m.event_id, m.market_key, m.market_type_id, m.specifiers, m.status, m.version, m.outcomes`,
  );
  return rows.map((row) => ({
    eventId: Number(row.event_id),
    marketKey: row.market_key,
    marketTypeId: row.market_type_id,
    specifiers: row.specifiers,
    status: row.status,
    version: row.version,
    outcomes: row.outcomes,
  }));
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
