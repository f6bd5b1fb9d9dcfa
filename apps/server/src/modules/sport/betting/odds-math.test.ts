import { describe, expect, it } from "vitest";
import { applyFactor, betFactor, combinations, decimalFraction, legFactor, systemLineCount } from "./odds-math.ts";

const returnOf = (stakeMinor: bigint, kind: "single" | "multiple" | "system", systemSize: number | null, legs: Parameters<typeof legFactor>[]) =>
  applyFactor(
    stakeMinor,
    betFactor(
      kind,
      systemSize,
      legs.map((leg) => legFactor(...leg)),
    ),
  );

describe("a leg's result as a multiple of its stake", () => {
  it("pays the odds on a win, nothing on a loss and the stake back on a void", () => {
    expect(returnOf(1000n, "single", null, [["win", "1.85"]])).toBe(1850n);
    expect(returnOf(1000n, "single", null, [["lose", "1.85"]])).toBe(0n);
    expect(returnOf(1000n, "single", null, [["void", "1.85"]])).toBe(1000n);
  });

  it("pays half at the odds and half back on a half win, half back on a half loss (quarter lines)", () => {
    // 10.00 at 1.90: 5.00 wins 9.50, 5.00 comes back.
    expect(returnOf(1000n, "single", null, [["half_win", "1.90"]])).toBe(1450n);
    expect(returnOf(1000n, "single", null, [["half_lose", "1.90"]])).toBe(500n);
  });

  it("pays a dead heat's share of the stake at full odds", () => {
    expect(returnOf(1000n, "single", null, [["win", "3.00", "0.5"]])).toBe(1500n);
    expect(returnOf(1000n, "single", null, [["win", "5.00", "0.3333"]])).toBe(1666n);
  });

  it("reads odds exactly, never as floats", () => {
    expect(decimalFraction("1.10")).toEqual({ numerator: 110n, denominator: 100n });
    // 0.1 + 0.2 style drift would show here: 3 legs at 1.10 on 1.00 is exactly 1.331.
    expect(
      returnOf(100000n, "multiple", null, [
        ["win", "1.10"],
        ["win", "1.10"],
        ["win", "1.10"],
      ]),
    ).toBe(133100n);
  });
});

describe("multiples", () => {
  it("multiply their legs' results, a void leg counting as 1", () => {
    expect(
      returnOf(1000n, "multiple", null, [
        ["win", "2.00"],
        ["void", "3.00"],
        ["half_win", "1.90"],
      ]),
    ).toBe(2900n);
    expect(
      returnOf(1000n, "multiple", null, [
        ["win", "2.00"],
        ["lose", "3.00"],
      ]),
    ).toBe(0n);
  });

  it("floor the payout to the currency's minor unit", () => {
    expect(
      returnOf(333n, "multiple", null, [
        ["win", "1.33"],
        ["win", "1.77"],
      ]),
    ).toBe(783n);
  });
});

describe("system bets", () => {
  it("have n choose k lines", () => {
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(systemLineCount(4, 3)).toBe(4);
    expect(systemLineCount(5, 2)).toBe(10);
    expect(combinations(2, 3)).toEqual([]);
  });

  it("2/3 with one leg lost pays the one line of the two winners at stake / 3", () => {
    // 30.00 over 3 lines: 10.00 on A x B = 2 x 3 = 60.00; the lines with C lose.
    expect(
      returnOf(3000n, "system", 2, [
        ["win", "2.00"],
        ["win", "3.00"],
        ["lose", "4.00"],
      ]),
    ).toBe(6000n);
  });

  it("3/4 sums the four lines of three legs", () => {
    // 40.00 over 4 lines of 10.00: every leg wins at 2.00, each line pays 80.00.
    const all = returnOf(4000n, "system", 3, [
      ["win", "2.00"],
      ["win", "2.00"],
      ["win", "2.00"],
      ["win", "2.00"],
    ]);
    expect(all).toBe(32000n);
    // One leg voided: the line without it pays 80.00, the three with it 40.00 each.
    const voided = returnOf(4000n, "system", 3, [
      ["win", "2.00"],
      ["win", "2.00"],
      ["win", "2.00"],
      ["void", "2.00"],
    ]);
    expect(voided).toBe(20000n);
  });

  it("splits a stake that does not divide by the lines without losing a minor unit before the end", () => {
    // 10.00 over 3 lines, every line at 2 x 2 = 4: exactly 40.00 back.
    expect(
      returnOf(1000n, "system", 2, [
        ["win", "2.00"],
        ["win", "2.00"],
        ["win", "2.00"],
      ]),
    ).toBe(4000n);
  });
});
