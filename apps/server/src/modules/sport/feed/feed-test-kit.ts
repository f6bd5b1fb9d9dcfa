// Test-only helpers of the sportsbook's integration tests (nothing in the app imports this module):
// a scripted feed, a recording settlement listener, a small calendar and message builders.
import { and, asc, eq, like } from "drizzle-orm";
import type { FeedMarket, FeedMessage, Fixture, SportProducer } from "@playfair/contracts/sport/feed-messages";
import type { DbTransaction } from "../../../db/database.ts";
import { startTestServer, type TestServer } from "../../../../test/test-server.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { sportEvents, sportMarkets } from "../sport.schema.ts";
import type { SportCatalogueRows } from "../catalogue/sport-catalogue.ts";
import type { FeedAdapter } from "./feed-adapter.ts";
import type { SettledMarket, SettlementListener } from "./settlement-listener.ts";

/** A feed the test speaks for: each `send` resolves once the consumer has taken the message. */
export function createScriptedFeed() {
  let deliver: ((message: FeedMessage) => Promise<void>) | undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const snapshotRequests: { producer: SportProducer; since: number; requestId: string }[] = [];
  const adapter: FeedAdapter = {
    async start(handler) {
      deliver = handler;
      markStarted();
    },
    async requestSnapshot(producer, since, requestId) {
      snapshotRequests.push({ producer, since, requestId });
    },
    async stop() {
      deliver = undefined;
    },
  };
  return {
    adapter,
    started,
    snapshotRequests,
    async send(...messages: FeedMessage[]): Promise<void> {
      await started;
      for (const message of messages) await deliver!(message);
    },
  };
}

export type ListenerCall =
  | { kind: "settled"; eventId: number; markets: SettledMarket[] }
  | { kind: "settlementRolledBack"; eventId: number; marketKeys: string[] }
  | { kind: "cancelled"; eventId: number; marketKeys: string[]; window: { from?: number; to?: number }; reason: string }
  | { kind: "cancelRolledBack"; eventId: number; marketKeys: string[]; window: { from?: number; to?: number } };

/**
 * Records each call; `failNext` makes the next call throw, as a trading core's failure would;
 * `holdNext` keeps the next call (and its transaction) open until released, as a slow one would;
 * `failEvent` makes every call for one event throw until `recoverEvent`.
 */
export function createRecordingListener() {
  const calls: ListenerCall[] = [];
  let failure: Error | undefined;
  let hold: { reached: () => void; released: Promise<void> } | undefined;
  const failingEvents = new Map<number, Error>();
  async function record(_tx: DbTransaction, call: ListenerCall): Promise<void> {
    const eventFailure = failingEvents.get(call.eventId);
    if (eventFailure) throw eventFailure;
    if (failure) {
      const error = failure;
      failure = undefined;
      throw error;
    }
    if (hold) {
      const { reached, released } = hold;
      hold = undefined;
      reached();
      await released;
    }
    calls.push(call);
  }
  const listener: SettlementListener = {
    marketsSettled: (tx, eventId, markets) => record(tx, { kind: "settled", eventId, markets }),
    settlementRolledBack: (tx, eventId, marketKeys) => record(tx, { kind: "settlementRolledBack", eventId, marketKeys }),
    marketsCancelled: (tx, eventId, marketKeys, window, reason) => record(tx, { kind: "cancelled", eventId, marketKeys, window, reason }),
    cancelRolledBack: (tx, eventId, marketKeys, window) => record(tx, { kind: "cancelRolledBack", eventId, marketKeys, window }),
  };
  return {
    listener,
    calls,
    failNext(error: Error) {
      failure = error;
    },
    failEvent(eventId: number, error: Error) {
      failingEvents.set(eventId, error);
    },
    recoverEvent(eventId: number) {
      failingEvents.delete(eventId);
    },
    /** Holds the next call until `release`; `reached` resolves once the call is being held. */
    holdNext() {
      let release: () => void = () => undefined;
      let markReached: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => (markReached = resolve));
      hold = { reached: markReached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached, release };
    },
  };
}

const crest = { shape: 1, primary: "#1d4ed8", secondary: "#f8fafc" };

/** Soccer (66) in England and Spain, tennis (68) on the ATP: the rows the fixtures below name. */
export const TEST_CATALOGUE = {
  categories: [
    { id: 9001, sportId: 66, name: "England", position: 0 },
    { id: 9002, sportId: 66, name: "Spain", position: 1 },
    { id: 9003, sportId: 68, name: "ATP", position: 0 },
  ],
  championships: [
    { id: 9101, categoryId: 9001, name: "Premier League", position: 0 },
    { id: 9102, categoryId: 9001, name: "League Two", position: 5 },
    { id: 9103, categoryId: 9002, name: "La Liga", position: 0 },
    { id: 9104, categoryId: 9003, name: "Vienna Open", position: 0 },
  ],
  competitors: [
    { id: 9201, sportId: 66, name: "Northbridge Rovers", shortName: "NBR", crest },
    { id: 9202, sportId: 66, name: "Easton Athletic", shortName: "EAS", crest },
    { id: 9203, sportId: 66, name: "Real Costa", shortName: "RCO", crest },
    { id: 9204, sportId: 66, name: "Atletico Sierra", shortName: "ATS", crest },
    { id: 9205, sportId: 68, name: "Mila Novak", shortName: "NOV", crest },
    { id: 9206, sportId: 68, name: "Jonas Berg", shortName: "BER", crest },
  ],
} satisfies SportCatalogueRows;

