import { describe, expect, it } from "vitest";
import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import { goalsModel } from "./goals-model.ts";
import { settleHandicap, settleTotal } from "./market-math.ts";
import { freshState, type MatchState } from "./match-state.ts";
import { pointsModel } from "./points-model.ts";
import { createRandom } from "./random.ts";
import { fightModel } from "./fight-model.ts";
import { OUTRIGHT_FORMAT, raceModel } from "./race-model.ts";
import { setsFormatOf, setsModel } from "./sets-model.ts";

function price(markets: ReturnType<ReturnType<typeof goalsModel>["markets"]>, typeId: number, specifiers: string, outcome: string): number {
  return Number(markets.find((market) => market.marketTypeId === typeId && market.specifiers === specifiers)!.outcomes.find((entry) => entry.id === outcome)!.odds);
}

describe("a goal reprices the match", () => {
  it("shortens the scorer's price and lengthens the other side's", () => {
    const model = goalsModel(66);
    const state = freshState(0.1, 0, 0);
    model.open(state);
    state.started = true;
    state.periodElapsedMs = 30 * 60_000;
    const before = model.markets(state);
    state.home += 1;
    const after = model.markets(state);
    expect(price(after, 1, "", "1")).toBeLessThan(price(before, 1, "", "1"));
    expect(price(after, 1, "", "2")).toBeGreaterThan(price(before, 1, "", "2"));
    expect(price(after, 3, "total=2.5", "over")).toBeLessThan(price(before, 3, "total=2.5", "over"));
  });
});

describe("settlement agrees with the final score", () => {
  it("settles quarter, half and whole handicap lines, half results included", () => {
    expect(settleHandicap(0, -0.25)).toEqual([{ id: "1", result: "half_lose" }, { id: "2", result: "half_win" }]);
    expect(settleHandicap(1, -0.75)).toEqual([{ id: "1", result: "half_win" }, { id: "2", result: "half_lose" }]);
    expect(settleHandicap(2, -0.75)).toEqual([{ id: "1", result: "win" }, { id: "2", result: "lose" }]);
    expect(settleHandicap(1, -1)).toEqual([{ id: "1", result: "void" }, { id: "2", result: "void" }]);
    expect(settleHandicap(-1, 0.5)).toEqual([{ id: "1", result: "lose" }, { id: "2", result: "win" }]);
    expect(settleTotal(3, 2.5)).toEqual([{ id: "over", result: "win" }, { id: "under", result: "lose" }]);
    expect(settleTotal(2, 2.25)).toEqual([{ id: "over", result: "half_lose" }, { id: "under", result: "half_win" }]);
  });

  it("settles a soccer match's every market from its score", () => {
    const model = goalsModel(66);
    const state = freshState(0, 0, 0);
    model.open(state);
    Object.assign(state, { home: 2, away: 1, ended: true });
    const results = Object.fromEntries(model.markets(state).map((market) => [`${market.marketTypeId}|${market.specifiers}`, model.settle(state, market)]));
    expect(results["1|"]).toEqual([{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "lose" }]);
    expect(results["5|"]).toEqual([{ id: "yes", result: "win" }, { id: "no", result: "lose" }]);
    expect(results["3|total=2.5"]).toEqual([{ id: "over", result: "win" }, { id: "under", result: "lose" }]);
    expect(results["4|hcp=-0.25"]).toEqual([{ id: "1", result: "win" }, { id: "2", result: "lose" }]);
  });

  it("settles sets, set handicaps and each set's winner from the set scores", () => {
    const model = setsModel(setsFormatOf(68, 0));
    const state = freshState(0, 0, 0);
    model.open(state);
    Object.assign(state, { home: 2, away: 1, period: 3, periodScores: [[6, 4], [3, 6], [7, 6]], ended: true });
    expect(model.settle(state, { marketTypeId: MARKET_TYPES.moneyline.id, specifiers: "" })[0]).toEqual({ id: "1", result: "win" });
    expect(model.settle(state, { marketTypeId: MARKET_TYPES.total.id, specifiers: "total=2.5" })[0]).toEqual({ id: "over", result: "win" });
    expect(model.settle(state, { marketTypeId: MARKET_TYPES.handicap.id, specifiers: "hcp=-1.5" })[0]).toEqual({ id: "1", result: "lose" });
    expect(model.settle(state, { marketTypeId: MARKET_TYPES.periodWinner.id, specifiers: "period=2" })[1]).toEqual({ id: "2", result: "win" });
    expect(model.markets(state).filter((market) => market.marketTypeId === MARKET_TYPES.periodWinner.id)).toHaveLength(3);
  });

  it("voids a fight's winner market on a drawn decision and counts the rounds fought", () => {
    const model = fightModel(71);
    const state = freshState(0, 0, 0);
    model.open(state);
    Object.assign(state, { ended: true, winner: "draw", finishRound: 12 });
    expect(model.settle(state, { marketTypeId: 2, specifiers: "" }).map((outcome) => outcome.result)).toEqual(["void", "void"]);
    Object.assign(state, { winner: "2", finishRound: 4 });
    expect(model.settle(state, { marketTypeId: 3, specifiers: "total=3.5" })).toEqual([{ id: "over", result: "win" }, { id: "under", result: "lose" }]);
    expect(model.settle(state, { marketTypeId: 3, specifiers: "total=4.5" })).toEqual([{ id: "over", result: "lose" }, { id: "under", result: "win" }]);
  });

  it("pays tied winners of an outright by the dead-heat rule", () => {
    const model = raceModel(OUTRIGHT_FORMAT);
    const state = freshState(0, 0, 0);
    state.runners = [11, 12, 13].map((id) => ({ id, rating: 0 }));
    Object.assign(state, { ended: true, winners: [11, 13] });
    expect(model.settle(state, { marketTypeId: 7, specifiers: "" })).toEqual([
      { id: "11", result: "win", deadHeatFactor: "0.5" },
      { id: "12", result: "lose" },
      { id: "13", result: "win", deadHeatFactor: "0.5" },
    ]);
    Object.assign(state, { winners: [12] });
    expect(model.settle(state, { marketTypeId: 7, specifiers: "" })[1]).toEqual({ id: "12", result: "win" });
  });
});

