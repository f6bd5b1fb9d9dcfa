import type { FeedMessage, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { SPORT_PRODUCERS } from "@playfair/contracts/sport/feed-messages";
import type { SportCatalogueRows } from "@playfair/contracts/sport/feed-catalogue";
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
 * producers with `subscribed: false` (a producer that has just started knows nothing of us, so the
 * applier recovers from a snapshot). Then every `tickMs` it delivers what is due, one message at a
 * time. A message the applier could not take marks its producer unsubscribed on the next alive,
 * which sends the applier to recovery instead of leaving a gap.
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
  let queue: Promise<void> = Promise.resolve();
  const lost = new Set<SportProducer>();

  async function send(messages: FeedMessage[]): Promise<void> {
    for (const message of messages) {
      if (!running || !deliver) return;
      // PGlite runs its statements on this thread and a promise chain never lets the event loop
      // turn: without this pause a snapshot of thousands of messages would hold every request
      // (the health check included) until it ends.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const outgoing = message.type === "alive" && lost.has(message.producer) ? { ...message, subscribed: false } : message;
      if (outgoing.type === "alive") lost.delete(outgoing.producer);
      try {
        await deliver(outgoing);
      } catch (error) {
        lost.add(message.producer);
        options.onError?.(error);
      }
    }
  }

  function enqueue(work: () => Promise<void>): Promise<void> {
    queue = queue.then(work, work);
    return queue;
  }

  function schedule(): void {
    if (!running) return;
    timer = scheduler.setTimeout(() => {
      void tick().finally(schedule);
    }, tickMs);
  }

  function tick(): Promise<void> {
    return enqueue(async () => {
      if (simulator) await send(simulator.advanceTo(options.clock()));
    });
  }

  return {
    async start(deliverMessage) {
      deliver = deliverMessage;
      running = true;
      const startAt = options.clock();
      simulator = createSportSimulator({ seed: options.seed, startAt });
      await options.storeCatalogue(simulator.catalogue.rows);
      await enqueue(() => send(SPORT_PRODUCERS.map((producer) => ({ type: "alive", producer, timestamp: startAt, subscribed: false }))));
      schedule();
    },
    requestSnapshot(producer, since, requestId) {
      // What the producer sent since `since` when it still holds it, else every event's state.
      // The request is only taken here, as a remote producer takes it: the applier asks while it
      // handles a heartbeat this adapter is still delivering, so waiting for the snapshot's
      // delivery here would wait for itself.
      void enqueue(async () => {
        if (simulator) await send(simulator.snapshot(producer, requestId, options.clock(), since));
      });
      return Promise.resolve();
    },
    async stop() {
      running = false;
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      await queue;
    },
    tick,
    simulator: () => simulator,
  };
}
