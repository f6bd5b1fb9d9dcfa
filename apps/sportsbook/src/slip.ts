import type { BetKind, OddsPolicy } from "@playfair/contracts/sport/bets";
import { addDecimals, divideDecimal, isPositiveDecimal, multiplyDecimals } from "./decimal.ts";

/**
 * The bet slip's rules (ADR 035): which kinds a set of selections allows, their total odds and
 * potential payout, and what stops a slip from being placed. Pure: the slip store and its tests
 * share them.
 */

export type Selection = {
  eventId: number;
  eventName: string;
  marketKey: string;
  marketTypeId: number;
  specifiers: string;
  outcomeId: string;
  /** The outcome as the player read it when choosing it ("Arsenal", "Over 2.5"). */
  outcomeName: string;
  odds: string;
  marketVersion: number;
  /** The market or the event is suspended now: the slip cannot be placed with it. */
  locked: boolean;
};

export type SlipKind = { kind: BetKind; systemSize?: number };

/** Same as the contracts' SLIP_MAX_SELECTIONS (kept here so the widget's bundle does not carry zod). */
export const MAX_SELECTIONS = 20;
export const DEFAULT_ODDS_POLICY: OddsPolicy = "accept_higher";

export function selectionKey(selection: Pick<Selection, "eventId" | "marketKey" | "outcomeId">): string {
  return `${selection.eventId}/${selection.marketKey}/${selection.outcomeId}`;
}

/** Adds the selection, or takes it off when it is already there; another outcome of the same market replaces it. */
export function toggleSelection(selections: readonly Selection[], selection: Selection): Selection[] {
  const key = selectionKey(selection);
  if (selections.some((entry) => selectionKey(entry) === key)) return selections.filter((entry) => selectionKey(entry) !== key);
  const others = selections.filter((entry) => !(entry.eventId === selection.eventId && entry.marketKey === selection.marketKey));
  return others.length >= MAX_SELECTIONS ? others : [...others, selection];
}

/** Two selections of one event are related: a multiple or a system bet refuses them. */
export function hasRelatedSelections(selections: readonly Selection[]): boolean {
  const events = new Set(selections.map((selection) => selection.eventId));
  return events.size < selections.length;
}

/** The kinds a slip of this many selections offers: singles always, a multiple from 2, systems k/n from 3 (k from 2 to n-1). */
export function availableKinds(count: number): SlipKind[] {
  const kinds: SlipKind[] = count > 0 ? [{ kind: "single" }] : [];
  if (count >= 2) kinds.push({ kind: "multiple" });
  for (let size = 2; size < count; size++) kinds.push({ kind: "system", systemSize: size });
  return kinds;
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, size - 1).map((combination) => [first, ...combination]), ...combinations(rest, size)];
}

/** How many lines a system k/n has: n choose k. */
export function systemLineCount(count: number, size: number): number {
  let lines = 1;
  for (let index = 0; index < size; index++) lines = (lines * (count - index)) / (index + 1);
  return Math.round(lines);
}

/** The multiple's total odds (the product of the prices), two decimals. */
export function totalOdds(selections: readonly Pick<Selection, "odds">[]): string {
  return multiplyDecimals(selections.map((selection) => selection.odds));
}

/**
 * What the slip pays if every selection wins: for singles the stake is per selection; a system
 * bet's stake is shared equally by its lines.
 */
export function potentialPayout(selections: readonly Pick<Selection, "odds">[], kind: SlipKind, stake: string): string | null {
  if (!isPositiveDecimal(stake) || selections.length === 0) return null;
  switch (kind.kind) {
    case "single":
      return addDecimals(selections.map((selection) => multiplyDecimals([stake, selection.odds])));
    case "multiple":
      return multiplyDecimals([stake, ...selections.map((selection) => selection.odds)]);
    case "system": {
      const size = kind.systemSize ?? 2;
      const lineStake = divideDecimal(stake, systemLineCount(selections.length, size));
      return addDecimals(combinations(selections, size).map((line) => multiplyDecimals([lineStake, ...line.map((selection) => selection.odds)], 8)));
    }
  }
}

/** The total the player stakes: singles stake per selection. */
export function totalStake(selections: readonly Selection[], kind: SlipKind, stake: string): string | null {
  if (!isPositiveDecimal(stake)) return null;
  return kind.kind === "single" ? multiplyDecimals([stake, String(selections.length)]) : stake;
}

export type SlipProblem = "empty" | "stake" | "related" | "locked";

/** Why the slip cannot be placed now, or null when it can. */
export function slipProblem(selections: readonly Selection[], kind: SlipKind, stake: string): SlipProblem | null {
  if (selections.length === 0) return "empty";
  if (selections.some((selection) => selection.locked)) return "locked";
  if (kind.kind !== "single" && hasRelatedSelections(selections)) return "related";
  if (!isPositiveDecimal(stake)) return "stake";
  return null;
}
