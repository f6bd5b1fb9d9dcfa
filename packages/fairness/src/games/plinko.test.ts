import { describe, expect, it } from "vitest";
import { multiplyRatios, ratio, sumRatios } from "../exact.ts";
import { multiplierRatio } from "../multiplier.ts";
import { InvalidBetError, choose } from "./params.ts";
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_RTP, parsePlinkoParams, playPlinko, plinkoTable, settlePlinko, type PlinkoParams } from "./plinko.ts";
import { fixedFloats } from "./floats-test-kit.ts";

function everyTable(): PlinkoParams[] {
  return PLINKO_RISKS.flatMap((risk) => Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => ({ risk, rows: PLINKO_MIN_ROWS + index })));
}

describe("plinko", () => {
  it("drops right on floor(float x 2) = 1 in every row; the slot counts the rights (the published 8-row example)", () => {
    const floats = [0.8320531346835196, 0.8531235849950463, 0.18227359023876488, 0.774284637067467, 0.18627392360940576, 0.6012540922965854, 0.608081541955471, 0.46018488449044526];
    const outcome = playPlinko(fixedFloats(floats), { rows: 8, risk: "low" });
    expect(outcome.path).toEqual([1, 1, 0, 1, 0, 1, 1, 0]);
    expect(outcome.slot).toBe(5);
    expect(outcome.payoutMultiplier).toBe("0.78");
  });

  it("pays exactly 99% on every table, by the binomial chance of each slot", () => {
    for (const params of everyTable()) {
      const table = plinkoTable(params);
      expect(table.length).toBe(params.rows + 1);
      const rtp = sumRatios(
        table.map((_, slot) => {
          const chance = ratio(choose(params.rows, slot), 2n ** BigInt(params.rows));
          const path = Array.from({ length: params.rows }, (_, row) => (row < slot ? 1 : 0));
          return multiplyRatios(chance, multiplierRatio(settlePlinko(path, params).payoutMultiplier));
        }),
      );
      expect(rtp, `${params.risk} ${params.rows}`).toEqual(PLINKO_RTP);
    }
  });

  it("lands the 2^8 paths of 8 rows in the slots with the binomial weights the RTP uses", () => {
    const counts = new Array<number>(9).fill(0);
    for (let bits = 0; bits < 256; bits += 1) {
      const floats = Array.from({ length: 8 }, (_, row) => ((bits >> row) & 1 ? 0.75 : 0.25));
      const { slot } = playPlinko(fixedFloats(floats), { rows: 8, risk: "high" });
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
    expect(counts).toEqual(Array.from({ length: 9 }, (_, slot) => Number(choose(8, slot))));
  });

  it("has symmetric tables that pay more towards the edges, and more at the edge for higher risk", () => {
    for (const params of everyTable()) {
      const table = plinkoTable(params);
      expect([...table].reverse()).toEqual([...table]);
      for (let slot = 0; slot < Math.floor(params.rows / 2); slot += 1) expect(table[slot]).toBeGreaterThan(table[slot + 1] ?? Infinity);
    }
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      const edges = PLINKO_RISKS.map((risk) => plinkoTable({ rows, risk })[0] ?? 0);
      expect([...edges].sort((a, b) => a - b)).toEqual(edges);
    }
  });

  it("takes 8 to 16 rows and the three risk levels only", () => {
    expect(parsePlinkoParams({ rows: 16, risk: "high" })).toEqual({ rows: 16, risk: "high" });
    for (const bad of [{ rows: 7, risk: "low" }, { rows: 17, risk: "low" }, { rows: 8.5, risk: "low" }, { rows: 8, risk: "extreme" }]) {
      expect(() => parsePlinkoParams(bad)).toThrow(InvalidBetError);
    }
  });
});
