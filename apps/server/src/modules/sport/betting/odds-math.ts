import type { BetKind } from "@playfair/contracts/sport/bets";

// The sportsbook's payout arithmetic, exact: odds and dead-heat factors are decimal strings read as
// fractions, a bet's return is one fraction of its stake, floored once to the currency's minor unit.
//   win = odds (times the dead-heat factor), lose = 0, void = 1,
//   half_win = (odds + 1) / 2, half_lose = 1/2;
//   a multiple multiplies its legs; a system k/n sums every k-leg line at stake / lines.

export type Fraction = { numerator: bigint; denominator: bigint };

export type LegOutcome = "open" | "win" | "lose" | "void" | "half_win" | "half_lose";

const ONE: Fraction = { numerator: 1n, denominator: 1n };

/** "1.85" as 185/100; any non-negative decimal string. */
export function decimalFraction(value: string): Fraction {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`not a non-negative decimal: ${value}`);
  const [whole = "0", fraction = ""] = value.split(".");
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

export function multiply(left: Fraction, right: Fraction): Fraction {
  return reduce({ numerator: left.numerator * right.numerator, denominator: left.denominator * right.denominator });
}

export function add(left: Fraction, right: Fraction): Fraction {
  return reduce({ numerator: left.numerator * right.denominator + right.numerator * left.denominator, denominator: left.denominator * right.denominator });
}

export function divide(left: Fraction, right: Fraction): Fraction {
  if (right.numerator === 0n) throw new Error("division by zero");
  return reduce({ numerator: left.numerator * right.denominator, denominator: left.denominator * right.numerator });
}

function gcd(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function reduce(value: Fraction): Fraction {
  const divisor = gcd(value.numerator, value.denominator);
  return { numerator: value.numerator / divisor, denominator: value.denominator / divisor };
}

/** What one leg returns per unit staked on it, once its result is known. */
export function legFactor(result: Exclude<LegOutcome, "open">, odds: string, deadHeatFactor?: string | null): Fraction {
  const price = decimalFraction(odds);
  switch (result) {
    case "win":
      return deadHeatFactor ? multiply(price, decimalFraction(deadHeatFactor)) : price;
    case "lose":
      return { numerator: 0n, denominator: 1n };
    case "void":
      return ONE;
    case "half_win":
      return divide(add(price, ONE), { numerator: 2n, denominator: 1n });
    case "half_lose":
      return { numerator: 1n, denominator: 2n };
  }
}

/** Every k-element choice of positions 0..n-1, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  if (k < 1 || k > n) return [];
  const lines: number[][] = [];
  const line: number[] = [];
  const walk = (start: number) => {
    if (line.length === k) {
      lines.push([...line]);
      return;
    }
    for (let position = start; position <= n - (k - line.length); position++) {
      line.push(position);
      walk(position + 1);
      line.pop();
    }
  };
  walk(0);
  return lines;
}

/**
 * The return of a whole bet per unit of its stake, from each leg's factor (fair values for a
 * cash-out, results for settlement): the product for a single or multiple, the mean of the lines'
 * products for a system (each line stakes stake / lines).
 */
export function betFactor(kind: BetKind, systemSize: number | null, legFactors: Fraction[]): Fraction {
  if (kind !== "system") return legFactors.reduce(multiply, ONE);
  const lines = combinations(legFactors.length, systemSize ?? 0);
  if (lines.length === 0) throw new Error(`no lines in a system ${systemSize}/${legFactors.length}`);
  const sum = lines.map((line) => line.map((position) => legFactors[position]!).reduce(multiply, ONE)).reduce(add, { numerator: 0n, denominator: 1n });
  return divide(sum, { numerator: BigInt(lines.length), denominator: 1n });
}

/** stake (minor units) times a factor, floored to a whole minor unit: the house never pays a fraction of one. */
export function applyFactor(stakeMinor: bigint, factor: Fraction): bigint {
  return (stakeMinor * factor.numerator) / factor.denominator;
}

/** How many lines a system k/n has: n choose k. */
export function systemLineCount(n: number, k: number): number {
  return combinations(n, k).length;
}
