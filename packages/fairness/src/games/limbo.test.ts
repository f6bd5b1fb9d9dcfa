import { describe, expect, it } from "vitest";
import { compareRatios, multiplyRatios, ratio, addRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import { InvalidBetError } from "./params.ts";
import { LIMBO_MAX_RESULT, LIMBO_MIN_TARGET, LIMBO_RTP, multiplierPoint, parseLimboParams, playLimbo, settleLimbo } from "./limbo.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

const STEPS = 2 ** 32;

/** How many of the 2^32 floats win at this target, found through the settlement itself. */
function winningFloats(target: number): number {
  // Results fall as the float grows: find the last float that still wins.
  let low = 0;
  let high = STEPS - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (settleLimbo(multiplierPoint(middle / STEPS), { target }).win) low = middle;
    else high = middle - 1;
  }
  return settleLimbo(multiplierPoint(low / STEPS), { target }).win ? low + 1 : 0;
}

describe("limbo", () => {
  it("converts a float to floor(99 / float) / 100, at least 1.00", () => {
    expect(multiplierPoint(0.5)).toBe(198);
    expect(multiplierPoint(0.8320531346835196)).toBe(118);
    expect(multiplierPoint(0.99)).toBe(100);
    expect(multiplierPoint(HIGHEST_FLOAT)).toBe(100);
    expect(multiplierPoint(0)).toBe(LIMBO_MAX_RESULT);
    expect(multiplierPoint(1 / STEPS)).toBe(LIMBO_MAX_RESULT);
    // Where floating-point division would round up across a whole hundredth, the integers do not.
    expect(multiplierPoint(99 / 1000)).toBe(Math.floor((99 * STEPS) / Math.round((99 / 1000) * STEPS)));
  });

  it("pays the target when the result reaches it, nothing below it", () => {
    expect(settleLimbo(200, { target: 200 })).toEqual({ result: 200, win: true, payoutMultiplier: "2.00" });
    expect(settleLimbo(199, { target: 200 })).toEqual({ result: 199, win: false, payoutMultiplier: "0" });
    expect(playLimbo(fixedFloats([0.25]), { target: 396 }).win).toBe(true);
  });

  it("returns 99% at every target, more by under target / (100 x 2^32) because float 0 always wins", () => {
    const targets = [LIMBO_MIN_TARGET, 102, 150, 198, 199, 200, 333, 1000, 9999, 10_000, 123_456, 1_000_000, 10_000_000, LIMBO_MAX_RESULT];
    for (let target = LIMBO_MIN_TARGET; target <= 2000; target += 37) targets.push(target);
    for (const target of targets) {
      const wins = winningFloats(target);
      expect(wins).toBe(Math.floor((99 * STEPS) / target) + 1);
      const rtp = multiplyRatios(ratio(wins, STEPS), multiplierRatio(settleLimbo(target, { target }).payoutMultiplier));
      expect(compareRatios(rtp, LIMBO_RTP)).toBe(1);
      expect(compareRatios(rtp, addRatios(LIMBO_RTP, ratio(target, 100 * STEPS)))).toBeLessThanOrEqual(0);
    }
  });

  it("takes targets from 1.01 to 1,000,000.00", () => {
    expect(parseLimboParams({ target: "2" })).toEqual({ target: 200 });
    for (const target of ["1.00", "1000000.01", "2.005", "-2", 2]) expect(() => parseLimboParams({ target })).toThrow(InvalidBetError);
  });
});
