import { betRestrictedReasonOf, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { BetCall, SeamlessWalletStatus } from "@playfair/contracts/game/seamless-wallet";
import type { DbExecutor } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import type { Ledger, PlayerBalanceKind } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import { BonusMaxBetError, type StakeSplit, type StakeWagering } from "../../bonus/bonus-wagering.ts";
import { aggregatorRoundRules } from "../jurisdiction-games.ts";
import { stakeDebitLegs } from "../play/split-legs.ts";
import type { gameAggregatorSessions } from "./aggregator.schema.ts";
import { FreeRoundRefused, type FreeRounds } from "./free-rounds.ts";
import { studioStakeSplit } from "./seamless-bonus.ts";

// How the seamless wallet takes a studio's bet: the player's protection and jurisdiction checks,
// then either the player's money (cash first, then the active bonus's, ADR 034) or a free round.

type SessionRow = typeof gameAggregatorSessions.$inferSelect;
/** A session that may move money: a real player's, with the wallet account it was opened on. */
export type MoneySession = SessionRow & { playerId: string; walletAccountId: string };

/** Refusals: the call changed nothing; answered with the balance as it is. */
export class Refusal extends Error {
  readonly status: Exclude<SeamlessWalletStatus, "OK">;
  /** Set when the player's protection refused a stake: the game page is told (game.bet.restricted). */
  readonly restriction: GameBetRestrictedEvent["reason"] | undefined;
  /** Set when the active bonus's max bet refused a stake: the game page is told (game.bet.max.exceed). */
  readonly maxBet: BonusMaxBetError | undefined;
  constructor(status: Exclude<SeamlessWalletStatus, "OK">, message: string, restriction?: GameBetRestrictedEvent["reason"], maxBet?: BonusMaxBetError) {
    super(message);
    this.status = status;
    this.restriction = restriction;
    this.maxBet = maxBet;
  }
}


export function createSeamlessStakes(dependencies: { ledger: Ledger; limits: Pick<LimitsService, "assertCanStake">; wagering: StakeWagering | undefined; freeRounds: FreeRounds | null }) {
  const { ledger, limits, wagering, freeRounds } = dependencies;

  /**
   * P3: bet and loss limits, self-exclusion and cooling-off, in the stake's own transaction.
   * P11: every bet meets the jurisdiction's stake cap; one opening a new round its cycle time too.
   */
  async function checkStake(executor: DbExecutor, session: MoneySession, call: BetCall, opensRound: boolean): Promise<void> {
    try {
      const game = aggregatorRoundRules({ playerId: session.playerId, provider: session.provider, gameCode: call.gameCode, opensRound, visitorCountry: session.visitorCountry });
      await limits.assertCanStake(executor, { playerId: session.playerId, currency: session.currency, amount: call.amount, game });
    } catch (error) {
      // Too soon after the previous round: refused like a limit, without the game-limit sheet.
      if (error instanceof AppError && error.code === "RATE_LIMITED") throw new Refusal("LIMIT_REACHED", error.message);
      if (error instanceof AppError && error.code === "RESTRICTED_MODE") throw new Refusal("PLAYER_BLOCKED", error.message, betRestrictedReasonOf(error.reason, "selfExcluded"));
      if (error instanceof AppError && error.code === "VALIDATION_FAILED") {
        throw new Refusal("LIMIT_REACHED", error.fieldErrors?.amount?.[0] ?? error.message, betRestrictedReasonOf(error.reason, "limitExceeded"));
      }
      throw error;
    }
  }

  /** A bet of the player's money: cash first, then the active bonus's money (ADR 034). */
  async function paidBet(executor: DbExecutor, session: MoneySession, call: BetCall, accounts: Record<PlayerBalanceKind, bigint>, ledgerKey: string, subunitToUnit: string) {
    const amount = toMinorUnits(call.amount, subunitToUnit);
    const split: StakeSplit | null = wagering
      ? await studioStakeSplit(wagering, executor, { session, roundId: call.roundId, gameCode: call.gameCode, amount, subunitToUnit, accounts }).catch((error: unknown) => {
          if (error instanceof BonusMaxBetError) throw new Refusal("LIMIT_REACHED", error.message, undefined, error);
          throw error;
        })
      : null;
    const house = await ledger.houseAccount(executor, "game-house", session.currency);
    const posted = await ledger.post(executor, {
      kind: "game-stake",
      idempotencyKey: ledgerKey,
      legs: [...stakeDebitLegs(accounts, amount, split, subunitToUnit), { accountId: house, amount: call.amount }],
      // The split rides with the stake: a rollback gives back exactly what this bet took from each
      // balance, and takes back what it counted toward the bonus's wagering.
      metadata: { provider: session.provider, gameCode: call.gameCode, roundId: call.roundId, transactionId: call.transactionId, ...(split ? { playerBonusId: split.playerBonusId, bonusPart: fromMinorUnits(split.bonus, subunitToUnit), counted: split.counted } : {}) },
    });
    return { posted, split, amount };
  }

  /** A free-round bet (free-rounds.ts), its refusals in the protocol's words. */
  async function freeBet(executor: DbExecutor, session: MoneySession, call: BetCall & { freeRoundsReference: string }, ledgerKey: string) {
    if (!freeRounds) throw new Refusal("FREE_ROUNDS_UNAVAILABLE", "This casino gives no free rounds.");
    try {
      return await freeRounds.bet(executor, session, call, ledgerKey);
    } catch (error) {
      if (error instanceof FreeRoundRefused) throw error.blocked ? new Refusal("PLAYER_BLOCKED", error.message, "selfExcluded") : new Refusal("FREE_ROUNDS_UNAVAILABLE", error.message);
      throw error;
    }
  }

  return { checkStake, paidBet, freeBet };
}
