import type { FastifyBaseLogger } from "fastify";
import { FeedMessageSchema, type FeedEventMessage, type FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { hasConnectionPool, type AppDatabase } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { createFeedApplier, type ApplyOutcome } from "./apply-message.ts";
import type { FeedAdapter } from "./feed-adapter.ts";
import { createEventQueues, SINGLE_CONNECTION_LIMITS } from "./event-queues.ts";
import { createProducerMonitor } from "./producers.ts";
import type { SettlementListener } from "./settlement-listener.ts";

export type FeedConsumerDependencies = {
  db: AppDatabase;
  adapter: FeedAdapter;
  /** The trading core: settles, voids and reopens bets in the transaction of each message. */
  listener: SettlementListener;
  publish: RealtimePublisher;
  clock: () => Date;
  producerTimeoutMs: number;
  logger: FastifyBaseLogger;
  onFixtureApplied?: (sportId: number) => void;
};

/**
 * The feed as one piece (ADR 035): the adapter's messages go to the applier (event messages) or
 * the producer monitor (heartbeats, snapshot ends). Messages of one event are applied in arrival
 * order, whatever waited behind the event's previous transaction in one transaction (ADR 036),
 * different events side by side; a snapshot's end waits for every
 * message delivered before it, so the producer is up only once its snapshot is stored.
 */
export function createFeedConsumer(dependencies: FeedConsumerDependencies) {
  const { db, adapter, listener, publish, clock, logger } = dependencies;
  const applier = createFeedApplier({ db, listener, publisher: publish, clock, ...(dependencies.onFixtureApplied ? { onFixtureApplied: dependencies.onFixtureApplied } : {}) });
  const producers = createProducerMonitor({ db, adapter, publisher: publish, clock, timeoutMs: dependencies.producerTimeoutMs, logger });
  const eventQueues = createEventQueues((batches) => applier.applyEventGroups(batches), hasConnectionPool(db) ? {} : SINGLE_CONNECTION_LIMITS);
  let producerQueue: Promise<unknown> = Promise.resolve();
  let starting: Promise<void> | undefined;

  function enqueueForProducer<T>(work: () => Promise<T>): Promise<T> {
    const run = producerQueue.then(work, work);
    producerQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * One message from the adapter. Resolves once it is applied, recognised as a duplicate or
   * buffered; rejects when it could not be stored (the adapter may deliver it again; a later
   * snapshot replaces the event's state either way).
   */
  async function deliver(message: FeedMessage): Promise<ApplyOutcome | "handled"> {
    const parsed = FeedMessageSchema.safeParse(message);
    if (!parsed.success) {
      logger.error({ issues: parsed.error.issues.slice(0, 5) }, "sport feed message refused: not the message model");
      throw new Error("The sport feed message does not match the message model.");
    }
    const valid = parsed.data;
    try {
      if (valid.type === "alive") return await enqueueForProducer(async () => (await producers.handleAlive(valid), "handled" as const));
      if (valid.type === "snapshot_complete") {
        return await enqueueForProducer(async () => {
          await eventQueues.settled();
          await producers.handleSnapshotComplete(valid);
          return "handled" as const;
        });
      }
      const eventMessage: FeedEventMessage = valid;
      return await eventQueues.enqueue(eventMessage);
    } catch (error) {
      logger.error({ err: error, type: valid.type, eventId: "eventId" in valid ? valid.eventId : undefined }, "sport feed message not applied");
      throw error;
    }
  }

  async function run(): Promise<void> {
    await producers.markAllDown();
    producers.start();
    await adapter.start(async (message) => {
      await deliver(message);
    });
  }

  return {
    deliver,
    /** Marks silent producers down now (the loop does it a few times per timeout). */
    checkProducers: () => producers.checkTimeouts(),
    /** Recovers the producers of gaps open for a timeout now (the loop does it too). */
    recoverStalledGaps: () => producers.recoverStalledGaps(),
    /** Every producer starts down (what it sent while we were away is lost), then the adapter starts. */
    start(): void {
      starting ??= run().catch((error: unknown) => logger.error({ err: error }, "sport feed did not start"));
    },
    async stop(): Promise<void> {
      await starting;
      await adapter.stop();
      await producers.stop();
      await Promise.allSettled([eventQueues.settled(), producerQueue]);
    },
  };
}

export type FeedConsumer = ReturnType<typeof createFeedConsumer>;
