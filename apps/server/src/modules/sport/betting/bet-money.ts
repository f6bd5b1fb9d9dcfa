import { eq } from "drizzle-orm";
import { compareAmounts, fromMinorUnits, negate, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { LedgerError, ledgerErrorToAppError, type Ledger, type LedgerLeg, type PlayerBalanceKind, type PostCall, type PostRequest } from "../../ledger/ledger.service.ts";
import { ledgerPostings } from "../../ledger/ledger.schema.ts";

// A bet's money on the ledger (ADR 035, L4, L5). Every movement has a key of its own:
//   stake    `sport-bet:<id>:stake`        sport-stake   cash -S, stake-hold +S
//   release  `sport-bet:<id>:release`      sport-refund  stake-hold -S, cash +S        (a live bet rejected)
//   settle   `sport-bet:<id>:settle:<n>`   sport-win     stake-hold -S, cash +P, sportsbook-house +(S - P)
//                                          sport-refund  (every leg void: P = S)
//   rollback `sport-bet:<id>:rollback:<n>` the kind of settle n, every leg negated, reversing it
//   cancel   `sport-bet:<id>:cancel`       sport-refund  stake-hold -S, cash +S        (every leg cancelled)
//   cash-out `sport-bet:<id>:cash-out`     sport-win     stake-hold -S, cash +C, sportsbook-house +(S - C)
// The bet row, locked by the caller, says which of these may happen next; its status machine and
// the unique keys together resolve a held stake once. A rollback keeps the kind it reverses, so
// the bet and loss limits count a reversed win as taken back.

export type BetMoneyRow = { id: string; walletAccountId: string; currency: string; stake: string };

export const SPORT_STAKE_KIND = "sport-stake";
export const SPORT_WIN_KIND = "sport-win";
export const SPORT_REFUND_KIND = "sport-refund";

/** One settlement's payout (minor units) against a bet's held stake, under `key`; `refund`: every leg was void. */
export type BetPayment = { bet: BetMoneyRow; payout: bigint; subunitToUnit: string; key: string; refund: boolean };

export type BetMoney = {
  /** The stake from cash to stake-hold, run by the caller's own statement (`Ledger.postWithin`): a bet's acceptance holds and decides in one round trip. */
  holdWithin<Answer>(executor: DbExecutor, bet: BetMoneyRow, run: (call: PostCall) => Promise<Answer>): Promise<Answer>;
  /** The held stake back to cash: a rejected live bet (`release`) or a cancelled one (`cancel`). */
  release(executor: DbExecutor, bet: BetMoneyRow, key?: string): Promise<void>;
  /** Pays `payout` (minor units) against the held stake under `key`; `refund`: every leg was void. */
  pay(executor: DbExecutor, bet: BetMoneyRow, payout: bigint, subunitToUnit: string, movement: { key: string; refund: boolean }): Promise<void>;
  /** `pay` for many bets as one set of ledger transactions (a market's settlement batch, ADR 037). */
  payMany(executor: DbExecutor, payments: readonly BetPayment[]): Promise<void>;
  /** Posts the exact reverse of the settlement under `settle:<n>`; a player who spent the win leaves the shortfall to `adjustments`. */
  reverse(executor: DbExecutor, bet: BetMoneyRow, settlement: number): Promise<void>;
};

export function betKey(betId: string, movement: string): string {
  return `sport-bet:${betId}:${movement}`;
}

function insufficientFunds(): AppError {
  return new AppError("VALIDATION_FAILED", "The balance is not sufficient.", { fieldErrors: { stake: ["The balance is not sufficient."] }, reason: "insufficientFunds" });
}

export function createBetMoney({ ledger }: { ledger: Ledger }): BetMoney {
  async function refusingAsStake<Answer>(posting: () => Promise<Answer>): Promise<Answer> {
    try {
      return await posting();
    } catch (error) {
      if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw insufficientFunds();
      if (error instanceof LedgerError) throw ledgerErrorToAppError(error, "stake");
      throw error;
    }
  }

  async function post(executor: DbExecutor, request: PostRequest): Promise<void> {
    await refusingAsStake(() => ledger.post(executor, request));
  }

  const accountsOf = (executor: DbExecutor, bet: BetMoneyRow) => ledger.playerAccounts(executor, bet.walletAccountId, bet.currency);

  async function heldMovement(executor: DbExecutor, bet: BetMoneyRow, toCash: boolean, key: string, kind: string): Promise<PostRequest> {
    const accounts = await accountsOf(executor, bet);
    const [from, to] = toCash ? [accounts["stake-hold"], accounts.cash] : [accounts.cash, accounts["stake-hold"]];
    return {
      kind,
      idempotencyKey: key,
      legs: [
        { accountId: from, amount: negate(bet.stake) },
        { accountId: to, amount: bet.stake },
      ],
      metadata: { betId: bet.id },
    };
  }

  async function moveHeld(executor: DbExecutor, bet: BetMoneyRow, toCash: boolean, key: string, kind: string): Promise<void> {
    await post(executor, await heldMovement(executor, bet, toCash, key, kind));
  }

  return {
    async holdWithin(executor, bet, run) {
      const request = await heldMovement(executor, bet, false, betKey(bet.id, "stake"), SPORT_STAKE_KIND);
      return refusingAsStake(() => ledger.postWithin(executor, request, run));
    },
    release: (executor, bet, key) => moveHeld(executor, bet, true, key ?? betKey(bet.id, "release"), SPORT_REFUND_KIND),

    async pay(executor, bet, payout, subunitToUnit, movement) {
      const accounts = await accountsOf(executor, bet);
      const house = payout === toMinorUnits(bet.stake, subunitToUnit) ? null : await ledger.houseAccount(executor, "sportsbook-house", bet.currency);
      await post(executor, paymentRequest({ bet, payout, subunitToUnit, ...movement }, accounts, house));
    },

    async payMany(executor, payments) {
      if (payments.length === 0) return;
      const accounts = await ledger.playerAccountsOf(
        executor,
        payments.map(({ bet }) => ({ walletAccountId: bet.walletAccountId, currency: bet.currency })),
      );
      // One house shard per currency and batch: its balance moves once for the whole batch.
      const houses = new Map<string, bigint>();
      for (const currency of new Set(payments.map(({ bet }) => bet.currency))) houses.set(currency, await ledger.houseAccount(executor, "sportsbook-house", currency));
      const requests = payments.map((payment) => paymentRequest(payment, accounts.get(payment.bet.walletAccountId)!, houses.get(payment.bet.currency)!));
      try {
        await ledger.postSet(executor, requests);
      } catch (error) {
        if (error instanceof LedgerError) throw ledgerErrorToAppError(error, "stake");
        throw error;
      }
    },

    async reverse(executor, bet, settlement) {
      const settled = await ledger.findTransaction(executor, betKey(bet.id, `settle:${settlement}`));
      if (!settled) throw new Error(`bet ${bet.id} has no settlement ${settlement} to reverse`);
      const postings = await executor.select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount }).from(ledgerPostings).where(eq(ledgerPostings.transactionId, settled.id));
      const accounts = await accountsOf(executor, bet);
      const legs: LedgerLeg[] = postings.map((posting) => ({ accountId: posting.accountId, amount: negate(posting.amount) }));
      // The win may be spent already: the player's cash never goes below zero (L2), the house writes off the rest.
      const cashLeg = legs.find((leg) => leg.accountId === accounts.cash);
      if (cashLeg) {
        const cash = (await ledger.balances(executor, [bet.walletAccountId])).get(bet.walletAccountId)?.cash ?? "0";
        const owed = negate(cashLeg.amount);
        if (compareAmounts(cash, owed) < 0) {
          const shortfall = subtractDecimal(owed, cash);
          if (compareAmounts(cash, "0") > 0) cashLeg.amount = negate(cash);
          else legs.splice(legs.indexOf(cashLeg), 1);
          legs.push({ accountId: await ledger.houseAccount(executor, "adjustments", bet.currency), amount: negate(shortfall) });
        }
      }
      await post(executor, { kind: settled.kind, idempotencyKey: betKey(bet.id, `rollback:${settlement}`), legs, reverses: settled.id, metadata: { betId: bet.id } });
    },
  };
}

