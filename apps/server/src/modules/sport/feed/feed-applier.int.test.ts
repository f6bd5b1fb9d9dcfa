import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedEventMessage, FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { sportFeedPending } from "../sport.schema.ts";
import { createFeedApplier } from "./apply-message.ts";
import {
  bringUp,
  eventRowOf,
  fixtureChange,
  marketRowOf,
  matchResult,
  oddsChange,
  publishedOn,
  sportPublicationCount,
  startFeedServer,
  total,
  type createRecordingListener,
  type createScriptedFeed,
} from "./feed-test-kit.ts";

// The feed applier as the sportsbook meets it: every message type, each message applied once and
// in order per event, and settlement messages reaching the trading core inside their transaction.

let server: TestServer;
let feed: ReturnType<typeof createScriptedFeed>;
let recorder: ReturnType<typeof createRecordingListener>;

beforeAll(async () => {
  ({ server, feed, recorder } = await startFeedServer());
  await bringUp(feed, "prematch");
  await bringUp(feed, "live");
});
afterAll(async () => {
  await server?.close();
});

const eventRow = (eventId: number) => eventRowOf(server, eventId);
const market = (eventId: number, key: string) => marketRowOf(server, eventId, key);

async function detail(eventId: number) {
  const response = await server.request(`/api/sportsbook/events/${eventId}`);
  expect(response.status).toBe(200);
  return readJson(response);
}

const settlement = (eventId: number, sequence: number): FeedMessage => ({
  type: "bet_settlement",
  producer: "prematch",
  timestamp: Date.now(),
  eventId,
  sequence,
  markets: [
    {
      marketTypeId: 1,
      specifiers: "",
      outcomes: [
        { id: "1", result: "win" },
        { id: "X", result: "lose" },
        { id: "2", result: "lose" },
      ],
    },
  ],
});

