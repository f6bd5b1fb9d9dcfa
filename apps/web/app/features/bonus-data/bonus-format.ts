// Figures the bonus pages derive from a bonus's exact amounts. Amounts stay decimal strings; only
// the share of a bar (a percentage for people and for aria-valuenow) becomes a number.
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import { compareAmounts, isZero } from "@playfair/contracts/money";

function scaled(amount: string, decimals: number): bigint {
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const digits = BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
  return amount.startsWith("-") ? -digits : digits;
}

function fractionDigits(amount: string): number {
  return amount.split(".")[1]?.length ?? 0;
}

/**
 * How far wagering has come, in percent with two decimals, rounded down and between 0 and 100:
 * the bar never shows complete before the requirement is met. Nothing required means complete.
 */
export function wageringPercent(wagered: string, required: string): number {
  if (isZero(required) || compareAmounts(wagered, required) >= 0) return 100;
  if (compareAmounts(wagered, "0") <= 0) return 0;
  const decimals = Math.max(fractionDigits(wagered), fractionDigits(required));
  const hundredths = (scaled(wagered, decimals) * 10_000n) / scaled(required, decimals);
  return Number(hundredths) / 100;
}

/** A multiplier or percent as people read it: "10", "0.5" (never "10.00"). */
export function plainNumber(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** The contribution of each catalogue category, `default` last: what the terms list shows. */
export function contributionRows(terms: Pick<BonusTerms, "contributions">): Array<{ category: string; percent: string }> {
  const entries = Object.entries(terms.contributions).map(([category, percent]) => ({ category, percent: plainNumber(percent) }));
  return [...entries.filter((entry) => entry.category !== "default"), ...entries.filter((entry) => entry.category === "default")];
}

/** Whole days, hours and minutes until `at` (zero when past): the expiry countdown. */
export function timeLeft(at: string, now: number): { days: number; hours: number; minutes: number; past: boolean } {
  const ms = new Date(at).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return { days: 0, hours: 0, minutes: 0, past: true };
  const minutesTotal = Math.floor(ms / 60_000);
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60, past: false };
}
