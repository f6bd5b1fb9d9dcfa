import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { LiveState, SportEventStatus } from "@playfair/contracts/sport/feed-messages";
import { SPORT_LIVE_CHANNEL, sportEventChannel, type SportEventUpdate } from "@playfair/contracts/sport/sportsbook-api";
import type { DbExecutor } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { sportEvents, sportMarkets } from "../sport.schema.ts";
import { marketView, type MarketRow } from "../sport-views.ts";

/** What the public channels need to know of an event after a change. */
export type EventState = { id: number; status: string; liveState: LiveState | null; producer: string };

/** Event statuses whose events are still offered: the lists show them and a producer's outage suspends them. */
const OPEN_EVENT_STATUSES = ["not_started", "live", "suspended"] as const satisfies readonly SportEventStatus[];

/** Live for the lists and `sport:live`: in play, or interrupted while the live producer covers it. */
function isLiveEvent(event: Pick<EventState, "status" | "producer">): boolean {
  return event.status === "live" || (event.status === "suspended" && event.producer === "live");
}

/** Markets in the order the event page shows them: by type, then line. */
function byTypeAndLine(left: MarketRow, right: MarketRow): number {
  return left.marketTypeId - right.marketTypeId || (left.specifiers < right.specifiers ? -1 : left.specifiers > right.specifiers ? 1 : 0);
}

function updateOf(event: EventState, suspended: boolean, markets: readonly MarketRow[]): SportEventUpdate {
  return { eventId: event.id, status: event.status as SportEventStatus, liveState: event.liveState, suspended, markets: [...markets].sort(byTypeAndLine).map((market) => marketView(market)) };
}

/** Each event's main market key (see `mainMarketOf`), read in the database in one statement. */
async function mainMarketKeys(executor: DbExecutor, eventIds: readonly number[]): Promise<Map<number, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([sportMarkets.eventId], { eventId: sportMarkets.eventId, marketKey: sportMarkets.marketKey })
    .from(sportMarkets)
    .where(inArray(sportMarkets.eventId, [...eventIds]))
    .orderBy(sportMarkets.eventId, sql`${sportMarkets.specifiers} <> ''`, asc(sportMarkets.marketTypeId), asc(sportMarkets.marketKey));
  return new Map(rows.map((row) => [row.eventId, row.marketKey]));
}

/** What applied messages changed of one event, as one publication will tell it. */
export type EventChange = { event: EventState; eventChanged: boolean; markets: readonly MarketRow[] };

/**
 * Folds the effects of several applied messages of one event into one change: the event's last
 * state, changed if any message changed it, and each changed market in its last state (a player
 * sees the last price; the versions say which state is newer).
 */
export function createCoalescedChange() {
  let event: EventState | undefined;
  let eventChanged = false;
  const markets = new Map<string, MarketRow>();
  return {
    add(effect: EventChange): void {
      event = effect.event;
      eventChanged ||= effect.eventChanged;
      for (const market of effect.markets) {
        markets.delete(market.marketKey);
        markets.set(market.marketKey, market);
      }
    },
    /** The change to publish; none when no message was applied. */
    result(): EventChange | null {
      return event ? { event, eventChanged, markets: [...markets.values()] } : null;
    },
  };
}

/**
 * Publishes the effect of applied messages in their transaction: the changed markets on
 * `sport:event-<id>`, and for a live event its main market (when it changed) and state on
 * `sport:live`. Nothing is published when they changed nothing.
 */
export async function publishEventChange(publisher: RealtimePublisher, tx: DbExecutor, change: EventChange & { suspended: boolean }): Promise<void> {
  await publishEventChanges(publisher, tx, [change]);
}

/**
 * `publishEventChange` for several events (ADR 036): their main markets read in one statement,
 * their publications written to the outbox in one.
 */
export async function publishEventChanges(publisher: RealtimePublisher, tx: DbExecutor, changes: readonly (EventChange & { suspended: boolean })[]): Promise<void> {
  const published = changes.filter((change) => change.eventChanged || change.markets.length > 0);
  const mainKeys = await mainMarketKeys(
    tx,
    published.filter((change) => isLiveEvent(change.event) && change.markets.length > 0).map((change) => change.event.id),
  );
  const publications: { channel: string; data: SportEventUpdate }[] = [];
  for (const { event, suspended, eventChanged, markets } of published) {
    publications.push({ channel: sportEventChannel(event.id), data: updateOf(event, suspended, markets) });
    if (!isLiveEvent(event)) continue;
    const mainKey = mainKeys.get(event.id);
    const main = markets.filter((market) => market.marketKey === mainKey);
    if (eventChanged || main.length > 0) publications.push({ channel: SPORT_LIVE_CHANNEL, data: updateOf(event, suspended, main) });
  }
  if (publications.length > 0) await publisher.publishMany(tx, publications);
}

/**
 * Tells every open event of a producer that its markets are now suspended (producer down) or
 * offered again (recovered): one publication per event, its live ones on `sport:live` too.
 */
export async function publishProducerChange(publisher: RealtimePublisher, tx: DbExecutor, producer: string, suspended: boolean): Promise<void> {
  const events = await tx
    .select({ id: sportEvents.id, status: sportEvents.status, liveState: sportEvents.liveState, producer: sportEvents.producer })
    .from(sportEvents)
    .where(and(eq(sportEvents.producer, producer), inArray(sportEvents.status, [...OPEN_EVENT_STATUSES])));
  const publications: { channel: string; data: SportEventUpdate }[] = [];
  for (const event of events) {
    const update = updateOf(event, suspended, []);
    publications.push({ channel: sportEventChannel(event.id), data: update });
    if (isLiveEvent(event)) publications.push({ channel: SPORT_LIVE_CHANNEL, data: update });
  }
  if (publications.length > 0) await publisher.publishMany(tx, publications);
}
