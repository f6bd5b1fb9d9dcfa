import { describe, expect, it } from "vitest";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { deliverTogether } from "./deliver-together.ts";

const odds = (eventId: number, sequence: number): FeedMessage => ({ type: "odds_change", producer: "live", timestamp: sequence, eventId, sequence, markets: [] });
const alive: FeedMessage = { type: "alive", producer: "live", timestamp: 99, subscribed: true };
const label = (message: FeedMessage) => ("eventId" in message ? `${message.eventId}:${message.sequence}` : message.type);

/** A consumer that finishes messages when the test says so; records when each was handed over and finished. */
function createHeldConsumer() {
  const log: string[] = [];
  const held = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  return {
    log,
    deliver(message: FeedMessage): Promise<void> {
      log.push(`start ${label(message)}`);
      return new Promise<void>((resolve, reject) => held.set(label(message), { resolve, reject })).then(() => void log.push(`done ${label(message)}`));
    },
    finish(name: string, error?: Error) {
      const entry = held.get(name)!;
      if (error) entry.reject(error);
      else entry.resolve();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("handing an adapter's messages over together", () => {
  it("hands event messages over without awaiting each, and a producer's own message only once every message before it is settled", async () => {
    const consumer = createHeldConsumer();
    const delivered = deliverTogether([odds(1, 1), odds(2, 1), odds(1, 2), alive, odds(3, 1)], (message) => consumer.deliver(message));
    await turn();
    expect(consumer.log).toEqual(["start 1:1", "start 2:1", "start 1:2"]);
    consumer.finish("1:1");
    consumer.finish("2:1", new Error("not stored"));
    await turn();
    expect(consumer.log).not.toContain("start alive");
    consumer.finish("1:2");
    await turn();
    expect(consumer.log.slice(-2)).toEqual(["done 1:2", "start alive"]);
    consumer.finish("alive");
    await turn();
    expect(consumer.log.at(-1)).toBe("start 3:1");
    consumer.finish("3:1");

    const results = await delivered;
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
  });
});
