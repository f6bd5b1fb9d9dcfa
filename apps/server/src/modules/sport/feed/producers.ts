import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { SPORT_PRODUCERS, type FeedMessage, type SportProducer } from "@playfair/contracts/sport/feed-messages";
import type { AppDatabase, DbExecutor, DbTransaction } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { sportFeedPending, sportProducers } from "../sport.schema.ts";
import { publishProducerChange } from "./event-updates.ts";
import type { FeedAdapter } from "./feed-adapter.ts";

// A producer's health (ADR 035). up: its messages are current. down: its heartbeats stopped or
// said it lost our subscription; every market of its events counts as suspended. recovering: it
// is back and we asked for a snapshot; it is up again only when that very snapshot completes.

const PRODUCER_STATUS = { up: "up", down: "down", recovering: "recovering" } as const;

/** Timeouts after which a message still waiting behind a gap is given up. */
const ABANDONED_GAP_TIMEOUTS = 3;

/** The producers that are up; a producer never heard from is down. */
export async function readUpProducers(executor: DbExecutor): Promise<Set<string>> {
  const rows = await executor.select({ id: sportProducers.id }).from(sportProducers).where(eq(sportProducers.status, PRODUCER_STATUS.up));
  return new Set(rows.map((row) => row.id));
}

export type ProducerMonitorDependencies = {
  db: AppDatabase;
  adapter: Pick<FeedAdapter, "requestSnapshot">;
  publisher: RealtimePublisher;
  clock: () => Date;
  timeoutMs: number;
  logger: FastifyBaseLogger;
};