describe("fixtures and prices", () => {
  it("creates an event from its first fixture and updates it from later ones", async () => {
    await feed.send(fixtureChange(1001, 1));
    expect(await eventRow(1001)).toMatchObject({ sportId: 66, championshipId: 9101, status: "not_started", producer: "prematch", feedSequence: 1 });
    await feed.send(fixtureChange(1001, 2, { startsAt: Date.parse("2026-06-02T19:30:00Z") }));
    const row = await eventRow(1001);
    expect(row!.startsAt.toISOString()).toBe("2026-06-02T19:30:00.000Z");
    expect(row!.feedSequence).toBe(2);
  });

  it("stores markets with their prices, bumps a market's version only when its price or state changes, and publishes the change", async () => {
    await feed.send(fixtureChange(1002, 1), oddsChange(1002, 2, [matchResult("1.85", "3.40", "4.20"), total("2.5", "1.90", "1.90")]));
    expect(await market(1002, "1|")).toMatchObject({ status: "active", version: 1 });
    const published = await publishedOn(server, "sport:event-1002");
    expect(published.at(-1)).toMatchObject({ eventId: 1002, status: "not_started", suspended: false, markets: [{ marketKey: "1|", version: 1 }, { marketKey: "18|total=2.5" }] });

    // The same prices again: nothing changes and nothing is published.
    const publications = await sportPublicationCount(server);
    await feed.send(oddsChange(1002, 3, [matchResult("1.85", "3.40", "4.20")]));
    expect(await market(1002, "1|")).toMatchObject({ version: 1 });
    expect(await sportPublicationCount(server)).toBe(publications);

    await feed.send(oddsChange(1002, 4, [matchResult("1.80", "3.50", "4.40")]));
    expect(await market(1002, "1|")).toMatchObject({ version: 2, outcomes: [{ id: "1", odds: "1.80", active: true }, { id: "X", odds: "3.50", active: true }, { id: "2", odds: "4.40", active: true }] });
    expect((await publishedOn(server, "sport:event-1002")).at(-1)).toMatchObject({ markets: [{ marketKey: "1|", version: 2 }] });
    expect(await market(1002, "18|total=2.5")).toMatchObject({ version: 1 });
  });

  it("takes a live event's status and score, and puts its main market on sport:live once per message", async () => {
    await feed.send(fixtureChange(1003, 1), oddsChange(1003, 2, [matchResult("2.10", "3.20", "3.30")]));
    const liveBefore = (await publishedOn(server, "sport:live")).length;
    const liveState = { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 1260 };
    await feed.send(oddsChange(1003, 3, [matchResult("1.40", "4.50", "7.00"), total("2.5", "1.50", "2.50")], { producer: "live", eventStatus: "live", liveState }));
    expect(await eventRow(1003)).toMatchObject({ status: "live", producer: "live", liveState });
    const live = await publishedOn(server, "sport:live");
    expect(live).toHaveLength(liveBefore + 1);
    expect(live.at(-1)).toMatchObject({ eventId: 1003, status: "live", liveState, markets: [{ marketKey: "1|", outcomes: [{ id: "1", odds: "1.40" }, {}, {}] }] });
    expect((live.at(-1) as { markets: unknown[] }).markets).toHaveLength(1);
    expect((await detail(1003)).liveState).toEqual(liveState);
  });

  it("suspends every open market on bet_stop, or only the listed ones", async () => {
    await feed.send(fixtureChange(1004, 1), oddsChange(1004, 2, [matchResult("1.85", "3.40", "4.20"), total("2.5", "1.90", "1.90"), total("3.5", "2.80", "1.40")]));
    await feed.send({ type: "bet_stop", producer: "prematch", timestamp: Date.now(), eventId: 1004, sequence: 3, markets: [{ marketTypeId: 18, specifiers: "total=3.5" }] });
    expect((await detail(1004)).markets.map((entry: { marketKey: string; status: string }) => [entry.marketKey, entry.status])).toEqual([
      ["1|", "active"],
      ["18|total=2.5", "active"],
      ["18|total=3.5", "suspended"],
    ]);
    await feed.send({ type: "bet_stop", producer: "prematch", timestamp: Date.now(), eventId: 1004, sequence: 4 });
    const markets = (await detail(1004)).markets;
    expect(markets.map((entry: { status: string }) => entry.status)).toEqual(["suspended", "suspended", "suspended"]);
    expect(markets.map((entry: { version: number }) => entry.version)).toEqual([2, 2, 2]);
    expect((await publishedOn(server, "sport:event-1004")).at(-1)).toMatchObject({ markets: [{ marketKey: "1|" }, { marketKey: "18|total=2.5" }] });
  });

  it("keeps a message for an event it does not know yet until the event's fixture arrives", async () => {
    await feed.send(oddsChange(1005, 2, [matchResult("1.50", "4.00", "6.00")]));
    expect(await eventRow(1005)).toBeUndefined();
    await feed.send(fixtureChange(1005, 1));
    expect(await eventRow(1005)).toMatchObject({ feedSequence: 2 });
    expect(await market(1005, "1|")).toMatchObject({ status: "active" });
  });
});

