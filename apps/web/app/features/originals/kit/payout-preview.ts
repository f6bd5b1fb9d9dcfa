import { fromMinorUnits, toMinorUnits, type SubunitToUnit } from "@playfair/contracts/money";
import { payoutMinorUnits } from "@playfair/fairness/multiplier";

/**
 * What a win at this multiplier would pay, with the server's own rounding (payoutMinorUnits,
 * rounded down to the currency's smallest unit). A display preview only: the round's answer is
 * the truth.
 */
export function payoutPreview(amount: string | null, multiplier: string, subunitToUnit: SubunitToUnit): string | null {
  if (amount === null) return null;
  return fromMinorUnits(payoutMinorUnits(toMinorUnits(amount, subunitToUnit), multiplier), subunitToUnit);
}
