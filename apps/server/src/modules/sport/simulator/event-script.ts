import type { FeedEventMessage, FeedMarket, Fixture, SportEventStatus, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { DAY_MS, type SimCatalogue, type SimFixture } from "./calendar.ts";
import { fightModel } from "./fight-model.ts";
import { goalsModel } from "./goals-model.ts";
import { copyState, freshState, type MatchState, type SportModel } from "./match-state.ts";
import { pointsModel } from "./points-model.ts";
import { OUTRIGHT_FORMAT, RACE_FORMAT, raceModel } from "./race-model.ts";
import { createRandom, seedOf, type Random } from "./random.ts";
import { setsFormatOf, setsModel } from "./sets-model.ts";

/**
 * One event's life as a lazy script of timed messages: published a week ahead, pre-match prices
 * that drift, sometimes a start-time change or a cancellation, live play step by step (or a silent
 * result without live coverage), the end, settlement of every market, and, for a few seeded
 * events, a cancelled market (now and then itself rolled back: the price was right after all) or
 * a wrong settlement rolled back and corrected. The script depends
 * on the event's seed alone, so every run of a seed tells the same story at the same times.
 */

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventBody = DistributiveOmit<FeedEventMessage, "producer" | "timestamp" | "eventId" | "sequence">;

/** Where an event stands as last published: enough to repeat it in a snapshot. */
export type Published = {
  fixture: Fixture;
  status: SportEventStatus;
  producer: SportProducer;
  match: MatchState;
  /** A bet_stop is in force. */
  stopped: boolean;
  settled: boolean;
  closed: boolean;
};

export type ScriptItem = { at: number; published: Published; body: EventBody };

const DRIFT_EVERY_MS = 8 * 3_600_000;
const LIVE_REFRESH_MS = 60_000;
const SETTLE_AFTER_MS = 30_000;
const CLOSE_AFTER_MS = 10 * 60_000;
/** About one event in fifty has each rare path. */
const RARE = 1 / 50;
/** How long after a wrong-price cancel its rollback comes, when it does. */
const CANCEL_ROLLBACK_AFTER_MS = 5 * 60_000;

export function modelOf(fixture: SimFixture): SportModel {
  switch (fixture.sport.kind) {
    case "team-goals":
      return goalsModel(fixture.sport.id);
    case "team-points":
      return pointsModel(fixture.sport.id);
    case "sets":
    case "maps":
      return setsModel(setsFormatOf(fixture.sport.id, fixture.categoryId));
    case "fight":
      return fightModel(fixture.sport.id);
    case "race":
      return raceModel(RACE_FORMAT);
    default:
      return raceModel(OUTRIGHT_FORMAT);
  }
}

/** When an event is first published: the start of the UTC day a week before its own. */
export function publishTimeOf(fixture: SimFixture): number {
  return Math.floor(fixture.startsAt / DAY_MS) * DAY_MS - 7 * DAY_MS;
}

/** Markets as a snapshot or an end-of-play message shows them: suspended while stopped or over. */
export function marketsOf(model: SportModel, published: Published): FeedMarket[] {
  const markets = model.markets(published.match);
  if (published.closed || published.status === "cancelled") return markets.map((market) => ({ ...market, status: "cancelled", outcomes: market.outcomes.map((outcome) => ({ ...outcome, active: false })) }));
  if (published.settled) return markets.map((market) => ({ ...market, status: "settled", outcomes: market.outcomes.map((outcome) => ({ ...outcome, active: false })) }));
  if (!published.stopped && published.status !== "ended") return markets;
  return markets.map((market) => (market.status === "active" ? { ...market, status: "suspended", outcomes: market.outcomes.map((outcome) => ({ ...outcome, active: false })) } : market));
}

type Fates = { moveStart: boolean; cancelEvent: boolean; wrongPrice: boolean; cancelRolledBack: boolean; lateGoal: boolean; wrongSettlement: boolean };

/**
 * The rare paths an event takes. Whether a wrong-price cancel is rolled back comes from a draw of
 * its own, so adding it left every other path of every seed as it was.
 */
function fatesOf(random: Random, seed: number): Fates {
  const fates = { moveStart: random.chance(RARE), cancelEvent: random.chance(RARE / 3), wrongPrice: random.chance(RARE), lateGoal: random.chance(RARE), wrongSettlement: random.chance(RARE) };
  return { ...fates, cancelRolledBack: createRandom(seedOf(seed, "cancel-rollback")).chance(1 / 2) };
}

export function* eventScript(fixture: SimFixture, catalogue: SimCatalogue): Generator<ScriptItem, void, undefined> {
  const random = createRandom(fixture.seed);
  const fates = fatesOf(random, fixture.seed);
  const model = modelOf(fixture);
  const state = freshState(catalogue.ratings.get(fixture.homeId ?? 0) ?? 0, catalogue.ratings.get(fixture.awayId ?? 0) ?? 0, 0);
  state.runners = fixture.participants.map((id) => ({ id, rating: catalogue.ratings.get(id) ?? 0 }));
  model.open(state);
  const contract: Fixture = {
    sportId: fixture.sport.id,
    categoryId: fixture.categoryId,
    championshipId: fixture.championship.id,
    homeCompetitorId: fixture.homeId,
    awayCompetitorId: fixture.awayId,
    name: fixture.name,
    startsAt: fixture.startsAt,
    status: "not_started",
    liveCoverage: fixture.liveCoverage,
  };
  const flags = { status: "not_started" as SportEventStatus, producer: "prematch" as SportProducer, stopped: false, settled: false, closed: false };
  const snapshot = (): Published => ({ fixture: { ...contract, status: flags.status }, status: flags.status, producer: flags.producer, match: copyState(state), stopped: flags.stopped, settled: flags.settled, closed: flags.closed });
  const item = (at: number, body: (published: Published) => EventBody): ScriptItem => {
    const published = snapshot();
    return { at, published, body: body(published) };
  };
  // Bodies that price markets are built when the item is read, so a fast-forward that skips
  // them never prices: see `lazyOdds`.
  const odds = (at: number): ScriptItem => lazyOdds(at, snapshot(), model);

  const publishedAt = publishTimeOf(fixture);
  yield item(publishedAt, (published) => ({ type: "fixture_change", changeType: "new", fixture: published.fixture }));
  yield odds(publishedAt);

  const moveAt = fates.moveStart ? contract.startsAt - random.int(2, 48) * 3_600_000 : null;
  const cancelAt = fates.cancelEvent ? contract.startsAt - random.int(1, 24) * 3_600_000 : null;
  const wrongPriceAt = fates.wrongPrice ? contract.startsAt - random.int(1, 72) * 3_600_000 : null;
  for (let at = publishedAt + DRIFT_EVERY_MS; at < contract.startsAt; at += DRIFT_EVERY_MS) {
    if (moveAt !== null && moveAt > at - DRIFT_EVERY_MS && moveAt <= at && moveAt > publishedAt) {
      contract.startsAt += random.int(1, 4) * 1_800_000;
      yield item(moveAt, (published) => ({ type: "fixture_change", changeType: "start_time", fixture: published.fixture }));
    }
    if (cancelAt !== null && cancelAt > at - DRIFT_EVERY_MS && cancelAt <= at && cancelAt > publishedAt) {
      flags.status = "cancelled";
      yield item(cancelAt, (published) => ({ type: "fixture_change", changeType: "cancelled", fixture: published.fixture }));
      const refs = model.markets(state).map(({ marketTypeId, specifiers }) => ({ marketTypeId, specifiers }));
      yield item(cancelAt, () => ({ type: "bet_cancel", markets: refs, reason: "Event cancelled" }));
      flags.closed = true;
      return;
    }
    if (wrongPriceAt !== null && wrongPriceAt > at - DRIFT_EVERY_MS && wrongPriceAt <= at && wrongPriceAt > publishedAt) {
      const [first] = model.markets(state);
      // A palpable error: bets taken on this market in the ten minutes before are void.
      const refs = [{ marketTypeId: first!.marketTypeId, specifiers: first!.specifiers }];
      yield item(wrongPriceAt, () => ({ type: "bet_cancel", markets: refs, placedFrom: wrongPriceAt - 600_000, placedTo: wrongPriceAt, reason: "Wrong price" }));
      if (fates.cancelRolledBack) {
        // The price was right after all: the same window's bets stand again. Never later than
        // this drift's prices, so the event's messages stay in time order.
        yield item(Math.min(wrongPriceAt + CANCEL_ROLLBACK_AFTER_MS, at), () => ({ type: "rollback_bet_cancel", markets: refs, placedFrom: wrongPriceAt - 600_000, placedTo: wrongPriceAt }));
      }
    }
    state.shift += random.normal() * 0.04;
    yield odds(at);
  }

  let at = contract.startsAt;
  state.started = true;
  flags.status = "live";
  if (fixture.liveCoverage) {
    flags.producer = "live";
    yield odds(at);
    let lastOdds = at;
    let lateGoalUsed = false;
    while (!state.ended) {
      at += model.stepMs;
      const happening = model.advance(state, random, model.stepMs);
      if (happening === "dangerous") {
        flags.stopped = true;
        yield item(at, () => ({ type: "bet_stop" }));
        continue;
      }
      if (happening === "end") break;
      if (happening === "none" && at - lastOdds < LIVE_REFRESH_MS) continue;
      flags.stopped = false;
      lastOdds = at;
      yield odds(at);
      if (happening === "score" && fates.lateGoal && !lateGoalUsed) {
        lateGoalUsed = true;
        const [first] = model.markets(state);
        // Bets placed in the half minute before the goal was reported were taken on stale pictures.
        yield item(at, () => ({ type: "bet_cancel", markets: [{ marketTypeId: first!.marketTypeId, specifiers: first!.specifiers }], placedFrom: at - 30_000, placedTo: at, reason: "Late goal" }));
      }
    }
  } else {
    flags.stopped = true;
    yield item(at, () => ({ type: "bet_stop" }));
    while (!state.ended) {
      at += model.stepMs;
      model.advance(state, random, model.stepMs);
    }
  }

  flags.status = "ended";
  flags.stopped = true;
  yield lazyOdds(at, snapshot(), model);

  const settledAt = at + SETTLE_AFTER_MS;
  const markets = model.markets(state).map(({ marketTypeId, specifiers }) => ({ marketTypeId, specifiers }));
  const results = markets.map((market) => ({ ...market, outcomes: model.settle(state, market) }));
  flags.settled = true;
  if (fates.wrongSettlement) {
    // The first result of the main market is wrong (the outcomes' results shifted by one): it is
    // rolled back two minutes later and settled again correctly.
    const [main, ...rest] = results;
    const wrong = { ...main!, outcomes: main!.outcomes.map((outcome, position, all) => ({ ...all[(position + 1) % all.length]!, id: outcome.id })) };
    yield item(settledAt, () => ({ type: "bet_settlement", markets: [wrong, ...rest] }));
    yield item(settledAt + 120_000, () => ({ type: "rollback_bet_settlement", markets: [{ marketTypeId: main!.marketTypeId, specifiers: main!.specifiers }] }));
    yield item(settledAt + 180_000, () => ({ type: "bet_settlement", markets: [main!] }));
  } else {
    yield item(settledAt, () => ({ type: "bet_settlement", markets: results }));
  }
  flags.status = "closed";
  flags.closed = true;
  yield item(settledAt + CLOSE_AFTER_MS, () => ({ type: "odds_change", eventStatus: "closed", markets: [] }));
}

/** An odds_change whose markets are priced only when someone reads its body. */
function lazyOdds(at: number, published: Published, model: SportModel): ScriptItem {
  let body: EventBody | undefined;
  return {
    at,
    published,
    get body(): EventBody {
      body ??= {
        type: "odds_change",
        eventStatus: published.status,
        ...(published.status === "not_started" || !published.fixture.liveCoverage ? {} : { liveState: model.liveState(published.match) }),
        markets: marketsOf(model, published),
      };
      return body;
    },
  };
}
