import { LIMBO_MAX_RESULT, LIMBO_MIN_TARGET } from "@playfair/fairness/games/limbo";

// Limbo's target as the player types it: a multiplier with at most two decimals, 1.01 to
// 1,000,000.00 (the engine's bounds, in hundredths), and the win chance it leaves: 99 / target %.

/** The target in hundredths, or null when the text is not a multiplier the engine takes. */
export function parseLimboTarget(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(hundredths) && hundredths >= LIMBO_MIN_TARGET && hundredths <= LIMBO_MAX_RESULT ? hundredths : null;
}

export function hundredthsText(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** Win chance in percent with four decimals, rounded down, exact in integers: 99 x 100 / target. */
export function limboChance(target: number): string {
  const tenThousandths = Math.floor((99 * 100 * 10_000) / target);
  return `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, "0")}`.replace(/(\.\d\d)0+$/, "$1");
}

export { LIMBO_MAX_RESULT, LIMBO_MIN_TARGET };
