import { fromMinorUnits } from "@playfair/contracts/money";
import type { PayoutSplit, StakeSplit } from "../../bonus/bonus-wagering.ts";
import type { LedgerLeg } from "../../ledger/ledger.service.ts";

// The player's side of a stake and of a payout, cash only or split with bonus money (ADR 034):
// the originals' rounds, crash bets and the seamless wallet's bets and wins post these legs, each
// with its own counterpart (the stake hold, or the house for a studio game).

type MoneyAccounts = { cash: bigint; bonus: bigint };

/** What leaves the player for a stake of `amount` (minor units): cash first, then the bonus part of `split`. */
export function stakeDebitLegs(accounts: MoneyAccounts, amount: bigint, split: StakeSplit | null, subunitToUnit: string): LedgerLeg[] {
  const cash = split ? split.cash : amount;
  const legs: LedgerLeg[] = [];
  if (cash > 0n) legs.push({ accountId: accounts.cash, amount: `-${fromMinorUnits(cash, subunitToUnit)}` });
  if (split && split.bonus > 0n) legs.push({ accountId: accounts.bonus, amount: `-${fromMinorUnits(split.bonus, subunitToUnit)}` });
  return legs;
}

/**
 * What reaches the player of a payout (or a refund) of `amount`: all cash, or as `paid` splits it,
 * a forfeited bonus share (its bonus ended meanwhile) going to `budget` instead.
 */
export function payoutCreditLegs(accounts: MoneyAccounts, amount: bigint, paid: PayoutSplit | null, budget: bigint | null, subunitToUnit: string): LedgerLeg[] {
  const cash = paid ? paid.cash : amount;
  const legs: LedgerLeg[] = [];
  if (cash > 0n) legs.push({ accountId: accounts.cash, amount: fromMinorUnits(cash, subunitToUnit) });
  if (paid && paid.bonus > 0n) legs.push({ accountId: accounts.bonus, amount: fromMinorUnits(paid.bonus, subunitToUnit) });
  if (paid && paid.forfeited > 0n) {
    if (budget === null) throw new Error("a forfeited bonus share needs the bonus budget account");
    legs.push({ accountId: budget, amount: fromMinorUnits(paid.forfeited, subunitToUnit) });
  }
  return legs;
}
