import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import { mergeOddsChanges } from "./odds-runs.ts";

// ADR 035, "in order, once, per event": `sport_events.feed_sequence` is the last applied
// sequence. The next one is applied with the cursor's move in one transaction; a lower or equal
// one is a duplicate; a higher one waits in `sport_feed_pending`. A snapshot's message carries the
// producer's current sequence and resets the cursor to it. Which messages apply follows from the
// cursor alone, so a batch's plan is made before anything is written (ADR 036).

/** What became of a message: applied (with any buffered successors), a duplicate, or waiting for a gap. */
export type ApplyOutcome = "applied" | "duplicate" | "buffered";

type OddsChange = Extract<FeedEventMessage, { type: "odds_change" }>;
type FixtureChange = Extract<FeedEventMessage, { type: "fixture_change" }>;

/** One write of an event's batch: a fixture, consecutive price changes as one, or any other message. */
export type PlanStep = { kind: "fixture"; message: FixtureChange } | { kind: "odds"; message: OddsChange } | { kind: "other"; message: Exclude<FeedEventMessage, OddsChange | FixtureChange> };

export type EventPlan = {
  eventId: number;
  /** Each message's outcome, in the batch's order. */
  outcomes: ApplyOutcome[];
  /** The writes, in the order they are applied. */
  steps: PlanStep[];
  /** The cursor after the batch; null while the event has no fixture. */
  cursor: number | null;
  cursorMoved: boolean;
  /** Stored sequences now applied or superseded, and messages that newly wait behind a gap. */
  pendingGone: number[];
  pendingAdded: FeedEventMessage[];
  /** The cursor's successor waits in the buffer: apply it after the commit. */
  successorWaits: boolean;
};

const isSnapshot = (message: FeedEventMessage) => (message.type === "odds_change" || message.type === "fixture_change") && message.snapshot === true;

/**
 * The plan for messages of one event, in delivery order, given its cursor (null: no fixture yet)
 * and the sequences waiting in the buffer.
 */
export function planEventBatch(messages: readonly FeedEventMessage[], initialCursor: number | null, storedPending: ReadonlySet<number>): EventPlan {
  const eventId = messages[0]!.eventId;
  let cursor = initialCursor;
  /** What waits behind a gap once the batch is done: sequence → the message, or null when stored already. */
  const pending = new Map<number, FeedEventMessage | null>([...storedPending].map((sequence) => [sequence, null]));
  const outcomes: ApplyOutcome[] = [];
  const steps: PlanStep[] = [];
  /** Price changes in order, not merged yet: written together before the next other message, or at the end. */
  let oddsRun: OddsChange[] = [];
  const closeOddsRun = () => {
    if (oddsRun.length > 0) steps.push({ kind: "odds", message: mergeOddsChanges(oddsRun) });
    oddsRun = [];
  };
  for (const message of messages) {
    // An event starts with its first fixture, whatever its number: we may have joined late.
    const startsEvent = cursor === null && message.type === "fixture_change";
    const inOrder = startsEvent || (cursor !== null && (isSnapshot(message) || message.sequence === cursor + 1));
    if (!inOrder) {
      const duplicate = cursor !== null && message.sequence <= cursor;
      if (!duplicate && !pending.has(message.sequence)) pending.set(message.sequence, message);
      outcomes.push(duplicate ? "duplicate" : "buffered");
      continue;
    }
    if (message.type === "odds_change") oddsRun.push(message);
    else {
      closeOddsRun();
      steps.push(message.type === "fixture_change" ? { kind: "fixture", message } : { kind: "other", message });
    }
    cursor = message.sequence;
    // Whatever waits at or below the new cursor is superseded (a snapshot) or was applied.
    for (const sequence of pending.keys()) if (sequence <= message.sequence) pending.delete(sequence);
    outcomes.push("applied");
  }
  closeOddsRun();
  return {
    eventId,
    outcomes,
    steps,
    cursor,
    cursorMoved: cursor !== null && cursor !== initialCursor,
    pendingGone: [...storedPending].filter((sequence) => !pending.has(sequence)),
    pendingAdded: [...pending.values()].filter((message) => message !== null),
    successorWaits: cursor !== null && pending.has(cursor + 1),
  };
}
