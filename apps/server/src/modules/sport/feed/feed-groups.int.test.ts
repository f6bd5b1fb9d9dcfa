import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedEventMessage, FeedMessage } from "@playfair/contracts/sport/feed-messages";
import type { TestServer } from "../../../../test/test-server.ts";
import { sportFeedPending } from "../sport.schema.ts";
import { createFeedApplier } from "./apply-message.ts";
import { bringUp, fixtureChange, matchResult, oddsChange, publishedOn, startFeedServer, total, type createRecordingListener, type createScriptedFeed, eventRowOf, marketRowOf } from "./feed-test-kit.ts";

// Several events' messages in one transaction (ADR 036): each event's messages keep their rules
// and order, and a transaction that fails for one event costs the others nothing.

let server: TestServer;
let feed: ReturnType<typeof createScriptedFeed>;
let recorder: ReturnType<typeof createRecordingListener>;
let consumer: Awaited<ReturnType<typeof startFeedServer>>["consumer"];

beforeAll(async () => {
  ({ server, feed, recorder, consumer } = await startFeedServer());
  await bringUp(feed, "prematch");
});
afterAll(async () => {
  await server?.close();
});

const eventRow = (eventId: number) => eventRowOf(server, eventId);
const market = (eventId: number, key: string) => marketRowOf(server, eventId, key);

const applier = () => createFeedApplier({ db: server.database.db, listener: recorder.listener, publisher: server.app.services.realtime, clock: () => new Date() });

const settlement = (eventId: number, sequence: number): FeedMessage => ({
  type: "bet_settlement",
  producer: "prematch",
  timestamp: Date.now(),
  eventId,
  sequence,
  markets: [{ marketTypeId: 1, specifiers: "", outcomes: [{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "lose" }] }],
});

type Published = { markets: { marketKey: string; version: number; outcomes: { odds: string }[] }[] };

