import { describe, expect, it } from "vitest";
import { compareRatios, formatPercent, ratio } from "../exact.ts";
import { expectedFreeSpins, slotExactRtp, triggerChance } from "./slot-rtp.ts";
import { SLOT_MAX_FREE_SPINS, SLOT_REELS, SLOT_RTP_PERCENT, linePay, playSlot, reelWindow, settleSpin } from "./slot.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

/** Stops that show a scatter on reels 1, 3 and 5 and nothing else special. */
const SCATTER_STOPS = [SLOT_REELS[0]?.indexOf("S") ?? -1, 0, SLOT_REELS[2]?.indexOf("S") ?? -1, 0, SLOT_REELS[4]?.indexOf("S") ?? -1];
const floatFor = (stop: number) => (stop + 0.5) / 32;

describe("the 5x3 video slot", () => {
  it("stops each reel at floor(float x 32) and shows that stop and the two below, wrapping", () => {
    expect(reelWindow(0, 31)).toEqual([SLOT_REELS[0]?.[31], SLOT_REELS[0]?.[0], SLOT_REELS[0]?.[1]]);
    const outcome = playSlot(fixedFloats([0, 0, 0, 0, HIGHEST_FLOAT]));
    expect(outcome.spins[0]?.stops).toEqual([0, 0, 0, 0, 31]);
  });

  it("pays lines left to right for 3 to 5 of a kind, wilds standing in for anything but the scatter", () => {
    expect(linePay(["A", "W", "A", "K", "A"])).toEqual({ symbol: "A", count: 3, pay: 12 });
    expect(linePay(["crown", "W", "W", "W", "crown"])).toEqual({ symbol: "crown", count: 5, pay: 1000 });
    expect(linePay(["W", "J", "J", "Q", "J"])).toEqual({ symbol: "J", count: 3, pay: 4 });
    expect(linePay(["A", "A", "K", "A", "A"])).toBeNull();
    expect(linePay(["S", "W", "S", "Q", "S"])).toBeNull();
  });

  it("pays 5x and awards 10 free spins at double pay for a scatter on reels 1, 3 and 5", () => {
    const trigger = settleSpin(SCATTER_STOPS, 1);
    expect(trigger.scatterPay).toBe(500);
    expect(trigger.freeSpinsAwarded).toBe(10);
    const noScatterStop = SLOT_REELS[0]?.findIndex((_, stop) => !reelWindow(0, stop).includes("S")) ?? -1;
    const quiet = [noScatterStop, ...SCATTER_STOPS.slice(1)];
    const floats = [...SCATTER_STOPS, ...Array.from({ length: 10 }, () => quiet).flat()].map(floatFor);
    const outcome = playSlot(fixedFloats(floats));
    expect(outcome.spins).toHaveLength(11);
    expect(outcome.spins.slice(1).every((spin) => spin.factor === 2 && spin.freeSpinsAwarded === 0)).toBe(true);
    const total = outcome.spins.reduce((sum, spin) => sum + spin.total, 0);
    expect(outcome.payoutMultiplier).toBe((total / 100).toFixed(2));
  });

  it("stops retriggers at 100 free spins in all", () => {
    const floats = Array.from({ length: SLOT_MAX_FREE_SPINS + 1 }, () => SCATTER_STOPS).flat().map(floatFor);
    const outcome = playSlot(fixedFloats(floats));
    expect(outcome.spins).toHaveLength(SLOT_MAX_FREE_SPINS + 1);
    expect(outcome.spins.reduce((sum, spin) => sum + spin.freeSpinsAwarded, 0)).toBe(SLOT_MAX_FREE_SPINS);
  });

  it("triggers free spins with chance (6/32)^3 and plays 10 / (1 - 10 x chance) of them on average, less the cap's cut", () => {
    const chance = triggerChance();
    expect(chance).toEqual(ratio(6 ** 3, 32 ** 3));
    const uncapped = ratio(10n * chance.denominator, chance.denominator - 10n * chance.numerator);
    expect(compareRatios(expectedFreeSpins(chance), uncapped)).toBe(-1);
    expect(compareRatios(expectedFreeSpins(chance), ratio(107, 10))).toBe(1);
  });

  it("returns the declared 96.04%: the exact enumerated RTP rounded down to a hundredth of a percent", () => {
    const rtp = slotExactRtp();
    expect(formatPercent(rtp, 2)).toBe(SLOT_RTP_PERCENT);
    expect(formatPercent(rtp, 4)).toBe("96.0468");
  });
});
