import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";

/** Messages handed over between two turns of the event loop: their parsing holds the thread. */
const MESSAGES_PER_TURN = 200;

/**
 * Hands an adapter's messages to the consumer in their order without awaiting each (ADR 036):
 * event messages go straight to its queues, which keep each event's order and apply many events'
 * messages in one transaction, so a snapshot of thousands of events is stored in a few large
 * transactions instead of one per message. A producer's own message (a heartbeat, a snapshot's
 * end) is handed over only once every message before it is settled: it says how far the
 * producer's stream reached, and what it tells (a lost subscription, a snapshot stored) must follow
 * what came before it. Answers each message's result, in order.
 */
export async function deliverTogether(messages: readonly FeedMessage[], deliver: (message: FeedMessage) => Promise<void>): Promise<PromiseSettledResult<void>[]> {
  const results: PromiseSettledResult<void>[] = [];
  let handedOver: Promise<void>[] = [];
  const settleHandedOver = async () => {
    results.push(...(await Promise.allSettled(handedOver)));
    handedOver = [];
  };
  for (const [index, message] of messages.entries()) {
    // PGlite runs its statements on this thread too: other requests get their turn meanwhile.
    if (index % MESSAGES_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (!("eventId" in message)) {
      await settleHandedOver();
      handedOver.push(deliver(message));
      await settleHandedOver();
    } else handedOver.push(deliver(message));
  }
  await settleHandedOver();
  return results;
}
