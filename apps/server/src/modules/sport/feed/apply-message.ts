import { and, eq, lte, sql } from "drizzle-orm";
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
import { publishEventChange } from "./event-updates.ts";
import { readUpProducers } from "./producers.ts";
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

  async function buffer(tx: DbTransaction, message: FeedEventMessage): Promise<void> {
    await tx.insert(sportFeedPending).values({ eventId: message.eventId, sequence: message.sequence, message, receivedAt: clock() }).onConflictDoNothing();
  }

  /** One message in its own transaction: applied, recognised as a duplicate, or buffered. */
  async function applyOne(message: FeedEventMessage): Promise<ApplyOutcome> {
    const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
      const event = await lockEvent(tx, message.eventId);
      // An event starts with its first fixture, whatever its number: we may have joined late.
      const startsEvent = event === null && message.type === "fixture_change";
      if (event === null && !startsEvent) {
        await buffer(tx, message);
        return "buffered";
      }
      if (!startsEvent && !isSnapshot(message)) {
        const cursor = event!.feedSequence;
        if (message.sequence <= cursor) return "duplicate";
        if (message.sequence > cursor + 1) {
          await buffer(tx, message);
          return "buffered";
        }
      }
      await applyLocked(tx, message, event);
      // Whatever waits at or below the new cursor is superseded (a snapshot) or was applied.
      await tx.delete(sportFeedPending).where(and(eq(sportFeedPending.eventId, message.eventId), lte(sportFeedPending.sequence, message.sequence)));
      return "applied";
    });
    if (outcome === "applied") announceFixture(message);
    return outcome;
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

  return {
    /**
     * Applies an event message once and in order: then every buffered successor, each in its own
     * transaction, until the next gap.
     */
    async applyEventMessage(message: FeedEventMessage): Promise<ApplyOutcome> {
      const outcome = await applyOne(message);
      if (outcome === "applied") while (await applyNextPending(message.eventId));
      return outcome;
    },
  };
}
