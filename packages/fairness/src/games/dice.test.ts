import { describe, expect, it } from "vitest";
import { compareRatios, multiplyRatios, ratio, subtractRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_OUTCOMES,
  DICE_RTP,
  diceMultiplier,
  diceRoll,
  diceWinningRolls,
  parseDiceParams,
  playDice,
  settleDice,
  type DiceParams,
} from "./dice.ts";
import { InvalidBetError } from "./params.ts";
import { HIGHEST_FLOAT, LOWEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

function allParams(): DiceParams[] {
  const params: DiceParams[] = [];
  for (let target = 0; target <= 10_000; target += 1) {
    for (const condition of ["under", "over"] as const) {
      const winning = diceWinningRolls({ target, condition });
      if (winning >= DICE_MIN_WINNING_ROLLS && winning <= DICE_MAX_WINNING_ROLLS) params.push({ target, condition });
    }
  }
  return params;
}

describe("dice", () => {
  it("rolls floor(float x 10001) hundredths: 0.00 to 100.00", () => {
    expect(diceRoll(LOWEST_FLOAT)).toBe(0);
    expect(diceRoll(HIGHEST_FLOAT)).toBe(10_000);
    expect(diceRoll(0.8320531346835196)).toBe(8321);
  });

  it("pays RTP / chance, with the chance counted over 10,001 rolls, rounded down to 4 decimals", () => {
    expect(diceMultiplier({ target: 5050, condition: "under" })).toBe("1.9605");
    expect(diceMultiplier({ target: 9999, condition: "over" })).toBe("9900.9900");
    expect(settleDice(5049, { target: 5050, condition: "under" })).toEqual({ roll: 5049, win: true, multiplier: "1.9605", payoutMultiplier: "1.9605" });
    expect(settleDice(5050, { target: 5050, condition: "under" }).payoutMultiplier).toBe("0");
    expect(settleDice(5050, { target: 5050, condition: "over" }).win).toBe(false);
    expect(playDice(fixedFloats([HIGHEST_FLOAT]), { target: 9999, condition: "over" }).win).toBe(true);
  });

  it("returns 99% for every target, less under one ten-thousandth of the stake for the rounding", () => {
    const floor = subtractRatios(DICE_RTP, ratio(1n, 10_000n));
    const params = allParams();
    expect(params.length).toBe(2 * DICE_MAX_WINNING_ROLLS);
    for (const bet of params) {
      const rtp = multiplyRatios(ratio(diceWinningRolls(bet), DICE_OUTCOMES), multiplierRatio(diceMultiplier(bet)));
      expect(compareRatios(rtp, DICE_RTP)).toBeLessThanOrEqual(0);
      expect(compareRatios(rtp, floor)).toBe(1);
    }
  });

  it("counts the winning rolls the settlement pays, for targets across the range", () => {
    for (const bet of allParams().filter((_, index) => index % 487 === 0 || index < 4)) {
      const paid = new Set<string>();
      let wins = 0;
      for (let roll = 0; roll < DICE_OUTCOMES; roll += 1) {
        const outcome = settleDice(roll, bet);
        paid.add(outcome.payoutMultiplier);
        if (outcome.win) wins += 1;
      }
      expect(wins).toBe(diceWinningRolls(bet));
      expect([...paid].sort()).toEqual(["0", diceMultiplier(bet)].sort());
    }
  });

  it("takes targets as decimals and refuses a win chance outside 0.01% to 98%", () => {
    expect(parseDiceParams({ target: "50.5", condition: "over" })).toEqual({ target: 5050, condition: "over" });
    expect(parseDiceParams({ target: "99.99", condition: "over" })).toEqual({ target: 9999, condition: "over" });
    for (const bad of [
      { target: "100", condition: "over" },
      { target: "0", condition: "under" },
      { target: "98.01", condition: "under" },
      { target: "1.99", condition: "over" },
      { target: "50.505", condition: "over" },
      { target: 50, condition: "over" },
      { target: "50", condition: "sideways" },
    ]) {
      expect(() => parseDiceParams(bad)).toThrow(InvalidBetError);
    }
  });
});
