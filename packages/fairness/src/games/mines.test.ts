import { describe, expect, it } from "vitest";
import { compareRatios, multiplyRatios, ratio, subtractRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import { InvalidBetError, choose } from "./params.ts";
import { MINES_MAX, MINES_MIN, MINES_RTP, MINES_TILES, minesMultiplier, parseMinesParams, placeMines, playMines, settleMines } from "./mines.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

describe("mines", () => {
  it("places each mine with floor(float x remaining) among the tiles still free", () => {
    // 0 takes the lowest free tile, the highest float the highest one.
    expect(placeMines(fixedFloats([0, 0, HIGHEST_FLOAT]), 3)).toEqual([0, 1, 24]);
    // 0.5 x 25 = 12.5 -> tile 12; then 0.5 x 24 = 12 -> the 13th free tile, which is 13.
    expect(placeMines(fixedFloats([0.5, 0.5]), 2)).toEqual([12, 13]);
  });

  it("cashes out at 99% x C(25, k) / C(25 - m, k), rounded down to 2 decimals", () => {
    expect(minesMultiplier(1, 1)).toBe("1.03");
    expect(minesMultiplier(3, 1)).toBe("1.12");
    expect(minesMultiplier(24, 1)).toBe("24.75");
    expect(minesMultiplier(3, 22)).toBe("2277.00");
  });

  it("returns 99% for every mine count and every number of reveals, less under 0.01 x the chance of getting there", () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines += 1) {
      for (let reveals = 1; reveals <= MINES_TILES - mines; reveals += 1) {
        const chance = ratio(choose(MINES_TILES - mines, reveals), choose(MINES_TILES, reveals));
        const rtp = multiplyRatios(chance, multiplierRatio(minesMultiplier(mines, reveals)));
        expect(compareRatios(rtp, MINES_RTP)).toBeLessThanOrEqual(0);
        expect(compareRatios(rtp, subtractRatios(MINES_RTP, multiplyRatios(chance, ratio(1n, 100n))))).toBe(1);
      }
    }
  });

  it("ends the round at the first mine with nothing paid, and shows each reveal's step", () => {
    const floats = [0, 0, 0];
    const outcome = playMines(fixedFloats(floats), { mines: 3, reveals: [10, 11, 2] });
    expect(outcome.minePositions).toEqual([0, 1, 2]);
    expect(outcome.steps).toEqual([
      { tile: 10, safe: true, multiplier: "1.12" },
      { tile: 11, safe: true, multiplier: "1.28" },
      { tile: 2, safe: false, multiplier: "0" },
    ]);
    expect(outcome.payoutMultiplier).toBe("0");
    expect(() => settleMines([0, 1, 2], { mines: 3, reveals: [2, 10] })).toThrow(InvalidBetError);
  });

  it("takes 1 to 24 mines and distinct tiles, no more than the safe ones", () => {
    expect(parseMinesParams({ mines: 24, reveals: [3] })).toEqual({ mines: 24, reveals: [3] });
    for (const bad of [
      { mines: 0, reveals: [1] },
      { mines: 25, reveals: [1] },
      { mines: 3, reveals: [] },
      { mines: 3, reveals: [1, 1] },
      { mines: 3, reveals: [25] },
      { mines: 24, reveals: [1, 2] },
    ]) {
      expect(() => parseMinesParams(bad)).toThrow(InvalidBetError);
    }
  });
});
