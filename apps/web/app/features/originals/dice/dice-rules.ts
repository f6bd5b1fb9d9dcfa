import { DICE_OUTCOMES, diceMultiplier, diceWinningRolls, type DiceCondition } from "@playfair/fairness/games/dice";

// Dice as the slider shows it: the target in hundredths (the engine's unit), 2.00 to 98.00 on the
// slider, and the multiplier and win chance the engine itself derives from it (display only).

export const DICE_SLIDER_MIN = 200;
export const DICE_SLIDER_MAX = 9_800;

/** Hundredths as the decimal string the server reads ("50.50"). */
export function targetParam(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

export function clampTarget(hundredths: number): number {
  return Math.min(DICE_SLIDER_MAX, Math.max(DICE_SLIDER_MIN, Math.round(hundredths)));
}

/** The multiplier and the win chance (in percent, two decimals, as text) for a target and condition. */
export function diceOdds(target: number, condition: DiceCondition): { multiplier: string; chance: string } {
  const winning = diceWinningRolls({ target, condition });
  // Percent with two decimals, exact in integers: winning x 10000 / 10001 hundredths of a percent.
  const hundredthsOfPercent = Math.floor((winning * 10_000) / DICE_OUTCOMES);
  return { multiplier: diceMultiplier({ target, condition }), chance: targetParam(hundredthsOfPercent) };
}
