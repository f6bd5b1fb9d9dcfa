import { and, eq, isNotNull } from "drizzle-orm";
import type { BetCall, FreeRoundsGrant, WinCall } from "@playfair/contracts/game/seamless-wallet";
import type { DbExecutor } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import type { Ledger, PostResult } from "../../ledger/ledger.service.ts";
import { games } from "../catalogue/catalogue.schema.ts";
import type { FreespinPlay } from "../play/freespin-rounds.ts";
import { gameAggregatorTransactions } from "./aggregator.schema.ts";

// Free rounds of a studio game (ADR 034): the aggregator plays the player's free spins as rounds
// whose bet and win carry the grant's reference (the free spins' id). In the call's transaction, a
// marked bet takes one spin (the same guarded count as our slot's) and its stake comes from the
// bonus budget; a marked win goes back to the budget as the free spins' winnings, and the round's
// closing call counts the spin settled (the last one finishes the free spins and issues the bonus).
// The ledger keys are the aggregator's transaction ids, as for every wallet call.

/**
 * The aggregator adapter's free-rounds call: gives the launch session `grant.token` free rounds on
 * its game (the sandbox aggregator implements it; a remote one would be its back-office API).
 */
export type FreeRoundsAdapter = { grantFreeRounds(grant: FreeRoundsGrant): Promise<void> };

/** The call cannot be played as a free round: answered FREE_ROUNDS_UNAVAILABLE (or PLAYER_BLOCKED). */
export class FreeRoundRefused extends Error {
  readonly blocked: boolean;
  constructor(message: string, blocked = false) {
    super(message);
    this.blocked = blocked;
  }
}

type Session = { playerId: string; provider: string; currency: string };

export type FreeRounds = {
  /** Takes a spin of the bet's reference and posts its stake from the budget. */
  bet(executor: DbExecutor, session: Session, call: BetCall & { freeRoundsReference: string }, ledgerKey: string): Promise<PostResult>;
  /** The free spins the round's bet was played as, or null (a paid round). */
  freeBetOf(executor: DbExecutor, provider: string, roundId: string): Promise<string | null>;
  /** Posts what a free round won to the budget (none for 0) and, on the closing call, settles the spin. */
  win(executor: DbExecutor, session: Session, call: WinCall, freespinId: string, ledgerKey: string): Promise<PostResult | null>;
  /** Undoes a free bet's stake (back to the budget) and gives the spin back. */
  refund(executor: DbExecutor, bet: { freespinId: string; amount: string; currency: string; reverses: bigint }, ledgerKey: string, metadata: Record<string, unknown>): Promise<PostResult>;
};

export function createFreeRounds(dependencies: FreespinPlay & { ledger: Ledger }): FreeRounds {
  const { freespins, freespinLedger, ledger } = dependencies;

  async function identityOf(executor: DbExecutor, gameCode: string): Promise<string | null> {
    const [game] = await executor.select({ identity: games.identity }).from(games).where(eq(games.aggregatorCode, gameCode)).limit(1);
    return game?.identity ?? null;
  }

  return {
    async bet(executor, session, call, ledgerKey) {
      const gameIdentity = await identityOf(executor, call.gameCode);
      if (!gameIdentity) throw new FreeRoundRefused("This game has no free rounds.");
      let taken;
      try {
        taken = await freespins.takeSpin(executor, { playerId: session.playerId, freespinId: call.freeRoundsReference, gameIdentity, currency: session.currency });
      } catch (error) {
        if (error instanceof AppError) throw new FreeRoundRefused(error.message, error.code === "RESTRICTED_MODE");
        throw error;
      }
      // Compared as numbers of the same precision: the spin value is stored as the operator wrote it.
      if (Number(taken.spinValue) !== Number(call.amount)) throw new FreeRoundRefused(`These free rounds are played at ${taken.spinValue} ${session.currency}.`);
      const movement = { currency: session.currency, freespinId: taken.id, metadata: { provider: session.provider, gameCode: call.gameCode, roundId: call.roundId, transactionId: call.transactionId } };
      const [posted] = await freespinLedger.post(executor, [await freespinLedger.stakeRequest(executor, { ...movement, key: ledgerKey, amount: call.amount })]);
      // A bet that also closes its round won nothing.
      if (call.roundClosed) await freespins.settleSpin(executor, taken.id, "0");
      else await freespins.publish(executor, taken);
      return posted!;
    },

    async freeBetOf(executor, provider, roundId) {
      const [bet] = await executor
        .select({ freespinId: gameAggregatorTransactions.freespinId })
        .from(gameAggregatorTransactions)
        .where(and(eq(gameAggregatorTransactions.provider, provider), eq(gameAggregatorTransactions.roundId, roundId), eq(gameAggregatorTransactions.kind, "bet"), isNotNull(gameAggregatorTransactions.freespinId)))
        .limit(1);
      return bet?.freespinId ?? null;
    },

    async win(executor, session, call, freespinId, ledgerKey) {
      const movement = { currency: session.currency, freespinId, metadata: { provider: session.provider, gameCode: call.gameCode, roundId: call.roundId, transactionId: call.transactionId } };
      const request = await freespinLedger.winRequest(executor, { ...movement, key: ledgerKey, amount: call.amount });
      const posted = request ? (await freespinLedger.post(executor, [request]))[0]! : null;
      await freespins.settleSpin(executor, freespinId, call.amount, { closes: call.roundClosed });
      return posted;
    },

    async refund(executor, bet, ledgerKey, metadata) {
      const request = await freespinLedger.refundRequest(executor, { key: ledgerKey, currency: bet.currency, amount: bet.amount, freespinId: bet.freespinId, metadata });
      const posted = await ledger.post(executor, { ...request, reverses: bet.reverses });
      await freespins.returnSpin(executor, bet.freespinId);
      return posted;
    },
  };
}
