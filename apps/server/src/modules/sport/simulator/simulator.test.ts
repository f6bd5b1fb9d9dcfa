import { describe, expect, it, vi } from "vitest";
import { FeedMessageSchema, type FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { EVENT_SPORTS, SPORTS } from "@playfair/contracts/sport/sports";
import { buildCatalogue, DAY_MS, fixturesOfDay } from "./calendar.ts";
import { eventScript } from "./event-script.ts";
import { impliedOverround, MIN_ODDS_CENTS, PRICE_MARGIN } from "./odds.ts";
import { createSportSimulator, REPLAY_WINDOW_MS } from "./simulator.ts";

// 21:00 UTC: the first hours cross midnight, when the next day's events are published.
const START = Date.UTC(2026, 11, 4, 21, 0, 0);
const HOUR = 3_600_000;

// A week of calendar per simulator: these tests take seconds, not milliseconds.
vi.setConfig({ testTimeout: 120_000 });

function eventMessages(messages: FeedMessage[]) {
  return messages.filter((message) => "eventId" in message);
}

describe("the simulated calendar", () => {
  it("is the same for the same seed and different for another", () => {
    const first = createSportSimulator({ seed: 7, startAt: START });
    const again = createSportSimulator({ seed: 7, startAt: START });
    const other = createSportSimulator({ seed: 8, startAt: START });
    expect(again.catalogue.rows).toEqual(first.catalogue.rows);
    expect(other.catalogue.rows.competitors.map((row) => row.name)).not.toEqual(first.catalogue.rows.competitors.map((row) => row.name));
    expect(again.snapshot("prematch", "r", START)).toEqual(first.snapshot("prematch", "r", START));
  });

  it("covers every event sport, keeps e-sports to the spec's four titles, and has soccer busiest", () => {
    const simulator = createSportSimulator({ seed: 7, startAt: START });
    const { categories, championships } = simulator.catalogue.rows;
    expect(new Set(categories.map((row) => row.sportId))).toEqual(new Set(EVENT_SPORTS.map((sport) => sport.id)));
    expect(categories.filter((row) => row.sportId === 145).map((row) => row.id).sort()).toEqual([1307, 1330, 1533, 1534]);
    const fixtures = simulator.snapshot("prematch", "r", START).filter((message) => message.type === "fixture_change");
    const perSport = new Map<number, number>();
    for (const message of fixtures) if (message.type === "fixture_change") perSport.set(message.fixture.sportId, (perSport.get(message.fixture.sportId) ?? 0) + 1);
    const busiest = [...perSport.entries()].sort((left, right) => right[1] - left[1])[0]!;
    expect(busiest[0]).toBe(66);
    expect(fixtures.length).toBeGreaterThan(1500);
    expect(fixtures.length).toBeLessThan(5000);
    // Every championship belongs to a category of the catalogue.
    const categoryIds = new Set(categories.map((row) => row.id));
    expect(championships.every((row) => categoryIds.has(row.categoryId))).toBe(true);
    expect(SPORTS.filter((sport) => sport.promo).map((sport) => sport.name)).toEqual(["Boosted Odds", "Price Boosts", "Flying Odds", "Golden Odds", "Specials"]);
  });
});

describe("the message stream", () => {
  it("is the same for the same seed, however often it is asked", () => {
    const once = createSportSimulator({ seed: 11, startAt: START });
    const stepped = createSportSimulator({ seed: 11, startAt: START });
    const whole = once.advanceTo(START + HOUR);
    const parts: FeedMessage[] = [];
    for (let at = START + 7_000; at < START + HOUR; at += 7_000) parts.push(...stepped.advanceTo(at));
    parts.push(...stepped.advanceTo(START + HOUR));
    expect(parts).toEqual(whole);
    expect(whole.length).toBeGreaterThan(500);
  });

  it("continues the same story when started later: a restarted producer keeps every event's sequence", () => {
    const early = createSportSimulator({ seed: 13, startAt: START - HOUR });
    early.advanceTo(START);
    const late = createSportSimulator({ seed: 13, startAt: START });
    expect(late.advanceTo(START + 30 * 60_000)).toEqual(early.advanceTo(START + 30 * 60_000));
  });

  it("numbers each event's messages 1, 2, 3 ... without gaps, new events from 1, and every message fits the contract", () => {
    const simulator = createSportSimulator({ seed: 3, startAt: START });
    const known = new Map<number, number>();
    for (const message of simulator.snapshot("prematch", "p", START).concat(simulator.snapshot("live", "l", START))) {
      if ("eventId" in message) known.set(message.eventId, message.sequence);
    }
    const stream = simulator.advanceTo(START + 4 * HOUR);
    const last = new Map<number, number>();
    let fresh = 0;
    for (const message of stream) {
      expect(FeedMessageSchema.safeParse(message).success).toBe(true);
      if (!("eventId" in message)) continue;
      const previous = last.get(message.eventId) ?? known.get(message.eventId);
      if (previous === undefined) {
        fresh += 1;
        expect(message.sequence).toBe(1);
        expect(message.type).toBe("fixture_change");
      } else {
        expect(message.sequence).toBe(previous + 1);
      }
      last.set(message.eventId, message.sequence);
    }
    // Midnight passed: the day a week ahead was published.
    expect(fresh).toBeGreaterThan(100);
    const timestamps = stream.map((message) => message.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((left, right) => left - right));
  });

  it("sends alive for both producers every ten seconds", () => {
    const simulator = createSportSimulator({ seed: 3, startAt: START });
    const alive = simulator.advanceTo(START + 60_000).filter((message) => message.type === "alive");
    expect(alive).toHaveLength(12);
    expect(alive.every((message) => message.type === "alive" && message.subscribed)).toBe(true);
  });

  it("has live play: dangerous moments stop the markets, then prices come back; matches end settled", () => {
    const simulator = createSportSimulator({ seed: 5, startAt: START - 3 * HOUR });
    const stream = eventMessages(simulator.advanceTo(START));
    const stops = stream.filter((message) => message.type === "bet_stop");
    expect(stops.length).toBeGreaterThan(10);
    for (const stop of stops.slice(0, 20)) {
      const next = stream.find((message) => message.eventId === stop.eventId && message.sequence === stop.sequence + 1);
      if (next) expect(["odds_change", "bet_stop", "bet_cancel"]).toContain(next.type);
    }
    expect(stream.some((message) => message.type === "bet_settlement")).toBe(true);
    expect(stream.some((message) => message.type === "odds_change" && message.eventStatus === "closed")).toBe(true);
  });

  it("prices every active market of every kind at the stated margin, with odds of at least 1.01", () => {
    const simulator = createSportSimulator({ seed: 9, startAt: START });
    const messages = [...simulator.snapshot("prematch", "p", START), ...simulator.snapshot("live", "l", START), ...simulator.advanceTo(START + HOUR)];
    const kinds = new Set<string>();
    let checked = 0;
    for (const message of messages) {
      if (message.type !== "odds_change") continue;
      for (const market of message.markets) {
        for (const outcome of market.outcomes) expect(Math.round(Number(outcome.odds) * 100)).toBeGreaterThanOrEqual(MIN_ODDS_CENTS);
        if (market.status !== "active") continue;
        // Rounding each price to hundredths moves its implied probability by at most 0.005 / (odds x (odds - 0.005)).
        const rounding = market.outcomes.reduce((sum, outcome) => sum + 0.005 / (Number(outcome.odds) * (Number(outcome.odds) - 0.005)), 0);
        expect(Math.abs(impliedOverround(market) - PRICE_MARGIN)).toBeLessThanOrEqual(rounding + 1e-9);
        kinds.add(String(market.marketTypeId));
        checked += 1;
      }
    }
    expect([...kinds].sort()).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe("settlement in the stream", () => {
  it("settles every market of a finished match from the score its last live message showed", () => {
    const simulator = createSportSimulator({ seed: 5, startAt: START - 3 * HOUR });
    const stream = eventMessages(simulator.advanceTo(START));
    const lastScore = new Map<number, [number, number]>();
    const lastMarkets = new Map<number, Set<string>>();
    let soccerChecked = 0;
    for (const message of stream) {
      if (message.type === "odds_change" && message.liveState) lastScore.set(message.eventId, [message.liveState.homeScore, message.liveState.awayScore]);
      if (message.type === "odds_change" && message.markets.length > 0) lastMarkets.set(message.eventId, new Set(message.markets.map((market) => `${market.marketTypeId}|${market.specifiers}`)));
      if (message.type !== "bet_settlement") continue;
      const offered = lastMarkets.get(message.eventId);
      // A correction after a rollback names only the market it corrects.
      if (offered && message.markets.length > 1) expect(new Set(message.markets.map((market) => `${market.marketTypeId}|${market.specifiers}`))).toEqual(offered);
      const score = lastScore.get(message.eventId);
      const matchResult = message.markets.find((market) => market.marketTypeId === 1);
      if (!score || !matchResult || message.markets.length === 1) continue;
      const [home, away] = score;
      const winner = home > away ? "1" : home === away ? "X" : "2";
      const bothScore = message.markets.find((market) => market.marketTypeId === 5)!;
      const correct = matchResult.outcomes.find((outcome) => outcome.id === winner)!.result === "win";
      // One match in fifty is first settled wrongly on purpose, then rolled back and corrected.
      const rolledBack = stream.some((later) => later.type === "rollback_bet_settlement" && later.eventId === message.eventId);
      expect(correct || rolledBack).toBe(true);
      expect(bothScore.outcomes.find((outcome) => outcome.id === (home > 0 && away > 0 ? "yes" : "no"))!.result).toBe("win");
      for (const total of message.markets.filter((market) => market.marketTypeId === 3)) {
        const line = Number(total.specifiers.split("=")[1]);
        expect(total.outcomes.find((outcome) => outcome.id === (home + away > line ? "over" : "under"))!.result).toBe("win");
      }
      soccerChecked += 1;
    }
    expect(soccerChecked).toBeGreaterThan(3);
  });
});

/** The pre-match messages of every fixture of a few days: the part of each script before its start. */
function preMatchBodies(seed: number, days: number[]) {
  const catalogue = buildCatalogue(seed);
  const bodies: { eventId: number; at: number; body: ReturnType<typeof eventScript> extends Generator<infer Item> ? (Item extends { body: infer Body } ? Body : never) : never }[] = [];
  for (const day of days) {
    for (const fixture of fixturesOfDay(seed, catalogue, day)) {
      for (const item of eventScript(fixture, catalogue)) {
        if (item.published.status !== "not_started") break;
        if (item.body.type !== "odds_change") bodies.push({ eventId: fixture.eventId, at: item.at, body: item.body });
      }
    }
  }
  return bodies;
}

describe("cancels and their rollbacks in the stream", () => {
  it("now and then rolls a wrong-price cancel back, for the same markets and window, the same way for a seed", () => {
    const firstDay = Math.floor(START / DAY_MS);
    const bodies = preMatchBodies(21, [firstDay, firstDay + 1, firstDay + 2]);
    const cancels = bodies.filter((entry) => entry.body.type === "bet_cancel" && entry.body.reason === "Wrong price");
    const rollbacks = bodies.filter((entry) => entry.body.type === "rollback_bet_cancel");
    expect(rollbacks.length).toBeGreaterThan(0);
    // Some cancels stand: the rollback is occasional, not the rule.
    expect(cancels.length).toBeGreaterThan(rollbacks.length);
    for (const rollback of rollbacks) {
      const cancel = cancels.find((entry) => entry.eventId === rollback.eventId);
      expect(cancel).toBeDefined();
      if (cancel?.body.type !== "bet_cancel" || rollback.body.type !== "rollback_bet_cancel") continue;
      expect(rollback.body.markets).toEqual(cancel.body.markets);
      expect([rollback.body.placedFrom, rollback.body.placedTo]).toEqual([cancel.body.placedFrom, cancel.body.placedTo]);
      expect(rollback.at).toBeGreaterThanOrEqual(cancel.at);
      expect(rollback.at - cancel.at).toBeLessThanOrEqual(5 * 60_000);
    }
    expect(preMatchBodies(21, [firstDay, firstDay + 1, firstDay + 2])).toEqual(bodies);
  });
});

describe("snapshots", () => {
  it("repeat each covered event's fixture and prices at its current sequence, then complete", () => {
    const simulator = createSportSimulator({ seed: 4, startAt: START });
    const stream = simulator.advanceTo(START + 20 * 60_000);
    const lastSequence = new Map<number, number>();
    for (const message of stream) if ("eventId" in message) lastSequence.set(message.eventId, message.sequence);
    const snapshot = simulator.snapshot("live", "req-1", START + 20 * 60_000);
    expect(snapshot.at(-1)).toEqual({ type: "snapshot_complete", producer: "live", timestamp: START + 20 * 60_000, requestId: "req-1" });
    const events = snapshot.filter((message) => message.type === "odds_change");
    expect(events.length).toBeGreaterThan(10);
    for (const message of snapshot.slice(0, -1)) {
      expect(message.producer).toBe("live");
      if (!("eventId" in message)) continue;
      expect(message).toMatchObject({ snapshot: true });
      const seen = lastSequence.get(message.eventId);
      if (seen !== undefined) expect(message.sequence).toBe(seen);
    }
    expect(events.every((message) => message.type === "odds_change" && message.liveState !== undefined)).toBe(true);
    expect(DAY_MS).toBe(86_400_000);
  });

  it("answer a recovery from a recent point with the producer's messages since then, and from too far back with the full state", () => {
    const simulator = createSportSimulator({ seed: 4, startAt: START });
    const stream = simulator.advanceTo(START + 20 * 60_000);
    const since = START + 10 * 60_000;
    const replay = simulator.snapshot("live", "req-2", START + 20 * 60_000, since);
    const expected = stream.filter((message) => message.type !== "alive" && message.producer === "live" && message.timestamp >= since);
    expect(expected.length).toBeGreaterThan(20);
    expect(replay.slice(0, -1)).toEqual(expected);
    expect(replay.at(-1)).toEqual({ type: "snapshot_complete", producer: "live", timestamp: START + 20 * 60_000, requestId: "req-2" });
    // Nothing is held from before the simulator started: such a point gets every event's state.
    const before = simulator.snapshot("live", "req-3", START + 20 * 60_000, START - 60_000);
    expect(before.filter((message) => message.type === "odds_change").every((message) => message.snapshot)).toBe(true);
    expect(before.filter((message) => message.type === "odds_change").length).toBeGreaterThan(10);
    expect(simulator.snapshot("live", "req-4", START + 20 * 60_000)).toEqual(before.map((message) => (message.type === "snapshot_complete" ? { ...message, requestId: "req-4" } : message)));
    // Past the replay window the messages are gone: the full state again.
    simulator.advanceTo(START + 20 * 60_000 + REPLAY_WINDOW_MS);
    const stale = simulator.snapshot("live", "req-5", START + 20 * 60_000 + REPLAY_WINDOW_MS, since);
    expect(stale.filter((message) => "eventId" in message).every((message) => "snapshot" in message && message.snapshot)).toBe(true);
    const recent = simulator.snapshot("live", "req-6", START + 20 * 60_000 + REPLAY_WINDOW_MS, START + 20 * 60_000 + REPLAY_WINDOW_MS - 60_000);
    expect(recent.slice(0, -1).every((message) => !("snapshot" in message) && message.timestamp >= START + 20 * 60_000 + REPLAY_WINDOW_MS - 60_000)).toBe(true);
  });
});
