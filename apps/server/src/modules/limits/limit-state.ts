import { isMoneyLimitDefinition } from "@playfair/contracts/player/limits";
import type { DbExecutor } from "../../db/database.ts";
import { selectLimitRows, type PlayerLimitRow } from "./limits.repository.ts";

// P1 against the clock: a limit's pending increase or removal is stored with its time and counts
// from then on, without a job rewriting the row when the time comes.

/** A limit row as it stands at one instant: pending changes whose time has come are applied. */
export type LimitState = {
  row: PlayerLimitRow;
  amount: string | null;
  pending: { kind: "increase" | "remove"; amount: string | null; effectiveAt: Date } | null;
};

export function stateAt(row: PlayerLimitRow, at: Date): LimitState | null {
  if (row.removedAt) return null;
  if (!isMoneyLimitDefinition(row.definition)) {
    return row.endsAt && row.endsAt > at ? { row, amount: null, pending: null } : null;
  }
  if (row.pendingEffectiveAt && row.pendingChange) {
    if (row.pendingEffectiveAt <= at) {
      if (row.pendingChange === "remove") return null;
      return { row, amount: row.pendingAmount, pending: null };
    }
    const kind = row.pendingChange === "remove" ? "remove" : "increase";
    return { row, amount: row.amount, pending: { kind, amount: kind === "increase" ? row.pendingAmount : null, effectiveAt: row.pendingEffectiveAt } };
  }
  return { row, amount: row.amount, pending: null };
}

/** The row's columns once every pending change whose time has come is written down. */
export function settledColumns(state: LimitState): Partial<PlayerLimitRow> {
  return state.pending
    ? { amount: state.amount }
    : { amount: state.amount, pendingAmount: null, pendingChange: null, pendingEffectiveAt: null };
}

/** The player's limits in force at `at`. */
export async function statesOf(executor: DbExecutor, playerId: string, at: Date): Promise<LimitState[]> {
  const rows = await selectLimitRows(executor, playerId);
  return rows.flatMap((row) => stateAt(row, at) ?? []);
}
