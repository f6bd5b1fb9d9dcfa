import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { sportEvents, sportFeedPending, sportProducers } from "../sport.schema.ts";
import type { createClock, createScriptedFeed} from "./feed-test-kit.ts";
import { alive, bringUp, fixtureChange, matchResult, oddsChange, publishedOn, startFeedServer } from "./feed-test-kit.ts";
import type { FeedConsumer } from "./feed-consumer.ts";

// Producers as the sportsbook meets them: down until a requested snapshot completes, down again
// when heartbeats stop or say the subscription is lost, and every market of a down producer's
// events suspended in the read API and on the public channels.

let server: TestServer;
let feed: ReturnType<typeof createScriptedFeed>;
let clock: ReturnType<typeof createClock>;
let consumer: FeedConsumer;

beforeAll(async () => {
  ({ server, feed, clock, consumer } = await startFeedServer({ env: { SPORT_PRODUCER_TIMEOUT_MS: "20000" } }));
  await feed.send(fixtureChange(2001, 1), oddsChange(2001, 2, [matchResult("1.85", "3.40", "4.20")]));
});
afterAll(async () => {
  await server?.close();
});

async function suspendedInList(eventId: number): Promise<boolean> {
  const page = await readJson(await server.request("/api/sportsbook/events?sportId=66&perPage=100"));
  const event = page.data.find((entry: { id: number }) => entry.id === eventId);
  expect(event, `event ${eventId} in the list`).toBeDefined();
  return event.suspended;
}

async function producerRow(id: string) {
  const [row] = await server.database.db.select().from(sportProducers).where(eq(sportProducers.id, id));
  return row;
}