export function createProducerMonitor(dependencies: ProducerMonitorDependencies) {
  const { db, adapter, publisher, clock, timeoutMs, logger } = dependencies;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<unknown> | undefined;

  /** The producer's row, locked for this transaction; created down when first heard from. */
  async function lockProducer(tx: DbTransaction, producer: SportProducer) {
    await tx.insert(sportProducers).values({ id: producer, status: PRODUCER_STATUS.down }).onConflictDoNothing();
    const [row] = await tx.select().from(sportProducers).where(eq(sportProducers.id, producer)).for("update");
    return row!;
  }

  async function markDown(tx: DbTransaction, producer: string, wasUp: boolean): Promise<void> {
    const at = clock();
    await tx
      .update(sportProducers)
      .set({ status: PRODUCER_STATUS.down, recoveryRequestId: null, updatedAt: at, ...(wasUp ? { suspendedAt: at } : {}) })
      .where(eq(sportProducers.id, producer));
    if (wasUp) await publishProducerChange(publisher, tx, producer, true);
  }

  type SnapshotRequest = { producer: SportProducer; requestId: string; since: number };

  /**
   * Starts a recovery in the producer's locked transaction: a fresh request id, from the last
   * point of its stream we know we applied. A producer that was up is suspended from now on.
   */
  async function beginRecovery(tx: DbTransaction, row: typeof sportProducers.$inferSelect, at: Date): Promise<SnapshotRequest> {
    const requestId = randomUUID();
    const wasUp = row.status === PRODUCER_STATUS.up;
    await tx
      .update(sportProducers)
      .set({ status: PRODUCER_STATUS.recovering, recoveryRequestId: requestId, updatedAt: at, ...(wasUp ? { suspendedAt: at } : {}) })
      .where(eq(sportProducers.id, row.id));
    if (wasUp) await publishProducerChange(publisher, tx, row.id, true);
    return { producer: row.id as SportProducer, requestId, since: row.lastMessageAt?.getTime() ?? 0 };
  }

  /** Asks the adapter, after the commit; a failed request leaves the producer down, so the next heartbeat asks again. */
  async function sendSnapshotRequest(request: SnapshotRequest): Promise<void> {
    try {
      await adapter.requestSnapshot(request.producer, request.since, request.requestId);
    } catch (error) {
      logger.warn({ err: error, producer: request.producer }, "sport feed snapshot request failed");
      await db
        .update(sportProducers)
        .set({ status: PRODUCER_STATUS.down, recoveryRequestId: null, updatedAt: clock() })
        .where(and(eq(sportProducers.id, request.producer), eq(sportProducers.recoveryRequestId, request.requestId)));
    }
  }

  /**
   * A heartbeat. While up it records how far the producer's stream reached (what a later
   * recovery asks for); after an outage it asks for a snapshot with a fresh request id, and asks
   * again when a recovery has stalled for a whole timeout.
   */
  async function handleAlive(message: Extract<FeedMessage, { type: "alive" }>): Promise<void> {
    const at = clock();
    const request = await db.transaction(async (tx): Promise<SnapshotRequest | null> => {
      const row = await lockProducer(tx, message.producer);
      await tx.update(sportProducers).set({ lastAliveAt: at }).where(eq(sportProducers.id, message.producer));
      if (!message.subscribed) {
        if (row.status !== PRODUCER_STATUS.down) await markDown(tx, message.producer, row.status === PRODUCER_STATUS.up);
        return null;
      }
      if (row.status === PRODUCER_STATUS.up) {
        await tx.update(sportProducers).set({ lastMessageAt: new Date(message.timestamp) }).where(eq(sportProducers.id, message.producer));
        return null;
      }
      const stalled = row.status === PRODUCER_STATUS.recovering && at.getTime() - row.updatedAt.getTime() >= timeoutMs;
      if (row.status === PRODUCER_STATUS.recovering && !stalled) return null;
      return beginRecovery(tx, row, at);
    });
    if (request) await sendSnapshotRequest(request);
  }

  /**
   * A sequence gap that stays open for a timeout means a message was lost: the producer of the
   * waiting messages recovers through a snapshot, which replaces the events' state. Messages still
   * waiting after several timeouts (an event no snapshot knows) are dropped. Answers the
   * producers asked for a snapshot.
   */
  async function recoverStalledGaps(): Promise<string[]> {
    const at = clock();
    const dropped = await db
      .delete(sportFeedPending)
      .where(lt(sportFeedPending.receivedAt, new Date(at.getTime() - ABANDONED_GAP_TIMEOUTS * timeoutMs)))
      .returning({ eventId: sportFeedPending.eventId, sequence: sportFeedPending.sequence });
    if (dropped.length > 0) logger.warn({ messages: dropped.slice(0, 20) }, "sport feed messages dropped: their gap never closed");
    const stalled = await db
      .selectDistinct({ producer: sql<string>`${sportFeedPending.message}->>'producer'` })
      .from(sportFeedPending)
      .where(lt(sportFeedPending.receivedAt, new Date(at.getTime() - timeoutMs)));
    const requests: SnapshotRequest[] = [];
    for (const { producer } of stalled) {
      if (!(SPORT_PRODUCERS as readonly string[]).includes(producer)) continue;
      const request = await db.transaction(async (tx) => {
        const row = await lockProducer(tx, producer as SportProducer);
        return row.status === PRODUCER_STATUS.up ? beginRecovery(tx, row, at) : null;
      });
      if (request) requests.push(request);
    }
    for (const request of requests) await sendSnapshotRequest(request);
    return requests.map((request) => request.producer);
  }

  /** The end of a snapshot: the producer is up if it is the one we are waiting for. */
  async function handleSnapshotComplete(message: Extract<FeedMessage, { type: "snapshot_complete" }>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await lockProducer(tx, message.producer);
      if (row.status !== PRODUCER_STATUS.recovering || row.recoveryRequestId !== message.requestId) return false;
      await tx
        .update(sportProducers)
        // The snapshot's end is a sign of life too: its heartbeats may still wait behind a long
        // snapshot, and a stale lastAliveAt would mark it down again at the next check.
        .set({ status: PRODUCER_STATUS.up, recoveryRequestId: null, lastMessageAt: new Date(message.timestamp), lastAliveAt: clock(), updatedAt: clock() })
        .where(eq(sportProducers.id, message.producer));
      await publishProducerChange(publisher, tx, message.producer, false);
      return true;
    });
  }

  /**
   * Marks down every up producer whose heartbeats stopped for the timeout; answers which. A
   * recovering producer is suspended already, and its heartbeats may wait behind the snapshot it
   * is sending (a large one on a slow database takes longer than the timeout): marking it down
   * would refuse that snapshot's end and start the same snapshot again, for ever. A recovery that
   * really stalled is asked again by the next heartbeat.
   */
  async function checkTimeouts(): Promise<string[]> {
    const cutoff = new Date(clock().getTime() - timeoutMs);
    return db.transaction(async (tx) => {
      const silent = await tx
        .select({ id: sportProducers.id, status: sportProducers.status })
        .from(sportProducers)
        .where(and(eq(sportProducers.status, PRODUCER_STATUS.up), or(isNull(sportProducers.lastAliveAt), lt(sportProducers.lastAliveAt, cutoff))))
        .for("update");
      for (const row of silent) await markDown(tx, row.id, row.status === PRODUCER_STATUS.up);
      return silent.map((row) => row.id);
    });
  }

  /**
   * On start-up: whatever a producer sent while this process was not listening is lost, so every
   * producer starts down and recovers through a snapshot on its first heartbeat.
   */
  async function markAllDown(): Promise<void> {
    await db.transaction(async (tx) => {
      const known = await tx.select({ id: sportProducers.id, status: sportProducers.status }).from(sportProducers).for("update");
      for (const row of known) {
        if (row.status !== PRODUCER_STATUS.down) await markDown(tx, row.id, row.status === PRODUCER_STATUS.up);
      }
    });
  }

  return {
    handleAlive,
    handleSnapshotComplete,
    checkTimeouts,
    recoverStalledGaps,
    markAllDown,
    /** Checks for silent producers and stalled gaps a few times per timeout. */
    start() {
      if (timer) return;
      timer = setInterval(
        () => {
          if (checking) return;
          checking = checkTimeouts()
            .then(recoverStalledGaps)
            .catch((error: unknown) => logger.warn({ err: error }, "sport producer check failed"))
            .finally(() => {
              checking = undefined;
            });
        },
        Math.max(250, Math.floor(timeoutMs / 4)),
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await checking;
    },
  };
}
