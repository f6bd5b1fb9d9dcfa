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
  applyFixtureChanges,
  applyOddsChange,
  applyOddsChanges,
  applyRollbackBetCancel,
  applyRollbackBetSettlement,
  type MessageContext,
  type MessageEffect,
  type StoredEvent,
} from "./event-messages.ts";
import { planEventBatch, type ApplyOutcome, type EventPlan } from "./event-plans.ts";
import { createCoalescedChange, publishEventChange, publishEventChanges } from "./event-updates.ts";
import { readUpProducers } from "./producers.ts";
import type { SettlementListener } from "./settlement-listener.ts";

// ADR 035, "in order, once, per event", planned per event in event-plans.ts; ADR 036, several
// events' batches in one transaction, each kind of write one statement for all of them.

export type FeedApplierDependencies = {
  db: AppDatabase;
  listener: SettlementListener;
  publisher: RealtimePublisher;
  clock: () => Date;
  /** Told when a fixture adds or changes an event, so a sport's cached info can be dropped. */
  onFixtureApplied?: (sportId: number) => void;
};

export type { ApplyOutcome };

type LockedEvent = StoredEvent & { feedSequence: number };

const eventColumns = { id: sportEvents.id, sportId: sportEvents.sportId, status: sportEvents.status, liveState: sportEvents.liveState, producer: sportEvents.producer, feedSequence: sportEvents.feedSequence };

