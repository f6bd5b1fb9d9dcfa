import type { FeedMessage, SportProducer } from "@playfair/contracts/sport/feed-messages";

/**
 * What an odds feed looks like to us (ADR 035): a stream of messages and a way to ask a producer
 * for its current state. The in-house simulator is the default; a real feed's adapter translates
 * its wire format into `FeedMessage`s and sits behind the same interface.
 */
export interface FeedAdapter {
  /**
   * Starts delivering messages; `deliver` resolves once the message is applied (or safely
   * buffered) and rejects when it could not be stored (the trading core failed, a fixture names a
   * championship that does not exist): the adapter handles the rejection, delivering the message
   * again or moving on (the next snapshot replaces the event's state).
   */
  start(deliver: (message: FeedMessage) => Promise<void>): Promise<void>;
  /**
   * Asks the producer to send its current state again: a `fixture_change` and an `odds_change` for
   * every event it covers (each with the event's current sequence), then `snapshot_complete` with
   * `requestId`. `since` is the producer timestamp of the last message we applied (0: everything).
   */
  requestSnapshot(producer: SportProducer, since: number, requestId: string): Promise<void>;
  stop(): Promise<void>;
}
