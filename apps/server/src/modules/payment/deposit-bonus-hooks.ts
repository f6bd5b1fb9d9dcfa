import type { DbExecutor } from "../../db/database.ts";
import type { InvoiceRow } from "./invoice-store.ts";

// Payment sits below the bonus domain: it declares what it needs from bonuses here and
// services.ts hands in the bonus engine's implementation. Without one, deposits carry no bonus.

export type DepositBonusRequest = { playerId: string; currency: string; amount: string; bonusId: string | null; bonusCode: string | null };

/** What a credited deposit issued: the deposit bonus (the template the player chose) and the code whose bonus it gave. */
export type IssuedDepositBonus = { bonusId: string | null; bonusCode: string | null };

export type DepositBonusHooks = {
  /**
   * Before a deposit invoice exists, outside any transaction: throws VALIDATION_FAILED on
   * `bonusId` / `bonusCode` when the player cannot take that bonus with this deposit.
   */
  validate(request: DepositBonusRequest): Promise<void>;
  /**
   * Inside the transaction that credits the deposit, right after the credit posting: issues what
   * the deposit earned, and answers what (null: nothing). Must never make the deposit fail; it
   * runs in a savepoint of its own.
   */
  credited(tx: DbExecutor, invoice: InvoiceRow): Promise<IssuedDepositBonus | null>;
};

export const NO_DEPOSIT_BONUSES: DepositBonusHooks = {
  async validate() {},
  async credited() {
    return null;
  },
};
