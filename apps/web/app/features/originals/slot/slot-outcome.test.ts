import { settleSpin, SLOT_REELS } from "@playfair/fairness/games/slot";
import { describe, expect, it } from "vitest";
import { celebrationOf, featureSteps, hundredthsOfStake, lineCells, reelStops, winningCells } from "./slot-outcome.ts";

/** The first stop whose window shows `symbol` on `row` of `reel`. */
function stopShowing(reel: number, symbol: string, row = 0): number {
  const strip = SLOT_REELS[reel]!;
  return (strip.findIndex((item, index) => item === symbol && index >= row) - row + strip.length) % strip.length;
}

describe("Starfall's outcome on the reels", () => {
  it("stops each reel where the server's stops say, as the engine's window", () => {
    const spin = settleSpin([3, 17, 30, 0, 31], 1);
    expect(reelStops(spin)).toEqual(spin.window);
    // Stops wrap round the strip: the last stop shows the strip's end, then its start.
    expect(reelStops({ stops: [31, 0, 0, 0, 0] })[0]).toEqual([SLOT_REELS[0]![31], SLOT_REELS[0]![0], SLOT_REELS[0]![1]]);
  });

  it("lights the cells of each winning line, only as far as the line pays", () => {
    expect(lineCells({ line: 1, count: 3 })).toEqual(["0-1", "1-1", "2-1"]);
    expect(lineCells({ line: 4, count: 5 })).toEqual(["0-0", "1-1", "2-2", "3-1", "4-0"]);
    // Three gems across the middle row (the wild counts on reel 2).
    const stops = [stopShowing(0, "gem", 1), stopShowing(1, "W", 1), stopShowing(2, "gem", 1), stopShowing(3, "K", 1), stopShowing(4, "J", 1)];
    const spin = settleSpin(stops, 1);
    const middle = spin.lineWins.find((win) => win.line === 1);
    expect(middle).toMatchObject({ symbol: "gem", count: 3 });
    expect([...winningCells(spin)]).toEqual(expect.arrayContaining(["0-1", "1-1", "2-1"]));
    expect(winningCells(spin).has("3-1")).toBe(false);
  });

  it("lights the scatters when three of them trigger the free spins", () => {
    const spin = settleSpin([stopShowing(0, "S"), 0, stopShowing(2, "S"), 0, stopShowing(4, "S")], 1);
    expect(spin.freeSpinsAwarded).toBe(10);
    const cells = winningCells(spin);
    for (const cell of ["0-0", "2-0", "4-0"]) expect(cells.has(cell as `${number}-${number}`)).toBe(true);
  });

  it("plays the free spins back as a sequence with a counter and a running total", () => {
    const trigger = settleSpin([stopShowing(0, "S"), 0, stopShowing(2, "S"), 0, stopShowing(4, "S")], 1);
    const free = [settleSpin([3, 17, 30, 0, 31], 2), settleSpin([stopShowing(0, "S"), 0, stopShowing(2, "S"), 0, stopShowing(4, "S")], 2), settleSpin([5, 5, 5, 5, 5], 2)];
    const steps = featureSteps({ spins: [trigger, ...free], payoutMultiplier: "0" });
    expect(steps.map((step) => step.awarded)).toEqual([10, 10, 20, 20]);
    expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3]);
    expect(steps.at(-1)!.featureTotal).toBe(free.reduce((sum, spin) => sum + spin.total, 0));
    expect(steps[0]!.featureTotal).toBe(0);
  });

  it("shows a line's share of the stake in the currency, rounded down", () => {
    expect(hundredthsOfStake("1.00", 40, 1, "100")).toBe("0.40");
    expect(hundredthsOfStake("0.30", 40, 2, "100")).toBe("0.24");
    expect(hundredthsOfStake("0.15", 5, 1, "100")).toBe("0.00");
  });

  it("celebrates only a return above the stake, and a big one from ten times it", () => {
    expect(celebrationOf("1.00", "0.40", "100")).toBeNull();
    expect(celebrationOf("1.00", "1.00", "100")).toBeNull();
    expect(celebrationOf("1.00", "1.20", "100")).toBe("win");
    expect(celebrationOf("1.00", "10.00", "100")).toBe("big");
  });
});
