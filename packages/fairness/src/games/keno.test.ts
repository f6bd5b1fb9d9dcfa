import { describe, expect, it } from "vitest";
import { multiplyRatios, ratio, sumRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import { InvalidBetError, choose } from "./params.ts";
import { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS, KENO_RTP, kenoDraw, kenoPaytable, parseKenoParams, playKeno, settleKeno } from "./keno.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

describe("keno", () => {
  it("draws 10 distinct numbers of 1-40, each with floor(float x remaining) among those not drawn", () => {
    expect(kenoDraw(fixedFloats(new Array<number>(10).fill(0)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(kenoDraw(fixedFloats(new Array<number>(10).fill(HIGHEST_FLOAT)))).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
  });

  it("pays by the number of hits on the player's picks", () => {
    const drawn = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const outcome = settleKeno(drawn, { picks: [2, 4, 20], risk: "medium" });
    expect(outcome.hits).toEqual([2, 4]);
    expect(outcome.payoutMultiplier).toBe("5.04");
    expect(playKeno(fixedFloats(new Array<number>(10).fill(0)), { picks: [40], risk: "low" }).payoutMultiplier).toBe("0.00");
  });

  it("pays exactly 99% on every paytable, by the hypergeometric chance of each hit count", () => {
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= KENO_MAX_PICKS; picks += 1) {
        const table = kenoPaytable(risk, picks);
        expect(table.length).toBe(picks + 1);
        const draws = choose(KENO_NUMBERS, KENO_DRAWN);
        const pickList = Array.from({ length: picks }, (_, index) => index + 1);
        const rtp = sumRatios(
          table.map((_, hits) => {
            const chance = ratio(choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits), draws);
            // A draw with exactly `hits` of the picks, settled by the game itself.
            const drawn = [...pickList.slice(0, hits), ...Array.from({ length: KENO_DRAWN - hits }, (_, index) => KENO_NUMBERS - index)];
            return multiplyRatios(chance, multiplierRatio(settleKeno(drawn, { picks: pickList, risk }).payoutMultiplier));
          }),
        );
        expect(rtp, `${risk} ${picks}`).toEqual(KENO_RTP);
        for (let hits = 1; hits < picks; hits += 1) expect(table[hits + 1]).toBeGreaterThanOrEqual(table[hits] ?? 0);
      }
    }
  });

  it("takes 1 to 10 distinct picks of 1-40 and the three risk levels", () => {
    expect(parseKenoParams({ picks: [40, 1], risk: "high" })).toEqual({ picks: [40, 1], risk: "high" });
    for (const bad of [
      { picks: [], risk: "low" },
      { picks: [0], risk: "low" },
      { picks: [41], risk: "low" },
      { picks: [1, 1], risk: "low" },
      { picks: Array.from({ length: 11 }, (_, index) => index + 1), risk: "low" },
      { picks: [1], risk: "classic" },
    ]) {
      expect(() => parseKenoParams(bad)).toThrow(InvalidBetError);
    }
  });
});