/** Plays a match of the model from the first whistle to the end on a seeded chance. */
function playToEnd(model: ReturnType<typeof setsModel>, seed: number, edge = 0): MatchState {
  const random = createRandom(seed);
  const state = freshState(edge, 0, 0);
  model.open(state);
  state.started = true;
  for (let step = 0; !state.ended && step < 200_000; step++) model.advance(state, random, model.stepMs);
  return state;
}

describe("each sport's sets are played to its own rules", () => {
  it("plays volleyball's first four sets to 25 and the deciding fifth to 15, each won by two", () => {
    const model = setsModel(setsFormatOf(69, 0));
    let fifthSets = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const state = playToEnd(model, seed);
      expect(Math.max(state.home, state.away)).toBe(3);
      for (const [position, [home, away]] of state.periodScores.entries()) {
        const target = position === 4 ? 15 : 25;
        const [winner, loser] = home > away ? [home, away] : [away, home];
        expect(winner - loser).toBeGreaterThanOrEqual(2);
        expect(winner === target || winner - loser === 2).toBe(true);
        expect(winner).toBeGreaterThanOrEqual(target);
      }
      if (state.periodScores.length === 5) fifthSets += 1;
    }
    expect(fifthSets).toBeGreaterThan(0);
  });

  it("prices a deciding set to 15 as a shorter, more open set than one to 25", () => {
    const model = setsModel(setsFormatOf(69, 0));
    const state = freshState(0.5, 0, 0);
    model.open(state);
    state.started = true;
    Object.assign(state, { home: 1, away: 1, period: 3, periodScores: [[25, 20], [20, 25]] });
    const thirdSet = price(model.markets(state), MARKET_TYPES.periodWinner.id, "period=3", "1");
    Object.assign(state, { home: 2, away: 2, period: 5, periodScores: [[25, 20], [20, 25], [25, 20], [20, 25]] });
    const fifthSet = price(model.markets(state), MARKET_TYPES.periodWinner.id, "period=5", "1");
    // The stronger side is less sure of a short set: its price there is longer.
    expect(fifthSet).toBeGreaterThan(thirdSet);
  });

  it("stops a badminton game at 30 and plays beach volleyball's third set to 15", () => {
    const badminton = setsModel(setsFormatOf(208, 0));
    const beach = setsModel(setsFormatOf(213, 0));
    let thirdSets = 0;
    for (let seed = 1; seed <= 120; seed++) {
      for (const [home, away] of playToEnd(badminton, seed).periodScores) expect(Math.max(home, away)).toBeLessThanOrEqual(30);
      const state = playToEnd(beach, seed);
      const third = state.periodScores[2];
      if (!third) continue;
      thirdSets += 1;
      const [winner, loser] = third[0] > third[1] ? [third[0], third[1]] : [third[1], third[0]];
      expect(winner === 15 || (winner > 15 && winner - loser === 2)).toBe(true);
    }
    expect(thirdSets).toBeGreaterThan(0);
    // A deuce run to 29-29: the next rally takes the game 30-29.
    const state = freshState(0, 0, 0);
    badminton.open(state);
    Object.assign(state, { started: true, current: [29, 29] });
    const random = createRandom(7);
    while (state.periodScores.length === 0) badminton.advance(state, random, badminton.stepMs);
    expect([...state.periodScores[0]!].sort()).toEqual([29, 30]);
  });

  it("plays a tennis set at 6-6 as a tie-break that ends it 7-6", () => {
    const model = setsModel(setsFormatOf(68, 0));
    for (let seed = 1; seed <= 40; seed++) {
      for (const [home, away] of playToEnd(model, seed).periodScores) {
        const [winner, loser] = home > away ? [home, away] : [away, home];
        expect(winner === 6 ? loser <= 4 : winner === 7 && (loser === 5 || loser === 6)).toBe(true);
      }
    }
  });
});

describe("overtime lasts as long as the sport's own", () => {
  it("plays basketball's overtime in five minutes, American football's in ten and baseball's extra innings whole", () => {
    for (const [sportId, regularPeriods, overtimeMinutes] of [
      [67, 4, 5],
      [200, 4, 10],
      [201, 9, 10],
    ] as const) {
      const model = pointsModel(sportId);
      const state = freshState(0, 0, 0);
      model.open(state);
      const random = createRandom(3);
      Object.assign(state, { started: true, period: regularPeriods + 1, periodScores: Array.from({ length: regularPeriods }, () => [0, 0]) });
      let playedMs = 0;
      while (state.periodScores.length === regularPeriods) {
        model.advance(state, random, model.stepMs);
        playedMs += model.stepMs;
      }
      expect(model.liveState(state).phase === "overtime" || state.ended || state.breakLeftMs > 0).toBe(true);
      expect(playedMs).toBe(overtimeMinutes * 60_000);
    }
  });
});