describe("producer recovery", () => {
  it("counts a producer never heard from as down: its events are suspended", async () => {
    expect(await suspendedInList(2001)).toBe(true);
    expect((await readJson(await server.request("/api/sportsbook/events/2001"))).suspended).toBe(true);
  });

  it("asks for a snapshot on the first heartbeat and stays down until that very snapshot completes", async () => {
    await feed.send(alive("prematch"));
    expect(feed.snapshotRequests).toHaveLength(1);
    const [request] = feed.snapshotRequests;
    expect(request).toMatchObject({ producer: "prematch", since: 0 });
    expect(await producerRow("prematch")).toMatchObject({ status: "recovering", recoveryRequestId: request!.requestId });
    // More heartbeats while recovering ask for nothing more.
    await feed.send(alive("prematch"));
    expect(feed.snapshotRequests).toHaveLength(1);
    expect(await suspendedInList(2001)).toBe(true);

    // Another request's end does not count.
    await feed.send({ type: "snapshot_complete", producer: "prematch", timestamp: Date.now(), requestId: "an-older-request" });
    expect(await suspendedInList(2001)).toBe(true);

    // The snapshot's messages reset the event to the producer's state, then its end brings the producer up.
    await feed.send(
      fixtureChange(2001, 7, {}, { snapshot: true }),
      oddsChange(2001, 7, [matchResult("1.95", "3.30", "4.00")], { snapshot: true }),
      { type: "snapshot_complete", producer: "prematch", timestamp: Date.parse("2026-06-01T11:30:00Z"), requestId: request!.requestId },
    );
    expect(await producerRow("prematch")).toMatchObject({ status: "up", recoveryRequestId: null });
    expect(await suspendedInList(2001)).toBe(false);
    const [event] = await server.database.db.select({ feedSequence: sportEvents.feedSequence }).from(sportEvents).where(eq(sportEvents.id, 2001));
    expect(event!.feedSequence).toBe(7);
    expect((await publishedOn(server, "sport:event-2001")).at(-1)).toMatchObject({ eventId: 2001, suspended: false, markets: [] });
  });

  it("marks a producer down when its heartbeats stop for the timeout, and recovers it from where it was", async () => {
    const lastAlive = alive("prematch");
    await feed.send(lastAlive);
    clock.advance(19_000);
    expect(await consumer.checkProducers()).toEqual([]);
    expect(await suspendedInList(2001)).toBe(false);

    clock.advance(2_000);
    expect(await consumer.checkProducers()).toEqual(["prematch"]);
    expect(await suspendedInList(2001)).toBe(true);
    expect((await readJson(await server.request("/api/sportsbook/events/2001"))).suspended).toBe(true);
    expect((await publishedOn(server, "sport:event-2001")).at(-1)).toMatchObject({ eventId: 2001, suspended: true, markets: [] });

    // Back: a fresh request, for everything after the last heartbeat it sent while up.
    const requestId = await bringUp(feed, "prematch");
    expect(feed.snapshotRequests.at(-1)).toMatchObject({ producer: "prematch", since: lastAlive.timestamp });
    expect(requestId).not.toBe(feed.snapshotRequests[0]!.requestId);
    expect(await suspendedInList(2001)).toBe(false);
  });

  it("takes a heartbeat saying the subscription is lost as down at once", async () => {
    await feed.send(alive("prematch", false));
    expect(await producerRow("prematch")).toMatchObject({ status: "down" });
    expect(await suspendedInList(2001)).toBe(true);
    await bringUp(feed, "prematch");
    expect(await suspendedInList(2001)).toBe(false);
  });

  it("asks again when a recovery stalls for a whole timeout while heartbeats go on", async () => {
    await feed.send(alive("live", true));
    const first = feed.snapshotRequests.at(-1)!;
    expect(first.producer).toBe("live");
    clock.advance(10_000);
    await feed.send(alive("live"));
    expect(feed.snapshotRequests.at(-1)).toBe(first);
    clock.advance(10_000);
    await feed.send(alive("live"));
    const second = feed.snapshotRequests.at(-1)!;
    expect(second).toMatchObject({ producer: "live" });
    expect(second.requestId).not.toBe(first.requestId);
    // The stalled request's end no longer counts; the new one's does.
    await feed.send({ type: "snapshot_complete", producer: "live", timestamp: Date.now(), requestId: first.requestId });
    expect(await producerRow("live")).toMatchObject({ status: "recovering" });
    await feed.send({ type: "snapshot_complete", producer: "live", timestamp: Date.now(), requestId: second.requestId });
    expect(await producerRow("live")).toMatchObject({ status: "up" });
  });

  it("suspends only the events of the producer that went down", async () => {
    await feed.send(alive("prematch"), alive("live"));
    await feed.send(fixtureChange(2002, 1), oddsChange(2002, 2, [matchResult("1.40", "4.50", "7.00")], { producer: "live", eventStatus: "live" }));
    await feed.send(alive("live", false));
    expect(await suspendedInList(2002)).toBe(true);
    expect(await suspendedInList(2001)).toBe(false);
    const live = await readJson(await server.request("/api/sportsbook/live"));
    expect(live.data.find((entry: { id: number }) => entry.id === 2002)).toMatchObject({ status: "live", suspended: true });
    expect((await publishedOn(server, "sport:live")).at(-1)).toMatchObject({ eventId: 2002, suspended: true });
  });

  it("recovers an event whose sequence gap stays open for a timeout through a snapshot, and gives up messages no snapshot resolves", async () => {
    await feed.send(alive("prematch"));
    await feed.send(fixtureChange(2003, 1), oddsChange(2003, 2, [matchResult("2.00", "3.00", "4.00")]), oddsChange(2003, 4, [matchResult("2.20", "3.00", "3.60")]));
    expect(await consumer.recoverStalledGaps()).toEqual([]);
    expect(await suspendedInList(2003)).toBe(false);

    clock.advance(21_000);
    await feed.send(alive("prematch"));
    const requestsBefore = feed.snapshotRequests.length;
    expect(await consumer.recoverStalledGaps()).toEqual(["prematch"]);
    const request = feed.snapshotRequests[requestsBefore]!;
    expect(request.producer).toBe("prematch");
    expect(await producerRow("prematch")).toMatchObject({ status: "recovering", recoveryRequestId: request.requestId });
    expect(await suspendedInList(2003)).toBe(true);

    await feed.send(oddsChange(2003, 5, [matchResult("2.40", "3.00", "3.20")], { snapshot: true }), {
      type: "snapshot_complete",
      producer: "prematch",
      timestamp: Date.now(),
      requestId: request.requestId,
    });
    const [event] = await server.database.db.select({ feedSequence: sportEvents.feedSequence }).from(sportEvents).where(eq(sportEvents.id, 2003));
    expect(event!.feedSequence).toBe(5);
    expect(await server.database.db.select().from(sportFeedPending).where(eq(sportFeedPending.eventId, 2003))).toEqual([]);
    expect(await suspendedInList(2003)).toBe(false);

    // A message for an event no fixture ever named waits a few timeouts, then is dropped.
    await feed.send(oddsChange(2099, 3, [matchResult("2.00", "3.00", "4.00")]));
    clock.advance(61_000);
    await feed.send(alive("prematch"));
    expect(await consumer.recoverStalledGaps()).toEqual([]);
    expect(await server.database.db.select().from(sportFeedPending).where(eq(sportFeedPending.eventId, 2099))).toEqual([]);
  });

  it("keeps waiting for a snapshot that takes longer than the heartbeat timeout, and comes up at its end", async () => {
    await feed.send(alive("live", false));
    await feed.send(alive("live"));
    const request = feed.snapshotRequests.at(-1)!;
    expect(await producerRow("live")).toMatchObject({ status: "recovering", recoveryRequestId: request.requestId });
    // The producer is busy sending its snapshot: no heartbeat for longer than the timeout.
    clock.advance(45_000);
    expect(await consumer.checkProducers()).not.toContain("live");
    expect(await producerRow("live")).toMatchObject({ status: "recovering", recoveryRequestId: request.requestId });
    await feed.send({ type: "snapshot_complete", producer: "live", timestamp: Date.now(), requestId: request.requestId });
    expect(await producerRow("live")).toMatchObject({ status: "up" });
    // Its heartbeats still wait behind the snapshot: its end counts as one, so the next check keeps it up.
    expect(await consumer.checkProducers()).not.toContain("live");
    expect(await producerRow("live")).toMatchObject({ status: "up" });
  });
});
