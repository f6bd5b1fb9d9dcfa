import type { FeedMessage, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { SPORT_PRODUCERS } from "@playfair/contracts/sport/feed-messages";
import { buildCatalogue, DAY_MS, fixturesOfDay, type SimCatalogue, type SimFixture } from "./calendar.ts";
import { eventScript, marketsOf, modelOf, type Published, type ScriptItem } from "./event-script.ts";

/**
 * The in-house odds feed: a seeded calendar of a week ahead, each event running its own script.
 * `advanceTo(t)` returns every message due up to t, in time order, with sequence numbers 1, 2, 3
 * ... per event; the stream does not depend on how often it is asked (one call to t, or many on
 * the way, give the same messages). `snapshot` answers a producer's recovery: the messages it sent
 * since the point the consumer asks from, when the simulator still holds them all, or else the
 * current state of every event it covers.
 */

export const ALIVE_EVERY_MS = 10_000;
export const HORIZON_DAYS = 7;
/** Events that started before the day a simulator starts may still be running (outrights last days). */
const LOOKBACK_DAYS = 3;
/** How far back a recovery can be answered with the messages themselves; older asks get the full state. */
export const REPLAY_WINDOW_MS = 30 * 60_000;

type Runner = {
  fixture: SimFixture;
  script: Generator<ScriptItem, void, undefined>;
  pending: ScriptItem | null;
  sequence: number;
  published: Published | null;
  done: boolean;
};

export type SportSimulator = {
  catalogue: SimCatalogue;
  advanceTo(time: number): FeedMessage[];
  /**
   * A recovery's answer, ending with `snapshot_complete`: every event message of the producer
   * timestamped at or after `since` (the consumer drops what it already applied by sequence) when
   * the replay window reaches back that far, or else a `fixture_change` and an `odds_change` of
   * each event it covers, flagged `snapshot`.
   */
  snapshot(producer: SportProducer, requestId: string, time: number, since?: number): FeedMessage[];
  /** Events the simulator currently runs, and how many of them are live. */
  counts(): { events: number; live: number };
};

export function createSportSimulator(options: { seed: number; startAt: number }): SportSimulator {
  const { seed } = options;
  const catalogue = buildCatalogue(seed);
  const runners = new Map<number, Runner>();
  const loadedDays = new Set<number>();
  let clock = options.startAt;
  /** The event messages sent within the replay window, oldest first; nothing from before the start. */
  const journal: FeedMessage[] = [];
  let journalFrom = options.startAt;

  function remember(messages: FeedMessage[], time: number): void {
    for (const message of messages) if (message.type !== "alive") journal.push(message);
    const horizon = time - REPLAY_WINDOW_MS;
    if (horizon <= journalFrom) return;
    let dropped = 0;
    while (dropped < journal.length && journal[dropped]!.timestamp < horizon) dropped += 1;
    journal.splice(0, dropped);
    journalFrom = horizon;
  }

  function fullState(producer: SportProducer, time: number): FeedMessage[] {
    const messages: FeedMessage[] = [];
    for (const runner of runners.values()) {
      const published = runner.published;
      if (!published || published.producer !== producer || published.closed) continue;
      const base = { producer, timestamp: time, eventId: runner.fixture.eventId, sequence: runner.sequence, snapshot: true } as const;
      messages.push({ ...base, type: "fixture_change", changeType: "new", fixture: published.fixture });
      const model = modelOf(runner.fixture);
      const liveState = published.status === "not_started" || !published.fixture.liveCoverage ? {} : { liveState: model.liveState(published.match) };
      messages.push({ ...base, type: "odds_change", eventStatus: published.status, ...liveState, markets: marketsOf(model, published) });
    }
    return messages;
  }

  function pull(runner: Runner): ScriptItem | null {
    if (runner.pending) return runner.pending;
    const next = runner.script.next();
    if (next.done) {
      runner.done = true;
      return null;
    }
    runner.pending = next.value;
    return runner.pending;
  }

  /** Consumes the runner's items due by `time`; the messages only when `emit` (a fast-forward skips building them). */
  function drain(runner: Runner, time: number, emit: boolean, out: FeedMessage[]): void {
    for (let item = pull(runner); item && item.at <= time; item = pull(runner)) {
      runner.pending = null;
      runner.sequence += 1;
      runner.published = item.published;
      if (emit) out.push({ ...item.body, producer: item.published.producer, timestamp: item.at, eventId: runner.fixture.eventId, sequence: runner.sequence } as FeedMessage);
    }
    if (runner.done) runners.delete(runner.fixture.eventId);
  }

  /** Starts the scripts of one day's fixtures; at start-up they catch up with the clock silently. */
  function loadDay(day: number, fastForwardTo: number | null): void {
    if (loadedDays.has(day)) return;
    loadedDays.add(day);
    for (const fixture of fixturesOfDay(seed, catalogue, day)) {
      // Matches from earlier days that must be over are never started: nothing of them remains.
      const lasts = fixture.sport.kind === "outright" ? 3 * DAY_MS : 8 * 3_600_000;
      if (fastForwardTo !== null && fixture.startsAt + lasts < fastForwardTo) continue;
      const runner: Runner = { fixture, script: eventScript(fixture, catalogue), pending: null, sequence: 0, published: null, done: false };
      runners.set(fixture.eventId, runner);
      if (fastForwardTo !== null) drain(runner, fastForwardTo, false, []);
    }
  }

  const firstDay = Math.floor(clock / DAY_MS);
  for (let day = firstDay - LOOKBACK_DAYS; day <= firstDay + HORIZON_DAYS; day++) loadDay(day, clock);

  function alives(from: number, to: number, out: { at: number; message: FeedMessage }[]): void {
    for (let at = Math.floor(from / ALIVE_EVERY_MS) * ALIVE_EVERY_MS + ALIVE_EVERY_MS; at <= to; at += ALIVE_EVERY_MS) {
      for (const producer of SPORT_PRODUCERS) out.push({ at, message: { type: "alive", producer, timestamp: at, subscribed: true } });
    }
  }

  return {
    catalogue,
    advanceTo(time) {
      if (time <= clock) return [];
      const due: { at: number; message: FeedMessage }[] = [];
      // Day by day, so a new day's events are published when that day begins.
      for (let day = Math.floor(clock / DAY_MS) + 1; day * DAY_MS <= time; day++) loadDay(day + HORIZON_DAYS, null);
      for (const runner of [...runners.values()]) {
        const messages: FeedMessage[] = [];
        drain(runner, time, true, messages);
        for (const message of messages) due.push({ at: message.timestamp, message });
      }
      alives(clock, time, due);
      clock = time;
      // Stable: one event's messages keep their order; the same instant orders by event id.
      const ordered = due
        .map((entry, position) => ({ ...entry, position }))
        .sort((left, right) => left.at - right.at || eventOrder(left.message) - eventOrder(right.message) || left.position - right.position)
        .map((entry) => entry.message);
      remember(ordered, time);
      return ordered;
    },
    snapshot(producer, requestId, time, since = 0) {
      const replayable = since >= journalFrom;
      const messages = replayable ? journal.filter((message) => message.producer === producer && message.timestamp >= since) : fullState(producer, time);
      return [...messages, { type: "snapshot_complete", producer, timestamp: time, requestId }];
    },
    counts() {
      let live = 0;
      for (const runner of runners.values()) if (runner.published?.status === "live") live += 1;
      return { events: runners.size, live };
    },
  };
}

function eventOrder(message: FeedMessage): number {
  return "eventId" in message ? message.eventId : 0;
}