describe("several events in one transaction", () => {
  it("applies each event's messages in order under their own rules, moves each cursor and publishes each event once", async () => {
    await feed.send(fixtureChange(1403, 1), oddsChange(1403, 2, [matchResult("2.00", "3.00", "4.00")]));
    const group = [
      // A new event: its fixture, then prices in two messages.
      [fixtureChange(1401, 1), oddsChange(1401, 2, [matchResult("2.00", "3.00", "4.00"), total("2.5", "1.90", "1.90")]), oddsChange(1401, 3, [matchResult("2.10", "3.00", "3.80")])],
      // A new event whose prices are settled in the same transaction: settled at the price before it.
      [fixtureChange(1402, 1), oddsChange(1402, 2, [matchResult("1.50", "4.00", "6.00")]), settlement(1402, 3), oddsChange(1402, 4, [matchResult("1.01", "20.00", "30.00")])],
      // A known event: a duplicate, the next price, and one after a gap that waits.
      [oddsChange(1403, 2, [matchResult("9.00", "9.00", "9.00")]), oddsChange(1403, 3, [matchResult("2.20", "3.00", "3.60")]), oddsChange(1403, 5, [matchResult("2.40", "3.00", "3.20")])],
    ] as FeedEventMessage[][];

    const outcomes = await applier().applyEventGroups(group);

    expect(outcomes).toEqual([
      ["applied", "applied", "applied"],
      ["applied", "applied", "applied", "applied"],
      ["duplicate", "applied", "buffered"],
    ]);
    expect(await eventRow(1401)).toMatchObject({ feedSequence: 3, status: "not_started" });
    expect(await market(1401, "1|")).toMatchObject({ version: 1, outcomes: [{ odds: "2.10" }, {}, {}] });
    expect(await market(1402, "1|")).toMatchObject({ status: "settled", outcomes: [{ odds: "1.50", result: "win" }, {}, {}] });
    expect(await eventRow(1402)).toMatchObject({ feedSequence: 4 });
    expect(await eventRow(1403)).toMatchObject({ feedSequence: 3 });
    expect(await market(1403, "1|")).toMatchObject({ version: 2, outcomes: [{ odds: "2.20" }, {}, {}] });
    const waiting = await server.database.db.select({ sequence: sportFeedPending.sequence }).from(sportFeedPending).where(eq(sportFeedPending.eventId, 1403));
    expect(waiting.map((row) => row.sequence)).toEqual([5]);
    for (const eventId of [1401, 1402]) expect(await publishedOn(server, `sport:event-${eventId}`)).toHaveLength(1);
    const published = (await publishedOn(server, "sport:event-1401")) as Published[];
    expect(published[0]!.markets.map((entry) => [entry.marketKey, entry.outcomes[0]!.odds])).toEqual([
      ["1|", "2.10"],
      ["18|total=2.5", "1.90"],
    ]);
  });

  it("writes nothing of any event when one event's message fails: they share the transaction", async () => {
    await feed.send(fixtureChange(1411, 1), oddsChange(1411, 2, [matchResult("2.00", "3.00", "4.00")]));
    await feed.send(fixtureChange(1412, 1), oddsChange(1412, 2, [matchResult("2.00", "3.00", "4.00")]));
    const before = (await publishedOn(server, "sport:event-1411")).length;
    recorder.failEvent(1412, new Error("trading core unavailable"));
    try {
      await expect(applier().applyEventGroups([[oddsChange(1411, 3, [matchResult("2.50", "3.00", "3.00")])], [settlement(1412, 3)]] as FeedEventMessage[][])).rejects.toThrow("trading core unavailable");
    } finally {
      recorder.recoverEvent(1412);
    }
    expect(await eventRow(1411)).toMatchObject({ feedSequence: 2 });
    expect(await market(1411, "1|")).toMatchObject({ version: 1, outcomes: [{ odds: "2.00" }, {}, {}] });
    expect(await publishedOn(server, "sport:event-1411")).toHaveLength(before);
  });

  it("applies the other events' messages of a failed transaction once each, and refuses only the failing event's message", async () => {
    for (const eventId of [1421, 1422, 1423]) await feed.send(fixtureChange(eventId, 1), oddsChange(eventId, 2, [matchResult("2.00", "3.00", "4.00")]));
    const before = await Promise.all([1421, 1422, 1423].map(async (eventId) => (await publishedOn(server, `sport:event-${eventId}`)).length));
    recorder.calls.length = 0;
    recorder.failEvent(1422, new Error("trading core unavailable"));
    let outcomes: unknown[];
    try {
      // Handed over together, as a posted batch is: one transaction for the three events, which fails.
      outcomes = await Promise.all(
        [oddsChange(1421, 3, [matchResult("2.50", "3.00", "3.00")]), settlement(1422, 3), oddsChange(1423, 3, [matchResult("1.80", "3.50", "4.50")]), oddsChange(1423, 4, [matchResult("1.70", "3.60", "4.80")])].map((message) =>
          consumer.deliver(message).catch((error: Error) => error.message),
        ),
      );
    } finally {
      recorder.recoverEvent(1422);
    }

    expect(outcomes).toEqual(["applied", "trading core unavailable", "applied", "applied"]);
    // Each price written once: one version newer, one publication.
    expect(await market(1421, "1|")).toMatchObject({ version: 2, outcomes: [{ odds: "2.50" }, {}, {}] });
    expect(await market(1423, "1|")).toMatchObject({ version: 2, outcomes: [{ odds: "1.70" }, {}, {}] });
    expect(await eventRow(1423)).toMatchObject({ feedSequence: 4 });
    const after = await Promise.all([1421, 1422, 1423].map(async (eventId) => (await publishedOn(server, `sport:event-${eventId}`)).length));
    expect(after.map((count, index) => count - before[index]!)).toEqual([1, 0, 1]);
    expect(await eventRow(1422)).toMatchObject({ feedSequence: 2 });
    expect(await market(1422, "1|")).toMatchObject({ status: "active" });
    expect(recorder.calls).toEqual([]);
    // Delivered again once the trading core is back, it settles.
    expect(await consumer.deliver(settlement(1422, 3))).toBe("applied");
    expect(await market(1422, "1|")).toMatchObject({ status: "settled" });
    expect(recorder.calls.map((call) => [call.kind, call.eventId])).toEqual([["settled", 1422]]);
  });
});
