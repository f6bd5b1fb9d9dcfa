import type { FeedMessage, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { SPORT_PRODUCERS } from "@playfair/contracts/sport/feed-messages";
import { buildCatalogue, DAY_MS, fixturesOfDay, type SimCatalogue, type SimFixture } from "./calendar.ts";
import { eventScript, marketsOf, modelOf, type Published, type ScriptItem } from "./event-script.ts";

/**
 * The in-house odds feed: a seeded calendar of a week ahead, each event running its own script.
 * `advanceTo(t)` returns every message due up to t, in time order, with sequence numbers 1, 2, 3
 * ... per event; the stream does not depend on how often it is asked (one call to t, or many on
 * the way, give the same messages). `snapshot` repeats the current state of a producer's events.
 */

export const ALIVE_EVERY_MS = 10_000;
export const HORIZON_DAYS = 7;
/** Events that started before the day a simulator starts may still be running (outrights last days). */
const LOOKBACK_DAYS = 3;

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
  snapshot(producer: SportProducer, requestId: string, time: number): FeedMessage[];
  /** Events the simulator currently runs, and how many of them are live. */
  counts(): { events: number; live: number };
};

export function createSportSimulator(options: { seed: number; startAt: number }): SportSimulator {
  const { seed } = options;
  const catalogue = buildCatalogue(seed);
  const runners = new Map<number, Runner>();
  const loadedDays = new Set<number>();
  let clock = options.startAt;

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
      return due
        .map((entry, position) => ({ ...entry, position }))
        .sort((left, right) => left.at - right.at || eventOrder(left.message) - eventOrder(right.message) || left.position - right.position)
        .map((entry) => entry.message);
    },
    snapshot(producer, requestId, time) {
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
      messages.push({ type: "snapshot_complete", producer, timestamp: time, requestId });
      return messages;
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