/** A settlement's legs: the held stake out, the payout to cash, the difference to (or from) the house. */
function paymentRequest(payment: BetPayment, accounts: Record<PlayerBalanceKind, bigint>, house: bigint | null): PostRequest {
  const { bet, payout, subunitToUnit } = payment;
  const stake = toMinorUnits(bet.stake, subunitToUnit);
  const legs: LedgerLeg[] = [{ accountId: accounts["stake-hold"], amount: fromMinorUnits(-stake, subunitToUnit) }];
  if (payout > 0n) legs.push({ accountId: accounts.cash, amount: fromMinorUnits(payout, subunitToUnit) });
  if (payout !== stake) legs.push({ accountId: house!, amount: fromMinorUnits(stake - payout, subunitToUnit) });
  return { kind: payment.refund ? SPORT_REFUND_KIND : SPORT_WIN_KIND, idempotencyKey: payment.key, legs, metadata: { betId: bet.id } };
}

/** left - right for two non-negative decimals of any scale, exactly. */
function subtractDecimal(left: string, right: string): string {
  const scale = Math.max(left.split(".")[1]?.length ?? 0, right.split(".")[1]?.length ?? 0);
  const unit = "1" + "0".repeat(scale);
  return fromMinorUnits(toMinorUnits(left, unit) - toMinorUnits(right, unit), unit);
}