describe("once and in order, per event", () => {
  it("buffers messages after a gap and applies them in order once the gap is filled", async () => {
    await feed.send(fixtureChange(1101, 1), oddsChange(1101, 2, [matchResult("2.00", "3.00", "4.00")]));
    await feed.send(oddsChange(1101, 5, [matchResult("2.30", "3.00", "3.40")]), oddsChange(1101, 4, [matchResult("2.20", "3.00", "3.60")]));
    expect(await eventRow(1101)).toMatchObject({ feedSequence: 2 });
    expect(await market(1101, "1|")).toMatchObject({ version: 1 });
    const pending = await server.database.db.select({ sequence: sportFeedPending.sequence }).from(sportFeedPending).where(eq(sportFeedPending.eventId, 1101));
    expect(pending.map((row) => row.sequence).sort()).toEqual([4, 5]);

    const before = (await publishedOn(server, "sport:event-1101")).length;
    await feed.send(oddsChange(1101, 3, [matchResult("2.10", "3.00", "3.80")]));
    expect(await eventRow(1101)).toMatchObject({ feedSequence: 5 });
    // Each message applied in turn: three versions, three publications, the last price stands.
    expect(await market(1101, "1|")).toMatchObject({ version: 4, outcomes: [{ odds: "2.30" }, {}, { odds: "3.40" }] });
    const published = (await publishedOn(server, "sport:event-1101")).slice(before) as { markets: { outcomes: { odds: string }[] }[] }[];
    expect(published.map((update) => update.markets[0]!.outcomes[0]!.odds)).toEqual(["2.10", "2.20", "2.30"]);
    expect(await server.database.db.select().from(sportFeedPending).where(eq(sportFeedPending.eventId, 1101))).toEqual([]);
  });

  it("ignores a duplicate: the same sequence again changes nothing and publishes nothing", async () => {
    const publications = await sportPublicationCount(server);
    await feed.send(oddsChange(1101, 4, [matchResult("9.00", "9.00", "9.00")]), oddsChange(1101, 5, [matchResult("9.00", "9.00", "9.00")]));
    expect(await market(1101, "1|")).toMatchObject({ version: 4, outcomes: [{ odds: "2.30" }, {}, {}] });
    expect(await eventRow(1101)).toMatchObject({ feedSequence: 5 });
    expect(await sportPublicationCount(server)).toBe(publications);
  });

  it("applies messages delivered all at once in sequence order", async () => {
    await feed.send(fixtureChange(1102, 1));
    const messages = [4, 2, 6, 3, 5].map((sequence) => oddsChange(1102, sequence, [matchResult(`${sequence}.00`, "3.00", "3.00")]));
    await Promise.all(messages.map((message) => server.app.services.sport.feed!.deliver(message)));
    expect(await eventRow(1102)).toMatchObject({ feedSequence: 6 });
    // Prices that waited together are written together (ADR 036): the last one stands.
    expect(await market(1102, "1|")).toMatchObject({ outcomes: [{ odds: "6.00" }, {}, {}] });
  });

  it("resets the cursor to a snapshot's sequence and drops what waited below it", async () => {
    await feed.send(fixtureChange(1103, 1), oddsChange(1103, 2, [matchResult("2.00", "3.00", "4.00")]), oddsChange(1103, 6, [matchResult("9.00", "9.00", "9.00")]));
    await feed.send(oddsChange(1103, 8, [matchResult("1.70", "3.60", "5.00")], { snapshot: true }));
    expect(await eventRow(1103)).toMatchObject({ feedSequence: 8 });
    expect(await market(1103, "1|")).toMatchObject({ outcomes: [{ odds: "1.70" }, {}, {}] });
    expect(await server.database.db.select().from(sportFeedPending).where(eq(sportFeedPending.eventId, 1103))).toEqual([]);
    await feed.send(oddsChange(1103, 9, [matchResult("1.75", "3.60", "4.80")]));
    expect(await market(1103, "1|")).toMatchObject({ outcomes: [{ odds: "1.75" }, {}, {}] });
  });
});

