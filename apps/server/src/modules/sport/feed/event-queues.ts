import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import type { ApplyOutcome } from "./event-plans.ts";

/** Messages applied in one transaction at most, over all its events: one transaction stays short. */
export const MAX_GROUP_MESSAGES = 500;

/**
 * Transactions running at once. More would only queue for the database's connections, ahead of
 * the outbox dispatcher's, while fewer messages wait to be applied together.
 */
export const MAX_CONCURRENT_GROUPS = 4;

/**
 * On PGlite one connection serves every statement of the process in turn, and a transaction holds
 * it to its end: the feed takes one short transaction at a time there, so a game round's or the
 * outbox's statements never wait behind several feed transactions.
 */
export const SINGLE_CONNECTION_LIMITS = { maxBatch: 100, maxConcurrent: 1 } as const;

type Waiting = { message: FeedEventMessage; resolve: (outcome: ApplyOutcome) => void; reject: (error: unknown) => void };
type EventBatch = { eventId: number; waiting: Waiting[] };

/**
 * Applies batches of messages, each of one event and in order, all in one transaction; answers
 * each message's outcome, batch by batch.
 */
export type ApplyEventGroup = (batches: readonly (readonly FeedEventMessage[])[]) => Promise<ApplyOutcome[][]>;

/**
 * The feed consumer's queues (ADR 036). An event's messages wait in its queue while a transaction
 * holding its earlier ones runs; every other event's waiting messages are taken together, several
 * events in one transaction (up to `maxBatch` messages in all), so transactions grow with the
 * backlog and a message waits for at most one transaction of its event before its own. At most
 * `maxConcurrent` transactions run at once; events wait their turn in the order they became ready.
 * A group whose transaction fails is applied again event by event, and an event's batch that
 * fails alone message by message, so only a message that fails alone is refused.
 */
export function createEventQueues(applyGroup: ApplyEventGroup, options: { maxBatch?: number; maxConcurrent?: number } = {}) {
  const maxBatch = options.maxBatch ?? MAX_GROUP_MESSAGES;
  const maxConcurrent = options.maxConcurrent ?? MAX_CONCURRENT_GROUPS;
  /** Messages not taken yet, per event. */
  const queues = new Map<number, Waiting[]>();
  /** Events with messages in a running transaction: their next messages wait for it. */
  const busy = new Set<number>();
  /** Events with waiting messages and none running, in the order they became ready. */
  const ready = new Set<number>();
  const inFlight = new Set<Promise<unknown>>();
  let running = 0;
  let pumpScheduled = false;

  /**
   * Starts the next transactions on the event loop's next turn: messages handed over together
   * (a posted batch, a snapshot) go in one transaction, and on PGlite, whose statements run on
   * this thread, other work gets its turn between two transactions.
   */
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  }

  function pump(): void {
    pumpScheduled = false;
    while (running < maxConcurrent && ready.size > 0) {
      running += 1;
      void runGroup(takeGroup());
    }
  }

  /** The ready events' waiting messages, oldest ready first, up to `maxBatch` messages. */
  function takeGroup(): EventBatch[] {
    const group: EventBatch[] = [];
    let room = maxBatch;
    for (const eventId of ready) {
      if (room === 0) break;
      const queue = queues.get(eventId)!;
      const waiting = queue.splice(0, room);
      room -= waiting.length;
      if (queue.length === 0) queues.delete(eventId);
      ready.delete(eventId);
      busy.add(eventId);
      group.push({ eventId, waiting });
    }
    return group;
  }

  async function runGroup(group: EventBatch[]): Promise<void> {
    try {
      await applyWithFallback(group);
    } finally {
      running -= 1;
      for (const { eventId } of group) {
        busy.delete(eventId);
        if (queues.has(eventId)) ready.add(eventId);
      }
      schedulePump();
    }
  }

  async function applyWithFallback(group: readonly EventBatch[]): Promise<void> {
    try {
      const outcomes = await applyGroup(group.map((batch) => batch.waiting.map((waiting) => waiting.message)));
      group.forEach((batch, index) => batch.waiting.forEach((waiting, position) => waiting.resolve(outcomes[index]![position]!)));
    } catch (error) {
      // Nothing of the failed transaction was written: each part is applied again on its own.
      if (group.length > 1) for (const batch of group) await applyWithFallback([batch]);
      else if (group[0]!.waiting.length > 1) await applyOneByOne(group[0]!);
      else group[0]!.waiting[0]!.reject(error);
    }
  }

  async function applyOneByOne(batch: EventBatch): Promise<void> {
    for (const waiting of batch.waiting) {
      try {
        const [[outcome]] = (await applyGroup([[waiting.message]])) as [[ApplyOutcome]];
        waiting.resolve(outcome);
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  return {
    /** Queues the message behind its event's earlier ones; resolves once it is applied, a duplicate or buffered. */
    enqueue(message: FeedEventMessage): Promise<ApplyOutcome> {
      const done = new Promise<ApplyOutcome>((resolve, reject) => {
        const waiting = { message, resolve, reject };
        const queue = queues.get(message.eventId);
        if (queue) queue.push(waiting);
        else queues.set(message.eventId, [waiting]);
        if (!busy.has(message.eventId)) ready.add(message.eventId);
        schedulePump();
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
