import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { requireHundredths, requireRecord } from "./params.ts";

/**
 * Limbo: result = floor(100 x RTP / float) / 100, at least 1.00 and at most 1,000,000.00; the
 * player wins the target multiplier when the result reaches it. The same conversion gives a
 * crash round's point (crash.ts).
 */
export const LIMBO_RTP = ratio(99n, 100n);
export const LIMBO_MIN_TARGET = 101;
/** Hundredths: 1,000,000.00x. */
export const LIMBO_MAX_RESULT = 100_000_000;

export interface LimboParams {
  /** Hundredths: 200 is 2.00x. */
  target: number;
}
export interface LimboOutcome {
  /** Hundredths. */
  result: number;
  win: boolean;
  payoutMultiplier: Multiplier;
}

const FLOAT_STEPS = 2 ** 32;

/**
 * Exact in integers: the float is u / 2^32, so 100 x RTP / float = 99 x 2^32 / u. A float of 0
 * (one chance in 2^32) is the highest result.
 */
export function multiplierPoint(float: number, rtp = LIMBO_RTP): number {
  const steps = BigInt(Math.round(float * FLOAT_STEPS));
  if (steps === 0n) return LIMBO_MAX_RESULT;
  const hundredths = (100n * rtp.numerator * BigInt(FLOAT_STEPS)) / (rtp.denominator * steps);
  return Number(hundredths < 100n ? 100n : hundredths > BigInt(LIMBO_MAX_RESULT) ? BigInt(LIMBO_MAX_RESULT) : hundredths);
}

export function parseLimboParams(input: unknown): LimboParams {
  return { target: requireHundredths(requireRecord(input).target, "target", LIMBO_MIN_TARGET, LIMBO_MAX_RESULT) };
}

export function settleLimbo(result: number, params: LimboParams): LimboOutcome {
  const win = result >= params.target;
  return { result, win, payoutMultiplier: win ? multiplierFromUnits(params.target, 2) : "0" };
}

export function playLimbo(stream: FloatSource, params: LimboParams): LimboOutcome {
  return settleLimbo(multiplierPoint(stream.next()), params);
}
