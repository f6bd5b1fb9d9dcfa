import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../../db/database.ts";
import { validationFailed } from "../../../lib/app-error.ts";
import type { FreespinLedger } from "../../bonus/freespin-ledger.ts";
import type { Freespins } from "../../bonus/freespins.ts";
import { LedgerError, ledgerErrorToAppError, type Ledger } from "../../ledger/ledger.service.ts";
import type { MoneyRound } from "./round-money.ts";

// A single-step round of an original played as a free spin (ADR 034): in the round's transaction
// the spin is taken (the guarded count), the stake comes from the bonus budget and the payout goes
// back to it as the free spins' winnings (freespin-ledger.ts), under the round's own ledger keys
// (`game-round:<id>:stake` and `:resolve`, as a paid round's). The player's cash does not move.

export type FreespinPlay = {
  freespins: Pick<Freespins, "takeSpin" | "settleSpin" | "returnSpin" | "publish" | "offerFor">;
  freespinLedger: FreespinLedger;
};

export type FreespinRoundMoney = {
  /** Takes a spin of `freespinId` for `round` and posts its stake and `payout`; answers the cash balance (unchanged) before and after. */
  stakeAndSettle(executor: DbExecutor, round: MoneyRound, payout: bigint, freespinId: string): Promise<{ before: string; after: string }>;
};

export function createFreespinRoundMoney(dependencies: FreespinPlay & { ledger: Pick<Ledger, "balances"> }): FreespinRoundMoney {
  const { freespins, freespinLedger, ledger } = dependencies;
  return {
    async stakeAndSettle(executor, round, payout, freespinId) {
      if (!round.playerId || !round.walletAccountId) throw validationFailed({ freespinId: ["Free spins are played for real, not in demo."] });
      const taken = await freespins.takeSpin(executor, { playerId: round.playerId, freespinId, gameIdentity: round.game, currency: round.currency });
      const spinValue = toMinorUnits(taken.spinValue, round.subunitToUnit);
      if (spinValue !== round.stake) throw validationFailed({ amount: [`These free spins are played at ${fromMinorUnits(spinValue, round.subunitToUnit)} ${round.currency}.`] });
      const movement = { currency: round.currency, freespinId, metadata: { roundId: round.roundId, game: round.game } };
      const stake = await freespinLedger.stakeRequest(executor, { ...movement, key: `game-round:${round.roundId}:stake`, amount: fromMinorUnits(round.stake, round.subunitToUnit) });
      const won = fromMinorUnits(payout, round.subunitToUnit);
      const win = await freespinLedger.winRequest(executor, { ...movement, key: `game-round:${round.roundId}:resolve`, amount: won });
      try {
        await freespinLedger.post(executor, win ? [stake, win] : [stake]);
      } catch (error) {
        if (error instanceof LedgerError) throw ledgerErrorToAppError(error);
        throw error;
      }
      await freespins.settleSpin(executor, freespinId, won);
      const balances = await ledger.balances(executor, [round.walletAccountId]);
      const cash = fromMinorUnits(toMinorUnits(balances.get(round.walletAccountId)?.cash ?? "0", round.subunitToUnit), round.subunitToUnit);
      return { before: cash, after: cash };
    },
  };
}
