/**
 * Exact fractions over BigInt, for declared RTPs and the expected values the tests derive from
 * the rule tables: a float cannot say whether 99% is 0.99 or 0.98999999.
 */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  let n = BigInt(numerator);
  let d = BigInt(denominator);
  if (d === 0n) throw new RangeError("denominator must not be zero");
  if (d < 0n) [n, d] = [-n, -d];
  const divisor = gcd(n, d) || 1n;
  return { numerator: n / divisor, denominator: d / divisor };
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function multiplyRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function subtractRatios(a: Ratio, b: Ratio): Ratio {
  return addRatios(a, ratio(-b.numerator, b.denominator));
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareRatios(a: Ratio, b: Ratio): number {
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

export function sumRatios(values: Iterable<Ratio>): Ratio {
  let total = ratio(0n);
  for (const value of values) total = addRatios(total, value);
  return total;
}

/** The value as a percentage rounded down to `digits` decimals, e.g. "99.00" or "97.2972". */
export function formatPercent(value: Ratio, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (value.numerator * 100n * scale) / value.denominator;
  return formatScaled(scaled, digits);
}

/** An integer count of 10^-digits as a decimal string: (19800n, 4) -> "1.9800". */
export function formatScaled(units: bigint, digits: number): string {
  const negative = units < 0n;
  const digitsText = (negative ? -units : units).toString().padStart(digits + 1, "0");
  const whole = digitsText.slice(0, digitsText.length - digits);
  const fraction = digitsText.slice(digitsText.length - digits);
  return `${negative ? "-" : ""}${whole}${digits > 0 ? `.${fraction}` : ""}`;
}
