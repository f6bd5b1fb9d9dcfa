/** Thrown when a bet's parameters are outside the game's rules; the server answers it as a validation error. */
export class InvalidBetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidBetError";
  }
}

export function requireInteger(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new InvalidBetError(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

export function requireOneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidBetError(`${name} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

export function requireRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InvalidBetError("params must be an object");
  return value as Record<string, unknown>;
}

/** A decimal with at most two places ("50.5", "2.00") as a count of hundredths. */
export function requireHundredths(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "string" || !/^\d+(\.\d{1,2})?$/.test(value)) {
    throw new InvalidBetError(`${name} must be a decimal with at most two places`);
  }
  const [whole = "0", fraction = ""] = value.split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(hundredths) || hundredths < min || hundredths > max) {
    throw new InvalidBetError(`${name} must be from ${min / 100} to ${max / 100}`);
  }
  return hundredths;
}

/** Distinct integers in [min, max], in the order given. */
export function requireDistinctIntegers(value: unknown, name: string, min: number, max: number, minCount: number, maxCount: number): number[] {
  if (!Array.isArray(value) || value.length < minCount || value.length > maxCount) {
    throw new InvalidBetError(`${name} must list ${minCount} to ${maxCount} values`);
  }
  const seen = new Set<number>();
  for (const item of value) {
    requireInteger(item, name, min, max);
    if (seen.has(item as number)) throw new InvalidBetError(`${name} must not repeat a value`);
    seen.add(item as number);
  }
  return value as number[];
}

/** Index floor(float x count): every published conversion reduces a float this way (F5). */
export function pick(float: number, count: number): number {
  return Math.floor(float * count);
}

/** C(n, k) exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 1; index <= k; index += 1) result = (result * BigInt(n - k + index)) / BigInt(index);
  return result;
}
