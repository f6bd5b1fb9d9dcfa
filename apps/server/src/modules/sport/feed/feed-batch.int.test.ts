import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import type { TestServer } from "../../../../test/test-server.ts";
import { sportFeedPending } from "../sport.schema.ts";
import { bringUp, fixtureChange, matchResult, oddsChange, publishedOn, startFeedServer, total, type createRecordingListener, type createScriptedFeed, eventRowOf, marketRowOf } from "./feed-test-kit.ts";

// A busy feed (ADR 036): messages that queue behind an event's running transaction are applied
// together in the next one, each under its own rules, and the event's state is published once.

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

type Published = { markets: { marketKey: string; status: string; version: number; outcomes: { id: string; odds: string; result?: string }[] }[] };

/** A cancel of a window's bets: the trading core hears of it, the markets stay as they are. */
const windowCancel = (eventId: number, sequence: number): FeedMessage => ({
  type: "bet_cancel",
  producer: "prematch",
  timestamp: Date.now(),
  eventId,
  sequence,
  markets: [{ marketTypeId: 18, specifiers: "total=3.5" }],
  placedFrom: 1000,
  placedTo: 2000,
  reason: "late goal",
});

/**
 * Delivers `first`, holds its transaction open in the trading core while `queued` arrive behind
 * it, then lets it finish; answers every message's outcome, in delivery order.
 */
async function deliverBehindSlowTransaction(first: FeedMessage, queued: FeedMessage[], whileHeld: () => void = () => undefined) {
  const held = recorder.holdNext();
  const firstOutcome = consumer.deliver(first);
  await held.reached;
  whileHeld();
  const queuedOutcomes = queued.map((message) => consumer.deliver(message));
  held.release();
  return Promise.all([firstOutcome, ...queuedOutcomes]);
}

