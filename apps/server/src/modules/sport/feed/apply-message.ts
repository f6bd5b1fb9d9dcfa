import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { FeedMessageSchema, type FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import type { AppDatabase, DbTransaction } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { sportEvents, sportFeedPending } from "../sport.schema.ts";
import {
  applyBetCancel,
  applyBetSettlement,
  applyBetStop,
  applyFixtureChange,
  applyOddsChange,
  applyRollbackBetCancel,
  applyRollbackBetSettlement,
  type MessageContext,
  type MessageEffect,
  type StoredEvent,
} from "./event-messages.ts";
import { createCoalescedChange, publishEventChange } from "./event-updates.ts";
import { readUpProducers } from "./producers.ts";
import { mergeOddsChanges } from "./odds-runs.ts";
import type { SettlementListener } from "./settlement-listener.ts";

// ADR 035, "in order, once, per event": `sport_events.feed_sequence` is the last applied
// sequence. The next one is applied with the cursor's move in one transaction; a lower or equal
// one is a duplicate; a higher one waits in `sport_feed_pending`. A snapshot's message carries the
// producer's current sequence and resets the cursor to it.

export type FeedApplierDependencies = {
  db: AppDatabase;
  listener: SettlementListener;
  publisher: RealtimePublisher;
  clock: () => Date;
  /** Told when a fixture adds or changes an event, so a sport's cached info can be dropped. */
  onFixtureApplied?: (sportId: number) => void;
};

/** What became of a message: applied (with any buffered successors), a duplicate, or waiting for a gap. */
export type ApplyOutcome = "applied" | "duplicate" | "buffered";

type BatchResult = { outcomes: ApplyOutcome[]; successorWaits: boolean };

type OddsChange = Extract<FeedEventMessage, { type: "odds_change" }>;

const isSnapshot = (message: FeedEventMessage) => (message.type === "odds_change" || message.type === "fixture_change") && message.snapshot === true;

export function createFeedApplier(dependencies: FeedApplierDependencies) {
  const { db, listener, publisher, clock } = dependencies;

  /** The event's lock for this transaction (also before its row exists) and its stored state. */
  async function lockEvent(tx: DbTransaction, eventId: number): Promise<(StoredEvent & { feedSequence: number }) | null> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sport-event:${eventId}`}))`);
    const [row] = await tx
      .select({ id: sportEvents.id, sportId: sportEvents.sportId, status: sportEvents.status, liveState: sportEvents.liveState, producer: sportEvents.producer, feedSequence: sportEvents.feedSequence })
      .from(sportEvents)
      .where(eq(sportEvents.id, eventId));
    return row ?? null;
  }

  async function applyToRows(context: MessageContext, message: FeedEventMessage, event: StoredEvent | null): Promise<MessageEffect> {
    if (message.type === "fixture_change") return applyFixtureChange(context, message, event);
    if (!event) throw new Error(`sport event ${message.eventId} has no fixture`);
    switch (message.type) {
      case "odds_change":
        return applyOddsChange(context, message, event);
      case "bet_stop":
        return applyBetStop(context, message, event);
      case "bet_settlement":
        return applyBetSettlement(context, message, event);
      case "rollback_bet_settlement":
        return applyRollbackBetSettlement(context, message, event);
      case "bet_cancel":
        return applyBetCancel(context, message, event);
      case "rollback_bet_cancel":
        return applyRollbackBetCancel(context, message, event);
    }
  }

  /** Applies the message to the locked event, moves the cursor to it and publishes what changed. */
  async function applyLocked(tx: DbTransaction, message: FeedEventMessage, event: StoredEvent | null): Promise<void> {
    const effect = await applyToRows({ tx, now: clock(), listener }, message, event);
    await tx.update(sportEvents).set({ feedSequence: message.sequence }).where(eq(sportEvents.id, message.eventId));
    const suspended = !(await readUpProducers(tx)).has(effect.event.producer);
    await publishEventChange(publisher, tx, { event: effect.event, suspended, eventChanged: effect.eventChanged, markets: effect.markets });
  }

  /** After the commit, so a refilled cache cannot see the state before it. */
  function announceFixture(message: FeedEventMessage): void {
    if (message.type === "fixture_change") dependencies.onFixtureApplied?.(message.fixture.sportId);
  }

  /**
   * Messages of one event in one transaction, each in order under the rules of ADR 035 (applied,
   * a duplicate, or buffered behind a gap), then the event's resulting state published once: the
   * markets each message changed, each in its last state. Consecutive price changes are written
   * together (their resulting state, see `mergeOddsChanges`); every other message is applied on
   * the state before it. The cursor and the buffer are written once, at the end; the producers and
   * the main market are read once.
   */
  async function applyBatch(eventId: number, messages: readonly FeedEventMessage[]): Promise<BatchResult> {
    const result = await db.transaction(async (tx): Promise<BatchResult> => {
      const locked = await lockEvent(tx, eventId);
      let event: StoredEvent | null = locked;
      const initialCursor = locked?.feedSequence ?? null;
      let cursor = initialCursor;
      const stored = await tx.select({ sequence: sportFeedPending.sequence }).from(sportFeedPending).where(eq(sportFeedPending.eventId, eventId));
      const storedPending = new Set(stored.map((row) => row.sequence));
      /** What waits behind a gap once the batch is done: sequence → the message, or null when stored already. */
      const pending = new Map<number, FeedEventMessage | null>(stored.map((row) => [row.sequence, null]));
      const coalesced = createCoalescedChange();
      const outcomes: ApplyOutcome[] = [];
      /** Price changes in order, not written yet: written together before the next other message, or at the end. */
      let oddsRun: OddsChange[] = [];
      const writeOddsRun = async () => {
        if (oddsRun.length === 0) return;
        const effect = await applyOddsChange({ tx, now: clock(), listener }, mergeOddsChanges(oddsRun), event!);
        coalesced.add(effect);
        event = effect.event;
        oddsRun = [];
      };
      for (const message of messages) {
        // An event starts with its first fixture, whatever its number: we may have joined late.
        const startsEvent = event === null && message.type === "fixture_change";
        const inOrder = startsEvent || (cursor !== null && (isSnapshot(message) || message.sequence === cursor + 1));
        if (!inOrder) {
          const duplicate = cursor !== null && message.sequence <= cursor;
          if (!duplicate && !pending.has(message.sequence)) pending.set(message.sequence, message);
          outcomes.push(duplicate ? "duplicate" : "buffered");
          continue;
        }
        if (message.type === "odds_change") oddsRun.push(message);
        else {
          await writeOddsRun();
          const effect = await applyToRows({ tx, now: clock(), listener }, message, event);
          coalesced.add(effect);
          event = effect.event;
        }
        cursor = message.sequence;
        // Whatever waits at or below the new cursor is superseded (a snapshot) or was applied.
        for (const sequence of pending.keys()) if (sequence <= message.sequence) pending.delete(sequence);
        outcomes.push("applied");
      }
      await writeOddsRun();
      if (cursor !== null && cursor !== initialCursor) await tx.update(sportEvents).set({ feedSequence: cursor }).where(eq(sportEvents.id, eventId));
      await storePending(tx, eventId, storedPending, pending);
      const change = coalesced.result();
      if (change) {
        const suspended = !(await readUpProducers(tx)).has(change.event.producer);
        await publishEventChange(publisher, tx, { ...change, suspended });
      }
      return { outcomes, successorWaits: cursor !== null && pending.has(cursor + 1) };
    });
    messages.forEach((message, index) => {
      if (result.outcomes[index] === "applied") announceFixture(message);
    });
    return result;
  }

  /** Brings `sport_feed_pending` to what the batch left waiting: new messages stored, applied or superseded ones gone. */
  async function storePending(tx: DbTransaction, eventId: number, stored: ReadonlySet<number>, pending: ReadonlyMap<number, FeedEventMessage | null>): Promise<void> {
    const gone = [...stored].filter((sequence) => !pending.has(sequence));
    if (gone.length > 0) await tx.delete(sportFeedPending).where(and(eq(sportFeedPending.eventId, eventId), inArray(sportFeedPending.sequence, gone)));
    const added = [...pending.values()].filter((message) => message !== null);
    if (added.length > 0) {
      const receivedAt = clock();
      await tx
        .insert(sportFeedPending)
        .values(added.map((message) => ({ eventId, sequence: message.sequence, message, receivedAt })))
        .onConflictDoNothing();
    }
  }

  /** Applies the buffered successor of the cursor, if there is one; false when the gap remains. */
  async function applyNextPending(eventId: number): Promise<boolean> {
    const applied = await db.transaction(async (tx): Promise<FeedEventMessage | null> => {
      const event = await lockEvent(tx, eventId);
      if (!event) return null;
      await tx.delete(sportFeedPending).where(and(eq(sportFeedPending.eventId, eventId), lte(sportFeedPending.sequence, event.feedSequence)));
      const [next] = await tx
        .select()
        .from(sportFeedPending)
        .where(and(eq(sportFeedPending.eventId, eventId), eq(sportFeedPending.sequence, event.feedSequence + 1)));
      if (!next) return null;
      const message = FeedMessageSchema.parse(next.message) as FeedEventMessage;
      await applyLocked(tx, message, event);
      await tx.delete(sportFeedPending).where(and(eq(sportFeedPending.eventId, eventId), eq(sportFeedPending.sequence, next.sequence)));
      return message;
    });
    if (applied) announceFixture(applied);
    return applied !== null;
  }

  /** Applies the buffered successors of the cursor, each in its own transaction, until the next gap. */
  async function applyWaitingSuccessors(eventId: number): Promise<void> {
    while (await applyNextPending(eventId));
  }

  /**
   * Applies messages of one event (in delivery order) in one transaction: each once and in order,
   * then every buffered successor, each in its own transaction, until the next gap. Answers each
   * message's outcome, in the messages' order.
   */
  async function applyEventMessages(messages: readonly FeedEventMessage[]): Promise<ApplyOutcome[]> {
    if (messages.length === 0) return [];
    const eventId = messages[0]!.eventId;
    if (messages.some((message) => message.eventId !== eventId)) throw new Error("a feed batch holds the messages of one event");
    const { outcomes, successorWaits } = await applyBatch(eventId, messages);
    if (successorWaits) await applyWaitingSuccessors(eventId);
    return outcomes;
  }

  return {
    applyEventMessages,
    /** One message: applied once and in order, then its buffered successors. */
    async applyEventMessage(message: FeedEventMessage): Promise<ApplyOutcome> {
      const [outcome] = await applyEventMessages([message]);
      return outcome!;
    },
  };
}