export function createFeedApplier(dependencies: FeedApplierDependencies) {
  const { db, listener, publisher, clock } = dependencies;

  /** The event's lock for this transaction (also before its row exists) and its stored state. */
  async function lockEvent(tx: DbTransaction, eventId: number): Promise<LockedEvent | null> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sport-event:${eventId}`}))`);
    const [row] = await tx.select(eventColumns).from(sportEvents).where(eq(sportEvents.id, eventId));
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
   * Locks the events for this transaction (also before their rows exist) and reads them. The
   * locks are taken in the order of their keys, so two transactions sharing events wait for each
   * other instead of deadlocking.
   */
  async function lockEvents(tx: DbTransaction, eventIds: readonly number[]): Promise<Map<number, LockedEvent>> {
    await tx.execute(sql`
      select count(pg_advisory_xact_lock(lock_key))
        from (select distinct hashtext('sport-event:' || id) as lock_key
                from jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb) as id
               order by lock_key) as keys`);
    const rows = await tx.select(eventColumns).from(sportEvents).where(inArray(sportEvents.id, [...eventIds]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Runs the events' planned writes: round by round, each event's next write, every fixture of a
   * round in one statement, every price write in one, other messages one after another. An event
   * appears once per round, so its writes keep their order; different events do not depend on
   * each other. Answers each event's change to publish.
   */
  async function runPlans(tx: DbTransaction, plans: readonly EventPlan[], locked: ReadonlyMap<number, LockedEvent>) {
    const context: MessageContext = { tx, now: clock(), listener };
    const states = plans.map((plan) => ({ plan, event: (locked.get(plan.eventId) ?? null) as StoredEvent | null, coalesced: createCoalescedChange() }));
    const record = (state: (typeof states)[number], effect: MessageEffect) => {
      state.coalesced.add(effect);
      state.event = effect.event;
    };
    for (let round = 0; ; round++) {
      const due = states.filter((state) => state.plan.steps.length > round);
      if (due.length === 0) break;
      const fixtures = due.flatMap((state) => {
        const step = state.plan.steps[round]!;
        return step.kind === "fixture" ? [{ state, message: step.message }] : [];
      });
      const fixtureEffects = await applyFixtureChanges(context, fixtures.map(({ state, message }) => ({ message, event: state.event })));
      fixtures.forEach(({ state }, index) => record(state, fixtureEffects[index]!));
      const prices = due.flatMap((state) => {
        const step = state.plan.steps[round]!;
        return step.kind === "odds" ? [{ state, message: step.message }] : [];
      });
      const priceEffects = await applyOddsChanges(context, prices.map(({ state, message }) => ({ message, event: state.event! })));
      prices.forEach(({ state }, index) => record(state, priceEffects[index]!));
      for (const state of due) {
        const step = state.plan.steps[round]!;
        if (step.kind === "other") record(state, await applyToRows(context, step.message, state.event));
      }
    }
    return states.flatMap((state) => state.coalesced.result() ?? []);
  }

  /** Moves the cursors of the events whose batches applied something, in one statement. */
  async function writeCursors(tx: DbTransaction, plans: readonly EventPlan[]): Promise<void> {
    const moved = plans.filter((plan) => plan.cursorMoved).map((plan) => ({ id: plan.eventId, sequence: plan.cursor }));
    if (moved.length === 0) return;
    await tx.execute(sql`
      update ${sportEvents} as e set feed_sequence = v.sequence
        from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(id bigint, sequence integer)
       where e.id = v.id`);
  }

  /** Brings `sport_feed_pending` to what the batches left waiting: new messages stored, applied or superseded ones gone. */
  async function writePending(tx: DbTransaction, plans: readonly EventPlan[]): Promise<void> {
    const gone = plans.flatMap((plan) => plan.pendingGone.map((sequence) => ({ event_id: plan.eventId, sequence })));
    if (gone.length > 0) {
      await tx.execute(sql`
        delete from ${sportFeedPending} as p
         using jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as v(event_id bigint, sequence integer)
         where p.event_id = v.event_id and p.sequence = v.sequence`);
    }
    const receivedAt = clock();
    const added = plans.flatMap((plan) => plan.pendingAdded.map((message) => ({ eventId: plan.eventId, sequence: message.sequence, message, receivedAt })));
    if (added.length > 0) await tx.insert(sportFeedPending).values(added).onConflictDoNothing();
  }

  /**
   * Batches of several events in one transaction (ADR 036): each batch planned under the rules of
   * ADR 035 (applied, a duplicate, or buffered behind a gap), the writes run round by round,
   * then the cursors, the buffer and every event's resulting state (each changed market in its
   * last state) written once for all of them. Answers each batch's plan.
   */
  async function applyGroup(batches: readonly (readonly FeedEventMessage[])[]): Promise<EventPlan[]> {
    const eventIds = batches.map((messages) => messages[0]!.eventId);
    const plans = await db.transaction(async (tx): Promise<EventPlan[]> => {
      const locked = await lockEvents(tx, eventIds);
      const stored = await tx
        .select({ eventId: sportFeedPending.eventId, sequence: sportFeedPending.sequence })
        .from(sportFeedPending)
        .where(inArray(sportFeedPending.eventId, eventIds));
      const plans = batches.map((messages, index) => {
        const storedPending = new Set(stored.filter((row) => row.eventId === eventIds[index]).map((row) => row.sequence));
        return planEventBatch(messages, locked.get(eventIds[index]!)?.feedSequence ?? null, storedPending);
      });
      const changes = await runPlans(tx, plans, locked);
      await writeCursors(tx, plans);
      await writePending(tx, plans);
      if (changes.length > 0) {
        const up = await readUpProducers(tx);
        await publishEventChanges(
          publisher,
          tx,
          changes.map((change) => ({ ...change, suspended: !up.has(change.event.producer) })),
        );
      }
      return plans;
    });
    batches.forEach((messages, index) =>
      messages.forEach((message, position) => {
        if (plans[index]!.outcomes[position] === "applied") announceFixture(message);
      }),
    );
    return plans;
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
   * Applies batches of messages, each of one event (in delivery order), all in one transaction:
   * each message once and in order; then each event's buffered successors, each in its own
   * transaction, until the next gap. Answers each message's outcome, in the batches' order. A
   * successor that fails is thrown once every event's successors were tried: the batches stay
   * applied (delivered again, their messages are duplicates) and the successor waits in the buffer.
   */
  async function applyEventGroups(batches: readonly (readonly FeedEventMessage[])[]): Promise<ApplyOutcome[][]> {
    const nonEmpty = batches.filter((messages) => messages.length > 0);
    const eventIds = nonEmpty.map((messages) => messages[0]!.eventId);
    if (nonEmpty.some((messages, index) => messages.some((message) => message.eventId !== eventIds[index]))) throw new Error("a feed batch holds the messages of one event");
    if (new Set(eventIds).size !== eventIds.length) throw new Error("a feed group holds one batch per event");
    const plans = nonEmpty.length > 0 ? await applyGroup(nonEmpty) : [];
    const failures: unknown[] = [];
    for (const plan of plans) {
      if (plan.successorWaits) await applyWaitingSuccessors(plan.eventId).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
    const outcomes = new Map(plans.map((plan) => [plan.eventId, plan.outcomes]));
    return batches.map((messages) => (messages.length > 0 ? outcomes.get(messages[0]!.eventId)! : []));
  }

  /** Messages of one event in one transaction, then its buffered successors. */
  async function applyEventMessages(messages: readonly FeedEventMessage[]): Promise<ApplyOutcome[]> {
    const [outcomes] = await applyEventGroups([messages]);
    return outcomes!;
  }

  return {
    applyEventGroups,
    applyEventMessages,
    /** One message: applied once and in order, then its buffered successors. */
    async applyEventMessage(message: FeedEventMessage): Promise<ApplyOutcome> {
      const [outcome] = await applyEventMessages([message]);
      return outcome!;
    },
  };
}
