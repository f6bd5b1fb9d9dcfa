import { compareAmounts, fromMinorUnits, subunitDecimals, toMinorUnits, type SubunitToUnit } from "@playfair/contracts/money";

// The bet amount as the player types and nudges it: a decimal string in the session's currency,
// never a float. The server decides (it refuses a stake outside the bounds with its own message);
// these rules only keep the control's buttons from proposing an amount the server would refuse.

export type StakeBounds = { min: string; max: string };

/** Why an amount cannot be played as it stands, or null when it can. */
export type AmountProblem = "format" | "belowMin" | "aboveMax" | "overBalance";

/** Digits with at most the currency's decimals (a dot or a comma as the separator). */
export function parseAmountInput(text: string, subunitToUnit: SubunitToUnit): string | null {
  const trimmed = text.trim().replace(",", ".");
  const decimals = subunitDecimals(subunitToUnit);
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$|^\\.\\d{1,${decimals}}$`);
  if (!pattern.test(trimmed)) return null;
  return fromMinorUnits(toMinorUnits(trimmed.startsWith(".") ? `0${trimmed}` : trimmed, subunitToUnit), subunitToUnit);
}

function clamp(minor: bigint, bounds: StakeBounds | null, subunitToUnit: SubunitToUnit): string {
  let value = minor;
  if (bounds) {
    const min = toMinorUnits(bounds.min, subunitToUnit);
    const max = toMinorUnits(bounds.max, subunitToUnit);
    if (value < min) value = min;
    if (value > max) value = max;
  }
  return fromMinorUnits(value, subunitToUnit);
}

/** Half the amount, rounded down to the currency's smallest unit, never under the minimum stake. */
export function halveAmount(amount: string, bounds: StakeBounds | null, subunitToUnit: SubunitToUnit): string {
  const minor = safeMinor(amount, subunitToUnit) ?? 0n;
  return clamp(minor / 2n, bounds, subunitToUnit);
}

/** Twice the amount, never over the maximum stake (and from the minimum when the field is empty). */
export function doubleAmount(amount: string, bounds: StakeBounds | null, subunitToUnit: SubunitToUnit): string {
  const minor = safeMinor(amount, subunitToUnit) ?? 0n;
  return clamp(minor * 2n, bounds, subunitToUnit);
}

export function minAmount(bounds: StakeBounds, subunitToUnit: SubunitToUnit): string {
  return clamp(toMinorUnits(bounds.min, subunitToUnit), bounds, subunitToUnit);
}

/** The maximum stake, or the whole balance when it is smaller (the most the player can bet now). */
export function maxAmount(bounds: StakeBounds, balance: string | null, subunitToUnit: SubunitToUnit): string {
  const max = toMinorUnits(bounds.max, subunitToUnit);
  const held = balance === null ? max : balanceMinor(balance, subunitToUnit) ?? max;
  return clamp(held < max ? held : max, bounds, subunitToUnit);
}

export function amountProblem(amount: string, bounds: StakeBounds | null, balance: string | null, subunitToUnit: SubunitToUnit): AmountProblem | null {
  const parsed = parseAmountInput(amount, subunitToUnit);
  if (parsed === null || compareAmounts(parsed, "0") <= 0) return "format";
  if (bounds && compareAmounts(parsed, bounds.min) < 0) return "belowMin";
  if (bounds && compareAmounts(parsed, bounds.max) > 0) return "aboveMax";
  if (balance !== null && compareAmounts(parsed, balance) > 0) return "overBalance";
  return null;
}

function safeMinor(amount: string, subunitToUnit: SubunitToUnit): bigint | null {
  const parsed = parseAmountInput(amount, subunitToUnit);
  return parsed === null ? null : toMinorUnits(parsed, subunitToUnit);
}

/** A balance as the server wrote it (it may carry the column's extra zero decimals). */
function balanceMinor(balance: string, subunitToUnit: SubunitToUnit): bigint | null {
  try {
    return toMinorUnits(balance, subunitToUnit);
  } catch {
    return null;
  }
}
