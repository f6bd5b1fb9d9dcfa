import { compareAmounts, isZero, negate, subtractAmounts } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import type { Ledger, LedgerLeg, PostResult } from "../ledger/ledger.service.ts";

// Every movement of bonus money is one balanced ledger transaction (L1) with its own key (L4):
//   credit   `player-bonus:<id>:credit`   bonus-credit   bonus-budget -A, bonus +A       (activation)
//   finish   `player-bonus:<id>:finish`   bonus-convert  bonus -B, cash +C, bonus-budget +(B - C)   (wagering done; C = min(B, cap))
//                                         bonus-forfeit  bonus -B, bonus-budget +B       (cancelled, expired)
// Converting and forfeiting share the finish key, so a bonus's money is settled once even when
// the expiry job and the player's last winning round race (the status update decides which).

export const BONUS_CREDIT_KIND = "bonus-credit";
export const BONUS_CONVERT_KIND = "bonus-convert";
export const BONUS_FORFEIT_KIND = "bonus-forfeit";

export type BonusMoneyAccounts = { cash: bigint; bonus: bigint };

export type BonusLedger = {
  /** Puts an activated bonus's amount in the player's bonus balance. */
  credit(executor: DbExecutor, bonus: { id: string; currency: string; amount: string }, accounts: BonusMoneyAccounts): Promise<PostResult>;
  /**
   * Ends a bonus's money: `balance` (what is left in the bonus balance) goes to cash up to
   * `convertUpTo` (null: none converts, a forfeit), the rest back to the budget. Answers what converted.
   */
  finish(
    executor: DbExecutor,
    bonus: { id: string; currency: string; subunitToUnit: string },
    accounts: BonusMoneyAccounts,
    balance: string,
    convertUpTo: string | null,
  ): Promise<{ converted: string; forfeited: string }>;
};

export function createBonusLedger(ledger: Ledger): BonusLedger {
  return {
    async credit(executor, bonus, accounts) {
      const budget = await ledger.houseAccount(executor, "bonus-budget", bonus.currency);
      return ledger.post(executor, {
        kind: BONUS_CREDIT_KIND,
        idempotencyKey: `player-bonus:${bonus.id}:credit`,
        legs: [
          { accountId: budget, amount: negate(bonus.amount) },
          { accountId: accounts.bonus, amount: bonus.amount },
        ],
        metadata: { playerBonusId: bonus.id },
      });
    },

    async finish(executor, bonus, accounts, balance, convertUpTo) {
      if (isZero(balance)) return { converted: "0", forfeited: "0" };
      const converted = convertUpTo === null ? "0" : compareAmounts(balance, convertUpTo) <= 0 ? balance : convertUpTo;
      const forfeited = subtractAmounts(balance, converted, bonus.subunitToUnit);
      const legs: LedgerLeg[] = [{ accountId: accounts.bonus, amount: negate(balance) }];
      if (!isZero(converted)) legs.push({ accountId: accounts.cash, amount: converted });
      if (!isZero(forfeited)) legs.push({ accountId: await ledger.houseAccount(executor, "bonus-budget", bonus.currency), amount: forfeited });
      await ledger.post(executor, {
        kind: convertUpTo === null ? BONUS_FORFEIT_KIND : BONUS_CONVERT_KIND,
        idempotencyKey: `player-bonus:${bonus.id}:finish`,
        legs,
        metadata: { playerBonusId: bonus.id },
      });
      return { converted, forfeited };
    },
  };
}
