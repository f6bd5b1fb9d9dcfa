import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import type { ApplyOutcome } from "./apply-message.ts";

/** Messages of one event applied in one transaction at most: one transaction stays short. */
export const MAX_EVENT_BATCH = 200;

/**
 * Event transactions running at once. More would only queue for the database's connections, ahead
 * of the outbox dispatcher's, while fewer messages wait per event to be applied together.
 */
export const MAX_CONCURRENT_EVENT_BATCHES = 4;

/**
 * On PGlite one connection serves every statement of the process in turn, and a transaction holds
 * it to its end: the feed takes one short transaction at a time there, so a game round's or the
 * outbox's statements never wait behind several long feed batches.
 */
export const SINGLE_CONNECTION_LIMITS = { maxBatch: 25, maxConcurrent: 1 } as const;

type Waiting = { message: FeedEventMessage; resolve: (outcome: ApplyOutcome) => void; reject: (error: unknown) => void };

/** Applies messages of one event, in order, in one transaction; answers each one's outcome. */
export type ApplyEventBatch = (messages: readonly FeedEventMessage[]) => Promise<ApplyOutcome[]>;

/**
 * The feed consumer's queues (ADR 036): messages of one event are applied one batch after
 * another, different events side by side. Whatever waits in an event's queue when its previous
 * transaction ends is the next batch (up to `maxBatch` messages), so batches grow with the backlog
 * and a message waits for at most one transaction of its event before its own. At most
 * `maxConcurrent` events' batches run at once, the others wait their turn in arrival order (and
 * gather more messages meanwhile). A batch that fails is applied again message by message, so only
 * a message that fails alone is refused.
 */
export function createEventQueues(applyBatch: ApplyEventBatch, options: { maxBatch?: number; maxConcurrent?: number } = {}) {
  const maxBatch = options.maxBatch ?? MAX_EVENT_BATCH;
  const maxConcurrent = options.maxConcurrent ?? MAX_CONCURRENT_EVENT_BATCHES;
  const queues = new Map<number, Waiting[]>();
  const inFlight = new Set<Promise<unknown>>();
  let running = 0;
  const turns: (() => void)[] = [];

  /** A turn to run a batch: at once while fewer than `maxConcurrent` run, else after the turns asked before. */
  function takeTurn(): Promise<void> {
    if (running < maxConcurrent) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => turns.push(resolve));
  }

  function endTurn(): void {
    const next = turns.shift();
    if (next) next();
    else running -= 1;
  }

  async function applyOneByOne(batch: readonly Waiting[]): Promise<void> {
    for (const waiting of batch) {
      try {
        const [outcome] = await applyBatch([waiting.message]);
        waiting.resolve(outcome!);
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  async function drain(eventId: number, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      await takeTurn();
      const batch = queue.splice(0, maxBatch);
      try {
        const outcomes = await applyBatch(batch.map((waiting) => waiting.message));
        batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await applyOneByOne(batch);
      } finally {
        endTurn();
      }
    }
    queues.delete(eventId);
  }

  return {
    /** Queues the message behind its event's earlier ones; resolves once it is applied, a duplicate or buffered. */
    enqueue(message: FeedEventMessage): Promise<ApplyOutcome> {
      const done = new Promise<ApplyOutcome>((resolve, reject) => {
        const waiting = { message, resolve, reject };
        const queue = queues.get(message.eventId);
        if (queue) queue.push(waiting);
        else {
          const fresh = [waiting];
          queues.set(message.eventId, fresh);
          void drain(message.eventId, fresh);
        }
      });
      const settled = done.catch(() => undefined);
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
      return done;
    },
    /** Settles once every message queued so far is applied or refused. */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
