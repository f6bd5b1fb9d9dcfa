import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { InvalidBetError, pick, requireHundredths, requireOneOf, requireRecord } from "./params.ts";

/**
 * Dice: roll = floor(float x 10001) / 100, so 0.00 to 100.00 in 10,001 equally likely steps.
 * The player wins rolling under or over a target; the multiplier is RTP / win chance, with the
 * chance counted over those 10,001 steps (not 10,000), rounded down to 4 decimals.
 */
export const DICE_OUTCOMES = 10_001;
export const DICE_RTP = ratio(99n, 100n);
/** Win chance bounds, in rolls out of 10,001: one roll, and 98%. */
export const DICE_MIN_WINNING_ROLLS = 1;
export const DICE_MAX_WINNING_ROLLS = 9_800;
const MULTIPLIER_DIGITS = 4;

export type DiceCondition = "under" | "over";
export interface DiceParams {
  /** Hundredths: 5050 is 50.50. */
  target: number;
  condition: DiceCondition;
}
export interface DiceOutcome {
  /** Hundredths: 4217 is a roll of 42.17. */
  roll: number;
  win: boolean;
  /** The multiplier the bet was placed at; a loss pays 0. */
  payoutMultiplier: Multiplier;
  multiplier: Multiplier;
}

export function diceRoll(float: number): number {
  return pick(float, DICE_OUTCOMES);
}

export function diceWinningRolls({ target, condition }: DiceParams): number {
  return condition === "under" ? target : DICE_OUTCOMES - 1 - target;
}

export function diceMultiplier(params: DiceParams): Multiplier {
  const winning = BigInt(diceWinningRolls(params));
  // RTP x 10001 / winning, in 10^-4 units: 0.99 x 10001 x 10^4 = 99 x 10001 x 100.
  return multiplierFromUnits((DICE_RTP.numerator * BigInt(DICE_OUTCOMES) * 10n ** BigInt(MULTIPLIER_DIGITS)) / DICE_RTP.denominator / winning, MULTIPLIER_DIGITS);
}

export function parseDiceParams(input: unknown): DiceParams {
  const record = requireRecord(input);
  const params: DiceParams = {
    target: requireHundredths(record.target, "target", 0, 10_000),
    condition: requireOneOf(record.condition, "condition", ["under", "over"] as const),
  };
  const winning = diceWinningRolls(params);
  if (winning < DICE_MIN_WINNING_ROLLS || winning > DICE_MAX_WINNING_ROLLS) {
    throw new InvalidBetError("target leaves a win chance outside 0.01% to 98%");
  }
  return params;
}

export function settleDice(roll: number, params: DiceParams): DiceOutcome {
  const win = params.condition === "under" ? roll < params.target : roll > params.target;
  const multiplier = diceMultiplier(params);
  return { roll, win, multiplier, payoutMultiplier: win ? multiplier : "0" };
}

export function playDice(stream: FloatSource, params: DiceParams): DiceOutcome {
  return settleDice(diceRoll(stream.next()), params);
}
