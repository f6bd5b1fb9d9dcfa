import { describe, expect, it } from "vitest";
import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import { createEventQueues } from "./event-queues.ts";

const message = (eventId: number, sequence: number): FeedEventMessage => ({ type: "odds_change", producer: "live", timestamp: sequence, eventId, sequence, markets: [] });

type Group = { eventId: number; sequences: number[] }[];

/** An applier whose transactions finish when the test says so; records each transaction's batches. */
function createControlledApplier() {
  const groups: Group[] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let mostRunning = 0;
  return {
    groups,
    get mostRunning() {
      return mostRunning;
    },
    finishOne() {
      finishers.shift()?.();
    },
    async apply(batches: readonly (readonly FeedEventMessage[])[]) {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      groups.push(batches.map((messages) => ({ eventId: messages[0]!.eventId, sequences: messages.map((entry) => entry.sequence) })));
      await new Promise<void>((resolve) => finishers.push(resolve));
      running -= 1;
      return batches.map((messages) => messages.map(() => "applied" as const));
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the feed's event queues", () => {
  it("runs at most the allowed number of transactions at once; whatever waits meanwhile, of several events, goes in the next one", async () => {
    const applier = createControlledApplier();
    const queues = createEventQueues((batches) => applier.apply(batches), { maxConcurrent: 2 });
    const outcomes = [queues.enqueue(message(1, 1))];
    await tick();
    outcomes.push(queues.enqueue(message(2, 1)));
    await tick();
    outcomes.push(queues.enqueue(message(3, 1)), queues.enqueue(message(3, 2)), queues.enqueue(message(1, 2)), queues.enqueue(message(4, 1)));
    await tick();
    expect(applier.groups).toHaveLength(2);
    for (let step = 0; step < 3; step++) {
      applier.finishOne();
      await tick();
    }
    expect(await Promise.all(outcomes)).toEqual(Array.from({ length: 6 }, () => "applied"));
    // Event 1's second message waited for its first transaction, then joined the events that waited their turn.
    expect(applier.groups).toEqual([
      [{ eventId: 1, sequences: [1] }],
      [{ eventId: 2, sequences: [1] }],
      [
        { eventId: 3, sequences: [1, 2] },
        { eventId: 4, sequences: [1] },
        { eventId: 1, sequences: [2] },
      ],
    ]);
    expect(applier.mostRunning).toBe(2);
  });

  it("puts at most the allowed number of messages in one transaction, each event's in order", async () => {
    const applier = createControlledApplier();
    const queues = createEventQueues((batches) => applier.apply(batches), { maxBatch: 3, maxConcurrent: 1 });
    const outcomes = [queues.enqueue(message(9, 1))];
    await tick();
    outcomes.push(...[2, 3, 4, 5].map((sequence) => queues.enqueue(message(9, sequence))), queues.enqueue(message(8, 1)));
    for (let step = 0; step < 3; step++) {
      // One turn for the finished transaction's bookkeeping, one for the next transaction's start.
      await tick();
      await tick();
      applier.finishOne();
    }
    await Promise.all(outcomes);
    expect(applier.groups).toEqual([
      [{ eventId: 9, sequences: [1] }],
      [
        { eventId: 8, sequences: [1] },
        { eventId: 9, sequences: [2, 3] },
      ],
      [{ eventId: 9, sequences: [4, 5] }],
    ]);
  });

  it("applies a failed transaction's events again one by one: the others' messages are applied once, only the failing one is refused", async () => {
    const committed: string[] = [];
    let transactions = 0;
    const queues = createEventQueues(async (batches) => {
      transactions += 1;
      const written = batches.flatMap((messages) => messages.map((entry) => `${entry.eventId}:${entry.sequence}`));
      // Event 2's first message cannot be stored; a transaction holding it writes nothing.
      if (written.includes("2:1")) throw new Error("trading core unavailable");
      committed.push(...written);
      return batches.map((messages) => messages.map(() => "applied" as const));
    });
    const outcomes = [message(1, 1), message(2, 1), message(1, 2), message(3, 1)].map((entry) => queues.enqueue(entry).catch((error: Error) => error.message));

    expect(await Promise.all(outcomes)).toEqual(["applied", "trading core unavailable", "applied", "applied"]);
    expect(committed.sort()).toEqual(["1:1", "1:2", "3:1"]);
    // The group, then each of its three events alone.
    expect(transactions).toBe(4);
  });
});
