// The limits page's rules for people, kept pure so they are easy to test: how a change will take
// effect (P1: a decrease at once, an increase or removal after 24 hours), how an amount typed by
// the player is checked, and how the list is grouped (spec 4: definitions, then daily, weekly, monthly).
import type { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { compareAmounts, isDecimalAmount, isZero } from "@playfair/contracts/money";
import { compareLimits, LIMIT_LOOSENING_DELAY_MS, MONEY_LIMIT_DEFINITIONS, type Limit, type LimitDefinition } from "@playfair/contracts/player/limits";
import { formatNumberInput, numberInputText, parseNumberInput, type NumberInputOptions } from "@playfair/contracts/validation/masks";
import { intlLocale } from "#app/lib/money-format.ts";

/** now: the change applies at once; later: at `effectiveAt`; newPeriod: the new one now, the old one ends later. */
export type ChangeTiming = { kind: "now" } | { kind: "later"; effectiveAt: Date } | { kind: "newPeriod"; oldEndsAt: Date };

export function changeTiming(limit: Pick<Limit, "amount" | "period" | "pendingChange">, next: { amount: string; period: number }, now: Date): ChangeTiming {
  const later = new Date(now.getTime() + LIMIT_LOOSENING_DELAY_MS);
  if (next.period !== limit.period) {
    const pendingRemoval = limit.pendingChange?.kind === "remove" ? new Date(limit.pendingChange.effectiveAt) : null;
    return { kind: "newPeriod", oldEndsAt: pendingRemoval ?? later };
  }
  if (limit.amount === null || compareAmounts(next.amount, limit.amount) <= 0) return { kind: "now" };
  // The same increase asked for again keeps its time (the server does the same).
  const pending = limit.pendingChange;
  if (pending?.kind === "increase" && pending.amount !== null && compareAmounts(pending.amount, next.amount) === 0) {
    return { kind: "later", effectiveAt: new Date(pending.effectiveAt) };
  }
  return { kind: "later", effectiveAt: later };
}

/** When a removal would take effect: an earlier pending removal keeps its time. */
export function removalTime(limit: Pick<Limit, "pendingChange">, now: Date): Date {
  return limit.pendingChange?.kind === "remove" ? new Date(limit.pendingChange.effectiveAt) : new Date(now.getTime() + LIMIT_LOOSENING_DELAY_MS);
}

export type AmountProblem = "required" | "format" | "positive" | "decimals";

/** How a limit's amount field writes numbers: the page's digits and separators (as the amounts printed beside it), no sign. */
function limitAmountOptions(decimals: number, language: string): NumberInputOptions {
  return { fractionDigits: decimals, locale: intlLocale(language), unsigned: true, localeDigits: true };
}

/** The amount field's text as the player types ("1.234,5" in German, "۱٬۲۳۴٫۵" in Persian). */
export function formatLimitAmountInput(typed: string, decimals: number, language: string): string {
  return formatNumberInput(typed, limitAmountOptions(decimals, language));
}

/** The field's text for a stored amount ("250.00"). */
export function limitAmountInputText(amount: string, decimals: number, language: string): string {
  return numberInputText(amount, limitAmountOptions(decimals, language));
}

// Digits of any script, spaces and the marks numbers are written with; anything else is not an amount.
const AMOUNT_TEXT = /^[\p{Nd}\s.,'\u00A0\u202F\u066B\u066C]+$/u;

/** Checks an amount as typed in the page's number format; returns the canonical string or the problem. */
export function parseLimitAmount(typed: string, decimals: number, language = "en"): { ok: true; amount: string } | { ok: false; problem: AmountProblem } {
  if (typed.trim() === "") return { ok: false, problem: "required" };
  if (!AMOUNT_TEXT.test(typed)) return { ok: false, problem: "format" };
  // Every fraction digit is read, so too many is reported rather than cut.
  const amount = parseNumberInput(typed, { ...limitAmountOptions(decimals, language), fractionDigits: 100 });
  if (amount === null) return { ok: false, problem: "format" };
  if (isZero(amount)) return { ok: false, problem: "positive" };
  if ((amount.split(".")[1]?.length ?? 0) > decimals) return { ok: false, problem: "decimals" };
  return { ok: true, amount };
}

export type LimitGroup = { definition: LimitDefinition; limits: Limit[] };

/** Bet, loss and deposit limits in the spec's order, each with its limits daily, weekly, monthly. */
export function groupMoneyLimits(limits: readonly Limit[]): LimitGroup[] {
  const sorted = [...limits].sort(compareLimits);
  return MONEY_LIMIT_DEFINITIONS.map((definition) => ({ definition, limits: sorted.filter((limit) => limit.definition === definition) }));
}

/** The running self-exclusion or cooling-off, if any (the player is normally signed out during one). */
export function activeExclusion(limits: readonly Limit[], definition: typeof LIMIT_DEFINITION.selfExclusion | typeof LIMIT_DEFINITION.coolingOff): Limit | undefined {
  return limits.find((limit) => limit.definition === definition);
}

/** Share of the limit used in its period, 0..100, for the meter. */
export function usedPercent(limit: Pick<Limit, "amount" | "used">): number {
  if (!limit.amount || !limit.used || isZero(limit.amount)) return 0;
  if (compareAmounts(limit.used, limit.amount) >= 0) return 100;
  // Both are exact decimals of one currency; scaling to 4 digits keeps the meter accurate without floats of money.
  const scale = (value: string) => {
    const [whole = "0", fraction = ""] = value.split(".");
    return BigInt(whole) * 10_000n + BigInt((fraction + "0000").slice(0, 4));
  };
  return Number((scale(limit.used) * 100n) / scale(limit.amount));
}

/** Exact decimal strings as integers at a common scale, so money is never a float. */
function scaled(values: string[]): { ints: bigint[]; digits: number } {
  const digits = Math.max(0, ...values.map((value) => value.split(".")[1]?.length ?? 0));
  const ints = values.map((value) => {
    const negative = value.startsWith("-");
    const [whole = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
    const int = BigInt(whole) * 10n ** BigInt(digits) + BigInt((fraction + "0".repeat(digits)).slice(0, digits) || "0");
    return negative ? -int : int;
  });
  return { ints, digits };
}

function unscaled(value: bigint, digits: number): string {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, "0");
  const whole = digits === 0 ? text : text.slice(0, -digits);
  return `${negative ? "-" : ""}${whole}${digits === 0 ? "" : `.${text.slice(-digits)}`}`;
}

/**
 * A deposit limit's use split in two: what completed deposits used, and what pending deposits
 * reserve (released when they are cancelled or expire). Null when the limit carries no split.
 */
export function depositUse(limit: Pick<Limit, "used" | "reserved">): { completed: string; reserved: string } | null {
  if (limit.used === null || limit.reserved === null || !isDecimalAmount(limit.used) || !isDecimalAmount(limit.reserved)) return null;
  const { ints, digits } = scaled([limit.used, limit.reserved]);
  const completed = ints[0]! - ints[1]!;
  return { completed: unscaled(completed < 0n ? 0n : completed, digits), reserved: limit.reserved };
}

/**
 * The room the deposit limits of one currency leave now: the tightest one's amount minus its use
 * (never below zero), when its period starts again, and what pending deposits hold of it. Null
 * when no deposit limit applies to the currency.
 */
export function depositRoom(limits: readonly Limit[], currency: string): { remaining: string; resetsAt: string | null; reserved: string } | null {
  let tightest: { remaining: string; limit: Limit } | null = null;
  for (const limit of limits) {
    if (limit.definition !== 3 || limit.currency !== currency || limit.amount === null || limit.used === null) continue;
    const { ints, digits } = scaled([limit.amount, limit.used]);
    const left = ints[0]! - ints[1]!;
    const remaining = unscaled(left < 0n ? 0n : left, digits);
    if (!tightest || compareAmounts(remaining, tightest.remaining) < 0) tightest = { remaining, limit };
  }
  if (!tightest) return null;
  return { remaining: tightest.remaining, resetsAt: tightest.limit.periodEndsAt, reserved: tightest.limit.reserved ?? "0" };
}

/**
 * The suggested deposit amounts the room under the limit allows: those above it are dropped, and
 * the room itself is offered in their place when it is at least the method's minimum.
 */
export function presetsWithinRoom(presets: readonly string[], room: string | null, minimum: string): string[] {
  if (room === null) return [...presets];
  const allowed = presets.filter((preset) => compareAmounts(preset, room) <= 0);
  if (allowed.length < presets.length && compareAmounts(room, minimum) >= 0 && !allowed.some((preset) => compareAmounts(preset, room) === 0)) allowed.push(room);
  return allowed;
}
