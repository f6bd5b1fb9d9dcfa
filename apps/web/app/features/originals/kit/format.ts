import type { Round } from "@playfair/contracts/game/play";
import { compareAmounts } from "@playfair/contracts/money";

/**
 * A multiplier as the engine writes it ("2.0000", "0", "1.98") for display: at least two decimals,
 * no trailing zeros beyond them. Text only: never used for money.
 */
export function displayMultiplier(multiplier: string): string {
  const [whole = "0", fraction = ""] = multiplier.split(".");
  const trimmed = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${trimmed}`;
}

/** A settled round paid more than its stake. */
export function isWin(round: Pick<Round, "status" | "payout" | "stake">): boolean {
  return round.status === "settled" && round.payout !== null && compareAmounts(round.payout, round.stake) > 0;
}

/** A multiplier held in hundredths (the engine's tables) as text: 1550 -> "15.50". */
export function hundredthsMultiplier(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** A paytable's multiplier in hundredths, short for a small cell: 1550 -> "15.50", 200 -> "2", 50 -> "0.50". */
export function tableMultiplier(hundredths: number): string {
  return displayMultiplier(hundredthsMultiplier(hundredths)).replace(/\.00$/, "");
}
