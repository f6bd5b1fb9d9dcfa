import { formatScaled, ratio, type Ratio } from "./exact.ts";

/**
 * A payout multiplier as an exact decimal string ("1.98", "2.0000"): what the round stores, what
 * the player sees and what settlement multiplies the stake by. Never a float.
 */
export type Multiplier = string;

const MULTIPLIER_PATTERN = /^\d+(\.\d+)?$/;

/** A count of 10^-digits as a multiplier: (198, 2) -> "1.98". */
export function multiplierFromUnits(units: bigint | number, digits: number): Multiplier {
  const value = BigInt(units);
  if (value < 0n) throw new RangeError("a multiplier is never negative");
  return formatScaled(value, digits);
}

export function multiplierRatio(multiplier: Multiplier): Ratio {
  if (!MULTIPLIER_PATTERN.test(multiplier)) throw new RangeError(`not a multiplier: ${multiplier}`);
  const [whole = "0", fraction = ""] = multiplier.split(".");
  return ratio(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
}

/**
 * What a stake returns, in the stake's minor units, rounded down: the house never pays a
 * fraction of a minor unit it cannot hold.
 */
export function payoutMinorUnits(stakeMinorUnits: bigint, multiplier: Multiplier): bigint {
  if (stakeMinorUnits < 0n) throw new RangeError("a stake is never negative");
  const { numerator, denominator } = multiplierRatio(multiplier);
  return (stakeMinorUnits * numerator) / denominator;
}
