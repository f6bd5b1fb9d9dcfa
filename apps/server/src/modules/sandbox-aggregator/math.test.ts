import { describe, expect, it } from "vitest";
import {
  CASCADE_MAX,
  CASCADE_PAYS,
  CASCADE_RTP,
  CLASSIC_REEL,
  CLASSIC_RTP,
  classicMultiplier,
  drawStream,
  playModel,
  pocketColour,
  ROULETTE_RTP,
  type Fraction,
} from "./math.ts";

// The declared RTP of each sandbox model, computed exactly from its tables by enumerating every
// outcome (no simulation): a paytable edit that changes the return fails here until the declared
// figure (and the ADR) follow.

/** A decimal string as a fraction over a power of ten. */
function fractionOf(decimal: string): Fraction {
  const [whole, fraction = ""] = decimal.split(".");
  return { numerator: BigInt(whole! + fraction), denominator: 10n ** BigInt(fraction.length) };
}

function add(left: Fraction, right: Fraction): Fraction {
  return { numerator: left.numerator * right.denominator + right.numerator * left.denominator, denominator: left.denominator * right.denominator };
}

function times(left: Fraction, right: Fraction): Fraction {
  return { numerator: left.numerator * right.numerator, denominator: left.denominator * right.denominator };
}

function equal(left: Fraction, right: Fraction): boolean {
  return left.numerator * right.denominator === right.numerator * left.denominator;
}

describe("sandbox game math", () => {
  it("slot-classic returns exactly its declared 96.225 % over every combination of the three reels", () => {
    const total = BigInt(CLASSIC_REEL.reduce((sum, entry) => sum + entry.weight, 0));
    let expected: Fraction = { numerator: 0n, denominator: 1n };
    for (const first of CLASSIC_REEL) {
      for (const second of CLASSIC_REEL) {
        for (const third of CLASSIC_REEL) {
          const probability = { numerator: BigInt(first.weight * second.weight * third.weight), denominator: total ** 3n };
          expected = add(expected, times(probability, fractionOf(classicMultiplier([first.symbol, second.symbol, third.symbol]))));
        }
      }
    }
    expect(equal(expected, CLASSIC_RTP)).toBe(true);
  });

  it("slot-cascade returns exactly its declared 96.328125 % over every number of cascades", () => {
    let expected: Fraction = { numerator: 0n, denominator: 1n };
    for (let cascades = 0; cascades <= CASCADE_MAX; cascades++) {
      // k cascades then a stop, or the cap reached after CASCADE_MAX successes.
      const probability = { numerator: 1n, denominator: 2n ** BigInt(cascades === CASCADE_MAX ? cascades : cascades + 1) };
      expected = add(expected, times(probability, fractionOf(CASCADE_PAYS[cascades]!)));
    }
    expect(equal(expected, CASCADE_RTP)).toBe(true);
  });

  it("table-roulette's colour bets return exactly 36/37 on either colour", () => {
    for (const choice of ["red", "black"] as const) {
      let winning = 0n;
      for (let pocket = 0; pocket < 37; pocket++) if (pocketColour(pocket) === choice) winning += 1n;
      expect(equal(times({ numerator: winning, denominator: 37n }, { numerator: 2n, denominator: 1n }), ROULETTE_RTP)).toBe(true);
    }
  });

  it("replays a round from its seed and round number, and varies between rounds", () => {
    const first = playModel("slot-classic", drawStream("seed-a", 1));
    expect(playModel("slot-classic", drawStream("seed-a", 1))).toEqual(first);
    const outcomes = new Set(Array.from({ length: 20 }, (_, round) => JSON.stringify(playModel("slot-classic", drawStream("seed-a", round)).symbols)));
    expect(outcomes.size).toBeGreaterThan(5);
  });
});
