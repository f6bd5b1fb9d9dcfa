import { describe, expect, it } from "vitest";
import { ratio, sumRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import { InvalidBetError } from "./params.ts";
import { ROULETTE_POCKETS, ROULETTE_RTP, coveredNumbers, parseRouletteParams, playRoulette, pocketColor, settleRoulette, type RouletteBet } from "./roulette.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

/** Every bet a chip can make on a single-zero layout. */
function everyBet(): RouletteBet[] {
  const bets: RouletteBet[] = [];
  for (let number = 0; number <= 36; number += 1) bets.push({ kind: "straight", numbers: [number] });
  for (let number = 1; number <= 36; number += 1) {
    if (number % 3 !== 0) bets.push({ kind: "split", numbers: [number, number + 1] });
    if (number <= 33) bets.push({ kind: "split", numbers: [number, number + 3] });
    if (number % 3 === 1) bets.push({ kind: "street", numbers: [number, number + 1, number + 2] });
    if (number % 3 !== 0 && number <= 32) bets.push({ kind: "corner", numbers: [number, number + 1, number + 3, number + 4] });
    if (number % 3 === 1 && number <= 31) bets.push({ kind: "line", numbers: [number, number + 1, number + 2, number + 3, number + 4, number + 5] });
  }
  bets.push({ kind: "split", numbers: [0, 1] }, { kind: "split", numbers: [0, 2] }, { kind: "split", numbers: [0, 3] });
  bets.push({ kind: "street", numbers: [0, 1, 2] }, { kind: "street", numbers: [0, 2, 3] }, { kind: "corner", numbers: [0, 1, 2, 3] });
  for (const which of [1, 2, 3]) bets.push({ kind: "dozen", which }, { kind: "column", which });
  for (const kind of ["red", "black", "odd", "even", "low", "high"] as const) bets.push({ kind });
  return bets;
}

describe("European roulette", () => {
  it("lands in pocket floor(float x 37)", () => {
    expect(playRoulette(fixedFloats([0]), { bets: [{ kind: "red" }] }).pocket).toBe(0);
    expect(playRoulette(fixedFloats([HIGHEST_FLOAT]), { bets: [{ kind: "red" }] }).pocket).toBe(36);
    expect(playRoulette(fixedFloats([0.8320531346835196]), { bets: [{ kind: "red" }] }).pocket).toBe(30);
    expect([pocketColor(0), pocketColor(1), pocketColor(2)]).toEqual(["green", "red", "black"]);
  });

  it("has the standard bets: 60 splits, 14 streets, 23 corners, 11 lines, and 18 numbers of each colour", () => {
    const bets = everyBet();
    const count = (kind: string) => bets.filter((bet) => bet.kind === kind).length;
    expect([count("split"), count("street"), count("corner"), count("line")]).toEqual([60, 14, 23, 11]);
    expect(coveredNumbers({ kind: "red" }).length).toBe(18);
    expect(coveredNumbers({ kind: "black" }).length).toBe(18);
    expect(coveredNumbers({ kind: "column", which: 1 })).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
  });

  it("pays 36, 18, 12, 9, 6, 3 and 2 times the stake, and zero loses every outside bet", () => {
    const multipliers = everyBet().map((bet) => settleRoulette(coveredNumbers(bet)[0] ?? 0, { bets: [bet] }).bets[0]?.payoutMultiplier);
    expect(new Set(multipliers)).toEqual(new Set(["36", "18", "12", "9", "6", "3", "2"]));
    const outside = everyBet().filter((bet) => ["dozen", "column", "red", "black", "odd", "even", "low", "high"].includes(bet.kind));
    expect(settleRoulette(0, { bets: outside }).bets.every((bet) => !bet.win)).toBe(true);
  });

  it("returns exactly 36/37 on every bet", () => {
    for (const bet of everyBet()) {
      const total = sumRatios(
        Array.from({ length: ROULETTE_POCKETS }, (_, pocket) => multiplierRatio(settleRoulette(pocket, { bets: [bet] }).bets[0]?.payoutMultiplier ?? "0")),
      );
      expect(ratio(total.numerator, total.denominator * BigInt(ROULETTE_POCKETS))).toEqual(ROULETTE_RTP);
    }
  });

  it("refuses chips that no place on the layout covers", () => {
    for (const bet of [
      { kind: "split", numbers: [1, 5] },
      { kind: "split", numbers: [3, 4] },
      { kind: "street", numbers: [2, 3, 4] },
      { kind: "corner", numbers: [3, 4, 6, 7] },
      { kind: "line", numbers: [34, 35, 36, 37, 38, 39] },
      { kind: "straight", numbers: [37] },
      { kind: "dozen", which: 4 },
      { kind: "green" },
    ]) {
      expect(() => parseRouletteParams({ bets: [bet] })).toThrow(InvalidBetError);
    }
    expect(() => parseRouletteParams({ bets: [] })).toThrow(InvalidBetError);
    expect(parseRouletteParams({ bets: [{ kind: "split", numbers: [5, 2] }] }).bets[0]).toEqual({ kind: "split", numbers: [5, 2] });
  });
});
