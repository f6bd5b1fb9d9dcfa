import { and, eq } from "drizzle-orm";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { BetKind } from "@playfair/contracts/sport/bets";
import type { DbExecutor } from "../../../db/database.ts";
import { sportBets } from "../sport.schema.ts";
import { betKey, type BetMoney } from "./bet-money.ts";
import type { SportBetLegRow, SportBetRow } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { applyFactor, betFactor, legFactor, type LegOutcome } from "./odds-math.ts";

// How an accepted bet ends and reopens, on a bet row the caller locked: settled once every leg is
// decided (one payout transaction), reopened by a settlement's rollback (its exact reverse), and
// cancelled for good when every leg was cancelled (P9: the stake back, never settled again).

export type BetResolution = {
  /** Settles an accepted bet when no leg is open; answers the row as it is now. */
  settleIfDecided(executor: DbExecutor, bet: SportBetRow, legs: readonly SportBetLegRow[], at: Date): Promise<SportBetRow>;
  /** A settled bet back to accepted, its settlement reversed; any other bet as it is. */
  reopen(executor: DbExecutor, bet: SportBetRow): Promise<SportBetRow>;
  /** Ends a bet whose every leg was cancelled: the stake back, status cancelled with actor and reason. */
  cancel(executor: DbExecutor, bet: SportBetRow, actor: string, reason: string, at: Date): Promise<SportBetRow>;
};

/** What a bet returns (minor units) with its legs' results, or null while a leg is open. */
export function settledReturn(bet: Pick<SportBetRow, "kind" | "systemSize">, stakeMinor: bigint, legs: readonly Pick<SportBetLegRow, "result" | "odds" | "deadHeatFactor">[]): bigint | null {
  if (legs.some((leg) => leg.result === "open")) return null;
  const factors = legs.map((leg) => legFactor(leg.result as Exclude<LegOutcome, "open">, leg.odds, leg.deadHeatFactor));
  return applyFactor(stakeMinor, betFactor(bet.kind as BetKind, bet.systemSize, factors));
}

export function createBetResolution({ money, precision }: { money: BetMoney; precision: CurrencyPrecision }): BetResolution {
  async function update(executor: DbExecutor, bet: SportBetRow, changes: Partial<SportBetRow>): Promise<SportBetRow> {
    const [row] = await executor
      .update(sportBets)
      .set(changes)
      .where(and(eq(sportBets.id, bet.id), eq(sportBets.status, bet.status)))
      .returning();
    // The caller holds the row lock: a status other than the one it read is a bug, not a race.
    if (!row) throw new Error(`bet ${bet.id} changed under its lock`);
    return row;
  }

  return {
    async settleIfDecided(executor, bet, legs, at) {
      if (bet.status !== "accepted") return bet;
      const subunitToUnit = await precision(executor, bet.currency);
      const stake = toMinorUnits(bet.stake, subunitToUnit);
      const payout = settledReturn(bet, stake, legs);
      if (payout === null) return bet;
      const settlement = bet.settlementCount + 1;
      const refund = legs.every((leg) => leg.result === "void");
      await money.pay(executor, bet, payout, subunitToUnit, { key: betKey(bet.id, `settle:${settlement}`), refund });
      return update(executor, bet, { status: "settled", payout: fromMinorUnits(payout, subunitToUnit), settlementCount: settlement, settledAt: at });
    },

    async reopen(executor, bet) {
      if (bet.status !== "settled") return bet;
      await money.reverse(executor, bet, bet.settlementCount);
      return update(executor, bet, { status: "accepted", payout: null, settledAt: null });
    },

    async cancel(executor, bet, actor, reason, at) {
      await money.release(executor, bet, betKey(bet.id, "cancel"));
      return update(executor, bet, { status: "cancelled", payout: bet.stake, cancelledBy: actor, cancelReason: reason, cancelledAt: at, settledAt: at });
    },
  };
}