describe("settlement and cancellation", () => {
  it("stores results on the market and tells the trading core once per message, in the message's transaction", async () => {
    await feed.send(fixtureChange(1201, 1), oddsChange(1201, 2, [matchResult("1.85", "3.40", "4.20"), total("2.5", "1.90", "1.90")]));
    recorder.calls.length = 0;
    await feed.send(settlement(1201, 3));
    expect(await market(1201, "1|")).toMatchObject({
      status: "settled",
      version: 2,
      outcomes: [
        { id: "1", odds: "1.85", result: "win" },
        { id: "X", odds: "3.40", result: "lose" },
        { id: "2", odds: "4.20", result: "lose" },
      ],
    });
    expect(recorder.calls).toEqual([{ kind: "settled", eventId: 1201, markets: [{ marketTypeId: 1, specifiers: "", marketKey: "1|", outcomes: [{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "lose" }] }] }]);

    // Delivered again: a duplicate, so the trading core hears nothing more.
    await feed.send(settlement(1201, 3));
    expect(recorder.calls).toHaveLength(1);
    // A settled market keeps its results whatever prices still arrive.
    await feed.send(oddsChange(1201, 4, [matchResult("1.01", "20.00", "30.00")]));
    expect(await market(1201, "1|")).toMatchObject({ status: "settled", version: 2 });
  });

  it("reopens a settled market on rollback, without its results, and tells the trading core once", async () => {
    recorder.calls.length = 0;
    await feed.send({ type: "rollback_bet_settlement", producer: "prematch", timestamp: Date.now(), eventId: 1201, sequence: 5, markets: [{ marketTypeId: 1, specifiers: "" }] });
    const row = await market(1201, "1|");
    expect(row).toMatchObject({ status: "suspended", version: 3 });
    expect(row!.outcomes.every((outcome) => outcome.result === undefined)).toBe(true);
    expect(recorder.calls).toEqual([{ kind: "settlementRolledBack", eventId: 1201, marketKeys: ["1|"] }]);
    // Priced again by the feed after the rollback.
    await feed.send(oddsChange(1201, 6, [matchResult("1.90", "3.30", "4.00")]));
    expect(await market(1201, "1|")).toMatchObject({ status: "active", version: 4 });
  });

  it("cancels markets, or with a window only the bets placed in it, and rolls cancels back", async () => {
    recorder.calls.length = 0;
    await feed.send({ type: "bet_cancel", producer: "prematch", timestamp: Date.now(), eventId: 1201, sequence: 7, markets: [{ marketTypeId: 18, specifiers: "total=2.5" }], reason: "wrong line" });
    expect(await market(1201, "18|total=2.5")).toMatchObject({ status: "cancelled", version: 2 });
    await feed.send({ type: "bet_cancel", producer: "prematch", timestamp: Date.now(), eventId: 1201, sequence: 8, markets: [{ marketTypeId: 1, specifiers: "" }], placedFrom: 1000, placedTo: 2000, reason: "late goal" });
    expect(await market(1201, "1|")).toMatchObject({ status: "active", version: 4 });
    await feed.send({ type: "rollback_bet_cancel", producer: "prematch", timestamp: Date.now(), eventId: 1201, sequence: 9, markets: [{ marketTypeId: 18, specifiers: "total=2.5" }] });
    expect(await market(1201, "18|total=2.5")).toMatchObject({ status: "suspended", version: 3 });
    await feed.send({ type: "rollback_bet_cancel", producer: "prematch", timestamp: Date.now(), eventId: 1201, sequence: 10, markets: [{ marketTypeId: 1, specifiers: "" }], placedFrom: 1000, placedTo: 2000 });
    expect(recorder.calls).toEqual([
      { kind: "cancelled", eventId: 1201, marketKeys: ["18|total=2.5"], window: {}, reason: "wrong line" },
      { kind: "cancelled", eventId: 1201, marketKeys: ["1|"], window: { from: 1000, to: 2000 }, reason: "late goal" },
      { kind: "cancelRolledBack", eventId: 1201, marketKeys: ["18|total=2.5"], window: {} },
      { kind: "cancelRolledBack", eventId: 1201, marketKeys: ["1|"], window: { from: 1000, to: 2000 } },
    ]);
  });

  it("applies nothing when the trading core fails: the market, the cursor and the channels stay as they were", async () => {
    await feed.send(fixtureChange(1202, 1), oddsChange(1202, 2, [matchResult("1.85", "3.40", "4.20")]));
    const publications = await sportPublicationCount(server);
    recorder.failNext(new Error("trading core unavailable"));
    await expect(feed.send(settlement(1202, 3))).rejects.toThrow("trading core unavailable");
    expect(await market(1202, "1|")).toMatchObject({ status: "active", version: 1 });
    expect(await eventRow(1202)).toMatchObject({ feedSequence: 2 });
    expect(await sportPublicationCount(server)).toBe(publications);
    // Delivered again, it settles.
    await feed.send(settlement(1202, 3));
    expect(await market(1202, "1|")).toMatchObject({ status: "settled" });
  });

  it("tells the trading core once when two consumers apply the same messages at the same time", async () => {
    await feed.send(fixtureChange(1203, 1), oddsChange(1203, 2, [matchResult("1.85", "3.40", "4.20")]));
    recorder.calls.length = 0;
    // Two processes' appliers on the same database, as during a deployment's overlap.
    const appliers = [1, 2].map(() => createFeedApplier({ db: server.database.db, listener: recorder.listener, publisher: server.app.services.realtime, clock: () => new Date() }));
    const messages = [settlement(1203, 3), { type: "rollback_bet_settlement", producer: "prematch", timestamp: Date.now(), eventId: 1203, sequence: 4, markets: [{ marketTypeId: 1, specifiers: "" }] } as const];
    const outcomes = await Promise.all(appliers.flatMap((applier) => messages.map((message) => applier.applyEventMessage(message as FeedEventMessage))));
    // Which applier applies, buffers or finds a duplicate depends on timing; what happens does not.
    expect(outcomes).toContain("applied");
    expect(recorder.calls.map((call) => call.kind)).toEqual(["settled", "settlementRolledBack"]);
    expect(await eventRow(1203)).toMatchObject({ feedSequence: 4 });
    expect(await market(1203, "1|")).toMatchObject({ status: "suspended", version: 3 });
  });
});
