import { describe, expect, it } from "vitest";
import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import { createEventQueues } from "./event-queues.ts";

const message = (eventId: number, sequence: number): FeedEventMessage => ({ type: "odds_change", producer: "live", timestamp: sequence, eventId, sequence, markets: [] });

/** An applier whose transactions finish when the test says so; records each batch's sequences. */
function createControlledApplier() {
  const batches: { eventId: number; sequences: number[] }[] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let mostRunning = 0;
  return {
    batches,
    get mostRunning() {
      return mostRunning;
    },
    finishOne() {
      finishers.shift()?.();
    },
    async apply(messages: readonly FeedEventMessage[]) {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      batches.push({ eventId: messages[0]!.eventId, sequences: messages.map((entry) => entry.sequence) });
      await new Promise<void>((resolve) => finishers.push(resolve));
      running -= 1;
      return messages.map(() => "applied" as const);
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the feed's event queues", () => {
  it("runs at most the allowed number of events' transactions at once; an event waiting its turn gathers its messages into one batch", async () => {
    const applier = createControlledApplier();
    const queues = createEventQueues((messages) => applier.apply(messages), { maxConcurrent: 2 });
    const outcomes = [queues.enqueue(message(1, 1)), queues.enqueue(message(2, 1)), queues.enqueue(message(3, 1))];
    await tick();
    expect(applier.batches).toEqual([
      { eventId: 1, sequences: [1] },
      { eventId: 2, sequences: [1] },
    ]);
    outcomes.push(queues.enqueue(message(3, 2)), queues.enqueue(message(3, 3)), queues.enqueue(message(1, 2)));
    for (let step = 0; step < 4; step++) {
      applier.finishOne();
      await tick();
    }
    expect(await Promise.all(outcomes)).toEqual(["applied", "applied", "applied", "applied", "applied", "applied"]);
    // Event 3 waited for a turn and went in one batch; event 1's second message queued behind its first.
    expect(applier.batches).toEqual([
      { eventId: 1, sequences: [1] },
      { eventId: 2, sequences: [1] },
      { eventId: 3, sequences: [1, 2, 3] },
      { eventId: 1, sequences: [2] },
    ]);
    expect(applier.mostRunning).toBe(2);
  });

  it("splits a long queue into batches of the allowed size, in order", async () => {
    const applier = createControlledApplier();
    const queues = createEventQueues((messages) => applier.apply(messages), { maxBatch: 2 });
    const outcomes = [queues.enqueue(message(9, 1))];
    await tick();
    outcomes.push(...[2, 3, 4, 5].map((sequence) => queues.enqueue(message(9, sequence))));
    for (let step = 0; step < 3; step++) {
      await tick();
      applier.finishOne();
    }
    await Promise.all(outcomes);
    expect(applier.batches.map((batch) => batch.sequences)).toEqual([[1], [2, 3], [4, 5]]);
  });
});
