import { buildChain, seedHash, verifyChainPosition } from "@playfair/fairness";
import { crashMillisecondsTo, crashMultiplierAt } from "@playfair/contracts/game/crash";
import { describe, expect, it } from "vitest";
import { buildCheckpoints, CHECKPOINT_EVERY, hashAtPosition } from "./chain.ts";
import { cashoutPayout, parseAutoCashout } from "./crash-bets.ts";

describe("the crash curve", () => {
  it("starts at 1.00x, doubles after about 11.6 s and reaches each point exactly at its crash instant", () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    for (const point of [100, 101, 150, 200, 1_000, 12_345, 100_000_000]) {
      const ms = crashMillisecondsTo(point);
      expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(point);
      if (ms > 0) expect(crashMultiplierAt(ms - 1)).toBeLessThan(point);
    }
  });

  it("pays a cash-out in minor units rounded down, and takes auto cash-outs from 1.01x", () => {
    expect(cashoutPayout(333n, 150)).toBe(499n);
    expect(parseAutoCashout("2")).toBe(200);
    expect(parseAutoCashout("2.5")).toBe(250);
    expect(parseAutoCashout(undefined)).toBeNull();
    expect(() => parseAutoCashout("1.00")).toThrow();
  });
});

describe("the chain's checkpoints", () => {
  it("give every round the hash the published scheme gives it, proven against the commitment", async () => {
    const seed = "a".repeat(64);
    const length = CHECKPOINT_EVERY * 2 + 37;
    const { commitment, checkpoints } = await buildCheckpoints(seed, length);
    const chain = buildChain(seed, length);
    expect(commitment).toBe(seedHash(chain[0]!));
    for (const position of [1, 2, 36, 37, 38, CHECKPOINT_EVERY, length - 1, length]) {
      const hash = hashAtPosition({ length, checkpoints }, position);
      expect(hash).toBe(chain[position - 1]);
      expect(verifyChainPosition(hash, commitment, length)).toBe(position);
    }
    expect(hashAtPosition({ length, checkpoints }, length)).toBe(seed);
  });
});