/** A test clock the tests move; the feed reads producer timeouts from it. */
export function createClock(start = Date.parse("2026-06-01T12:00:00Z")) {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

/** A server consuming a scripted feed, with the test calendar's catalogue stored. */
export async function startFeedServer(options: { env?: Record<string, string> } = {}) {
  const feed = createScriptedFeed();
  const recorder = createRecordingListener();
  const clock = createClock();
  const server: TestServer = await startTestServer({
    env: { RATE_LIMIT_ENABLED: "false", SPORT_PRODUCER_TIMEOUT_MS: "20000", ...options.env },
    now: clock.now,
    sportFeed: { adapter: () => feed.adapter, listener: recorder.listener },
  });
  await feed.started;
  await server.app.services.sport.upsertCatalogue(TEST_CATALOGUE);
  return { server, feed, recorder, clock, consumer: server.app.services.sport.feed! };
}

let timestamp = Date.parse("2026-06-01T11:00:00Z");
const nextTimestamp = () => (timestamp += 1000);

export function fixtureChange(eventId: number, sequence: number, fixture: Partial<Fixture> = {}, extra: { producer?: SportProducer; snapshot?: boolean } = {}): FeedMessage {
  return {
    type: "fixture_change",
    producer: extra.producer ?? "prematch",
    timestamp: nextTimestamp(),
    eventId,
    sequence,
    changeType: "new",
    ...(extra.snapshot ? { snapshot: true } : {}),
    fixture: {
      sportId: 66,
      categoryId: 9001,
      championshipId: 9101,
      homeCompetitorId: 9201,
      awayCompetitorId: 9202,
      name: "Northbridge Rovers - Easton Athletic",
      startsAt: Date.parse("2026-06-02T18:00:00Z"),
      status: "not_started",
      liveCoverage: true,
      ...fixture,
    },
  };
}

/** The match result market (type 1) with the given prices, active. */
export function matchResult(home: string, draw: string, away: string, status: FeedMarket["status"] = "active"): FeedMarket {
  return {
    marketTypeId: 1,
    specifiers: "",
    status,
    outcomes: [
      { id: "1", odds: home, active: true },
      { id: "X", odds: draw, active: true },
      { id: "2", odds: away, active: true },
    ],
  };
}

export function total(line: string, over: string, under: string): FeedMarket {
  return {
    marketTypeId: 18,
    specifiers: `total=${line}`,
    status: "active",
    outcomes: [
      { id: "over", odds: over, active: true },
      { id: "under", odds: under, active: true },
    ],
  };
}

export function oddsChange(
  eventId: number,
  sequence: number,
  markets: FeedMarket[],
  extra: Partial<Pick<Extract<FeedMessage, { type: "odds_change" }>, "eventStatus" | "liveState" | "producer" | "snapshot">> = {},
): FeedMessage {
  return { type: "odds_change", producer: "prematch", timestamp: nextTimestamp(), eventId, sequence, markets, ...extra };
}

export function alive(producer: SportProducer, subscribed = true): FeedMessage {
  return { type: "alive", producer, timestamp: nextTimestamp(), subscribed };
}

/** Brings a producer up as a feed would: a heartbeat, the snapshot we then ask for, its end. */
export async function bringUp(feed: ReturnType<typeof createScriptedFeed>, producer: SportProducer, snapshot: FeedMessage[] = []): Promise<string> {
  const before = feed.snapshotRequests.length;
  await feed.send(alive(producer));
  const request = feed.snapshotRequests[before];
  if (!request || request.producer !== producer) throw new Error(`no snapshot was requested from ${producer}`);
  await feed.send(...snapshot, { type: "snapshot_complete", producer, timestamp: nextTimestamp(), requestId: request.requestId });
  return request.requestId;
}

/** What the feed published on a channel, oldest first. */
export async function publishedOn(server: TestServer, channel: string): Promise<unknown[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel)).orderBy(asc(realtimeOutbox.id));
  return rows.map((row) => row.data);
}

/** How many publications the sport namespace holds (to show a message published nothing). */
export async function sportPublicationCount(server: TestServer): Promise<number> {
  const rows = await server.database.db.select({ id: realtimeOutbox.id }).from(realtimeOutbox).where(like(realtimeOutbox.channel, "sport:%"));
  return rows.length;
}

/** An event's row as the feed left it. */
export async function eventRowOf(server: TestServer, eventId: number) {
  const [row] = await server.database.db.select().from(sportEvents).where(eq(sportEvents.id, eventId));
  return row;
}

/** One market of an event, by its key, as the feed left it. */
export async function marketRowOf(server: TestServer, eventId: number, key: string) {
  const [row] = await server.database.db
    .select()
    .from(sportMarkets)
    .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, key)));
  return row;
}
