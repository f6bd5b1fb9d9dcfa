import { describe, expect, it } from "vitest";
import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import { goalsModel } from "./goals-model.ts";
import { settleHandicap, settleTotal } from "./market-math.ts";
import { freshState } from "./match-state.ts";
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
