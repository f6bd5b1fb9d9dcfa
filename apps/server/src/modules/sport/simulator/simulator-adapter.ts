import type { FeedMessage, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { SPORT_PRODUCERS } from "@playfair/contracts/sport/feed-messages";
import type { SportCatalogueRows } from "@playfair/contracts/sport/feed-catalogue";
import { deliverTogether } from "../feed/deliver-together.ts";
import type { FeedAdapter } from "../feed/feed-adapter.ts";
import { createSportSimulator, type SportSimulator } from "./simulator.ts";

export type { SportCatalogueRows, SportCategoryRow, SportChampionshipRow, SportCompetitorRow } from "@playfair/contracts/sport/feed-catalogue";

/** Timers the adapter runs on: the real ones in the server, a hand-moved one in tests. */
export type FeedScheduler = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type SimulatorAdapter = FeedAdapter & {
  /** Delivers everything due by the clock now (the timer calls it; tests may call it directly). */
  tick(): Promise<void>;
  simulator(): SportSimulator | null;
};

const realScheduler: FeedScheduler = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };

/**
 * The in-house feed as a `FeedAdapter` (ADR 035). On start it builds the seeded calendar from the
 * clock, hands the catalogue rows to `storeCatalogue` before any fixture, and announces both
 * producers with `subscribed: false` (a producer that has just started knows nothing of us), then
 * subscribed, so the applier recovers from a snapshot straight away. Then every `tickMs` it
 * delivers what is due, in order without awaiting each (`deliverTogether`). Each producer has
 * its own delivery queue, as two real producers have their own streams: the pre-match snapshot
 * of a whole week takes a while to store, and the live producer's heartbeats and prices go on
 * meanwhile instead of waiting behind it (and timing out). The applier orders each event's messages by sequence, so an event that
 * passes from one producer to the other keeps its order. A message the applier could not take
 * marks its producer unsubscribed on the next alive, which sends the applier to recovery instead
 * of leaving a gap.
 */
export function createSimulatorAdapter(options: {
  seed: number;
  clock: () => number;
  storeCatalogue: (rows: SportCatalogueRows) => Promise<void>;
  scheduler?: FeedScheduler;
  tickMs?: number;
  onError?: (error: unknown) => void;
}): SimulatorAdapter {
  const scheduler = options.scheduler ?? realScheduler;
  const tickMs = options.tickMs ?? 1000;
  let simulator: SportSimulator | null = null;
  let deliver: ((message: FeedMessage) => Promise<void>) | null = null;
  let timer: unknown = null;
  let running = false;
  const queues = new Map<SportProducer, Promise<void>>(SPORT_PRODUCERS.map((producer) => [producer, Promise.resolve()]));
  const lost = new Set<SportProducer>();

  /** One message to the consumer; a message it could not take marks its producer lost. */
  async function deliverOne(message: FeedMessage): Promise<void> {
    if (!running || !deliver) return;
    const outgoing = message.type === "alive" && lost.has(message.producer) ? { ...message, subscribed: false } : message;
    if (outgoing.type === "alive") lost.delete(outgoing.producer);
    try {
      await deliver(outgoing);
    } catch (error) {
      lost.add(message.producer);
      options.onError?.(error);
    }
  }

  async function send(messages: FeedMessage[]): Promise<void> {
    await deliverTogether(messages, deliverOne);
  }

  function enqueue(producer: SportProducer, work: () => Promise<void>): Promise<void> {
    const queued = queues.get(producer)!.then(work, work);
    queues.set(producer, queued);
    return queued;
  }

  /** Queues each producer's share of `messages`, in their order; resolves once each queue has sent its share. */
  function sendByProducer(messages: FeedMessage[]): Promise<void>[] {
    return SPORT_PRODUCERS.map((producer) => {
      const own = messages.filter((message) => message.producer === producer);
      return enqueue(producer, () => send(own));
    });
  }

  function schedule(): void {
    if (!running) return;
    timer = scheduler.setTimeout(() => {
      // The next tick waits for one producer's queue only: a long snapshot on the other must not
      // stop this one's stream; the busy queue takes the messages due meanwhile after it.
      void Promise.race(dueDeliveries()).finally(schedule);
    }, tickMs);
  }

  function dueDeliveries(): Promise<void>[] {
    return simulator ? sendByProducer(simulator.advanceTo(options.clock())) : [Promise.resolve()];
  }

  async function tick(): Promise<void> {
    await Promise.all(dueDeliveries());
  }

  return {
    async start(deliverMessage) {
      deliver = deliverMessage;
      running = true;
      const startAt = options.clock();
      simulator = createSportSimulator({ seed: options.seed, startAt });
      await options.storeCatalogue(simulator.catalogue.rows);
      // A producer that has just started knows nothing of us (unsubscribed), then subscribes at
      // once, so the recovery starts now rather than at the first regular heartbeat.
      await Promise.all(
        sendByProducer([
          ...SPORT_PRODUCERS.map((producer): FeedMessage => ({ type: "alive", producer, timestamp: startAt, subscribed: false })),
          ...SPORT_PRODUCERS.map((producer): FeedMessage => ({ type: "alive", producer, timestamp: startAt, subscribed: true })),
        ]),
      );
      schedule();
    },
    requestSnapshot(producer, since, requestId) {
      // What the producer sent since `since` when it still holds it, else every event's state.
      // The request is only taken here, as a remote producer takes it: the applier asks while it
      // handles a heartbeat this adapter is still delivering, so waiting for the snapshot's
      // delivery here would wait for itself.
      void enqueue(producer, async () => {
        if (simulator) await send(simulator.snapshot(producer, requestId, options.clock(), since));
      });
      return Promise.resolve();
    },
    async stop() {
      running = false;
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      await Promise.all(queues.values());
    },
    tick,
    simulator: () => simulator,
  };
}