describe("messages queued behind an event's transaction", () => {
  it("applies a burst of price changes in one transaction: every change taken in order, the last price stored once and published once", async () => {
    await feed.send(fixtureChange(1301, 1), oddsChange(1301, 2, [matchResult("2.00", "3.00", "4.00"), total("3.5", "2.80", "1.40")]));
    const before = (await publishedOn(server, "sport:event-1301")).length;
    const burst = Array.from({ length: 12 }, (_, index) => oddsChange(1301, 4 + index, [matchResult((2.01 + index / 100).toFixed(2), "3.00", "4.00")]));
    const outcomes = await deliverBehindSlowTransaction(windowCancel(1301, 3), burst);

    expect(outcomes).toEqual(Array.from({ length: 13 }, () => "applied"));
    expect(await eventRow(1301)).toMatchObject({ feedSequence: 15 });
    // The burst's prices written together: the last one is the market's, one version newer.
    expect(await market(1301, "1|")).toMatchObject({ version: 2, outcomes: [{ id: "1", odds: "2.12" }, {}, {}] });
    const published = (await publishedOn(server, "sport:event-1301")).slice(before) as Published[];
    expect(published).toHaveLength(1);
    expect(published[0]!.markets).toEqual([expect.objectContaining({ marketKey: "1|", version: 2, outcomes: [expect.objectContaining({ odds: "2.12" }), expect.anything(), expect.anything()] })]);
  });

  it("takes a settlement and a bet stop inside a batch in their order: later prices do not reopen what they closed", async () => {
    await feed.send(fixtureChange(1302, 1), oddsChange(1302, 2, [matchResult("2.00", "3.00", "4.00"), total("2.5", "1.90", "1.90"), total("3.5", "2.80", "1.40")]));
    const before = (await publishedOn(server, "sport:event-1302")).length;
    recorder.calls.length = 0;
    const settlement: FeedMessage = {
      type: "bet_settlement",
      producer: "prematch",
      timestamp: Date.now(),
      eventId: 1302,
      sequence: 5,
      markets: [{ marketTypeId: 1, specifiers: "", outcomes: [{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "lose" }] }],
    };
    const outcomes = await deliverBehindSlowTransaction(windowCancel(1302, 3), [
      oddsChange(1302, 4, [matchResult("1.50", "4.00", "6.00"), total("2.5", "1.70", "2.10")]),
      settlement,
      oddsChange(1302, 6, [matchResult("1.01", "20.00", "30.00")]),
      { type: "bet_stop", producer: "prematch", timestamp: Date.now(), eventId: 1302, sequence: 7, markets: [{ marketTypeId: 18, specifiers: "total=2.5" }] },
      oddsChange(1302, 8, [total("3.5", "2.60", "1.45")]),
    ]);

    expect(outcomes).toEqual(["applied", "applied", "applied", "applied", "applied", "applied"]);
    // Settled at the price before it, and the later price left it so.
    expect(await market(1302, "1|")).toMatchObject({ status: "settled", outcomes: [{ odds: "1.50", result: "win" }, { odds: "4.00", result: "lose" }, { odds: "6.00", result: "lose" }] });
    expect(await market(1302, "18|total=2.5")).toMatchObject({ status: "suspended", outcomes: [{ odds: "1.70" }, { odds: "2.10" }] });
    expect(await market(1302, "18|total=3.5")).toMatchObject({ status: "active", outcomes: [{ odds: "2.60" }, { odds: "1.45" }] });
    expect(recorder.calls.map((call) => call.kind)).toEqual(["cancelled", "settled"]);
    const published = (await publishedOn(server, "sport:event-1302")).slice(before) as Published[];
    expect(published).toHaveLength(1);
    expect(published[0]!.markets.map((entry) => [entry.marketKey, entry.status])).toEqual([
      ["1|", "settled"],
      ["18|total=2.5", "suspended"],
      ["18|total=3.5", "active"],
    ]);
  });

  it("skips a duplicate and keeps a message after a gap inside a batch, as it does alone", async () => {
    await feed.send(fixtureChange(1303, 1), oddsChange(1303, 2, [matchResult("2.00", "3.00", "4.00"), total("3.5", "2.80", "1.40")]));
    const before = (await publishedOn(server, "sport:event-1303")).length;
    const outcomes = await deliverBehindSlowTransaction(windowCancel(1303, 3), [
      oddsChange(1303, 2, [matchResult("9.00", "9.00", "9.00")]),
      oddsChange(1303, 4, [matchResult("2.10", "3.00", "3.80")]),
      oddsChange(1303, 4, [matchResult("9.00", "9.00", "9.00")]),
      oddsChange(1303, 6, [matchResult("2.30", "3.00", "3.40")]),
      oddsChange(1303, 5, [matchResult("2.20", "3.00", "3.60")]),
      oddsChange(1303, 8, [matchResult("2.50", "3.00", "3.00")]),
    ]);

    expect(outcomes).toEqual(["applied", "duplicate", "applied", "duplicate", "buffered", "applied", "buffered"]);
    // 4 and 5 written together in the batch, then 6 (which waited behind the gap 5 filled) in its own transaction.
    expect(await eventRow(1303)).toMatchObject({ feedSequence: 6 });
    expect(await market(1303, "1|")).toMatchObject({ version: 3, outcomes: [{ odds: "2.30" }, {}, {}] });
    const published = (await publishedOn(server, "sport:event-1303")).slice(before) as Published[];
    expect(published.map((update) => update.markets[0]!.outcomes[0]!.odds)).toEqual(["2.20", "2.30"]);
    // 8 still waits for 7, stored once.
    const pending = await server.database.db.select({ sequence: sportFeedPending.sequence }).from(sportFeedPending).where(eq(sportFeedPending.eventId, 1303));
    expect(pending.map((row) => row.sequence)).toEqual([8]);
    await feed.send(oddsChange(1303, 7, [matchResult("2.40", "3.00", "3.20")]));
    expect(await eventRow(1303)).toMatchObject({ feedSequence: 8 });
    expect(await market(1303, "1|")).toMatchObject({ version: 5, outcomes: [{ odds: "2.50" }, {}, {}] });
  });

  it("applies a batch whose transaction fails again message by message: nothing is lost, the trading core hears of each message once", async () => {
    await feed.send(fixtureChange(1304, 1), oddsChange(1304, 2, [matchResult("2.00", "3.00", "4.00"), total("3.5", "2.80", "1.40")]));
    recorder.calls.length = 0;
    const settlement: FeedMessage = {
      type: "bet_settlement",
      producer: "prematch",
      timestamp: Date.now(),
      eventId: 1304,
      sequence: 5,
      markets: [{ marketTypeId: 18, specifiers: "total=3.5", outcomes: [{ id: "over", result: "lose" }, { id: "under", result: "win" }] }],
    };
    const outcomes = await deliverBehindSlowTransaction(
      windowCancel(1304, 3),
      [oddsChange(1304, 4, [matchResult("1.90", "3.10", "4.20")]), settlement, oddsChange(1304, 6, [matchResult("1.80", "3.20", "4.40")])],
      // The batch's settlement fails once: its transaction, with the prices before it, is undone.
      () => recorder.failNext(new Error("trading core unavailable")),
    );

    expect(outcomes).toEqual(["applied", "applied", "applied", "applied"]);
    expect(await eventRow(1304)).toMatchObject({ feedSequence: 6 });
    expect(await market(1304, "1|")).toMatchObject({ version: 3, outcomes: [{ odds: "1.80" }, {}, {}] });
    expect(await market(1304, "18|total=3.5")).toMatchObject({ status: "settled", outcomes: [{ result: "lose" }, { result: "win" }] });
    expect(recorder.calls.map((call) => call.kind)).toEqual(["cancelled", "settled"]);
  });
});
