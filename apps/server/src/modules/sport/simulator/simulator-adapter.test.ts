import { describe, expect, it, vi } from "vitest";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import type { SportCatalogueRows } from "@playfair/contracts/sport/feed-catalogue";
import { createSimulatorAdapter, type FeedScheduler } from "./simulator-adapter.ts";

function handScheduler() {
  const timers = new Map<number, () => void>();
  let next = 0;
  const scheduler: FeedScheduler = {
    setTimeout(callback) {
      timers.set(++next, callback);
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  return { scheduler, timers };
}

describe("the simulator adapter", () => {
  it("stores the catalogue first, announces unsubscribed then subscribed producers, delivers on its clock, snapshots on request and stops its timer", async () => {
    let now = Date.UTC(2026, 11, 4, 12, 0, 0);
    const order: string[] = [];
    const delivered: FeedMessage[] = [];
    const { scheduler, timers } = handScheduler();
    const adapter = createSimulatorAdapter({
      seed: 1,
      clock: () => now,
      scheduler,
      storeCatalogue: async (rows: SportCatalogueRows) => {
        order.push(`catalogue:${rows.categories.length}`);
      },
    });
    await adapter.start(async (message) => {
      order.push(message.type);
      delivered.push(message);
    });
    expect(order[0]).toMatch(/^catalogue:\d+$/);
    // Each producer unsubscribed, then subscribed at once: the recovery starts now.
    for (const producer of ["prematch", "live"]) {
      expect(delivered.filter((message) => message.producer === producer)).toEqual([
        { type: "alive", producer, timestamp: now, subscribed: false },
        { type: "alive", producer, timestamp: now, subscribed: true },
      ]);
    }
    expect(timers.size).toBe(1);
    now += 30_000;
    await adapter.tick();
    expect(delivered.filter((message) => message.type === "alive")).toHaveLength(10);
    await adapter.requestSnapshot("prematch", 0, "recovery-1");
    await adapter.tick(); // the snapshot is queued ahead of this tick
    expect(delivered.at(-1)).toMatchObject({ type: "snapshot_complete", requestId: "recovery-1" });
    expect(delivered.some((message) => message.type === "fixture_change" && message.snapshot)).toBe(true);
    await adapter.stop();
    expect(timers.size).toBe(0);
  }, 60_000);

  it("marks a producer unsubscribed on its next alive after a message it could not deliver", async () => {
    let now = Date.UTC(2026, 11, 4, 12, 0, 0);
    const alive: FeedMessage[] = [];
    let failNext = false;
    const adapter = createSimulatorAdapter({ seed: 2, clock: () => now, scheduler: handScheduler().scheduler, storeCatalogue: async () => {} });
    await adapter.start(async (message) => {
      if (failNext && message.type !== "alive") {
        failNext = false;
        throw new Error("database unavailable");
      }
      if (message.type === "alive") alive.push(message);
    });
    failNext = true;
    now += 15 * 60_000;
    await adapter.tick();
    expect(alive.filter((message) => message.type === "alive" && !message.subscribed).length).toBeGreaterThan(2);
    await adapter.stop();
  }, 60_000);

  it("keeps the live producer's heartbeats and prices flowing while a pre-match snapshot is still being stored", async () => {
    let now = Date.UTC(2026, 11, 4, 20, 0, 0);
    const delivered: FeedMessage[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const adapter = createSimulatorAdapter({ seed: 3, clock: () => now, scheduler: handScheduler().scheduler, storeCatalogue: async () => {} });
    await adapter.start(async (message) => {
      // The pre-match snapshot's first message is slow to store, as a week of events is.
      if (message.type === "fixture_change" && message.snapshot && message.producer === "prematch") await gate;
      delivered.push(message);
    });
    await adapter.requestSnapshot("prematch", 0, "slow-snapshot");
    now += 30_000;
    const ticked = adapter.tick();
    // The live queue delivers while the pre-match one waits: heartbeats and live odds keep coming.
    await vi.waitFor(() => expect(delivered.filter((message) => message.type === "alive" && message.producer === "live" && message.timestamp > now - 30_000)).toHaveLength(3));
    expect(delivered.some((message) => message.producer === "live" && message.type === "odds_change")).toBe(true);
    expect(delivered.some((message) => message.type === "snapshot_complete")).toBe(false);
    release();
    await ticked;
    const completed = delivered.findIndex((message) => message.type === "snapshot_complete");
    // The pre-match messages due meanwhile come after its snapshot, in their order.
    expect(completed).toBeGreaterThan(0);
    expect(delivered.slice(completed + 1).filter((message) => message.type === "alive" && message.producer === "prematch")).toHaveLength(3);
    await adapter.stop();
  }, 60_000);
});
