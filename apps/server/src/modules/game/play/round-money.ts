import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { betRestrictedReasonOf, GAME_BET_RESTRICTED_EVENT, GAME_BETS_CHANNEL, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { ORIGINALS_PROVIDER } from "@playfair/contracts/game/spins";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError, validationFailed } from "../../../lib/app-error.ts";
import { LedgerError, ledgerErrorToAppError, type Ledger, type LedgerLeg, type PostRequest, type PostResult } from "../../ledger/ledger.service.ts";
import type { LimitsService, StakeGame } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { CurrencyPrecisions } from "./currency-precisions.ts";
import { gameSessions } from "./game-play.schema.ts";

// Where a round's money lives: the ledger for real play, the demo session's play money otherwise.
// Real play posts two transactions per round (ADR 021), and one more per extra stake (ADR 026):
//   stake    `game-round:<id>:stake`    kind game-stake   cash -X, stake-hold +X
//   extra    `game-round:<id>:stake:<step>`  game-stake   cash -Y, stake-hold +Y  (a blackjack double or split at that step)
//   resolve  `game-round:<id>:resolve`  kind game-win     stake-hold -X, cash +W, game-house +(X - W)
//                                       kind game-refund  stake-hold -X, cash +X          (void)
// Settling and voiding share the resolve key, so a round's held stake is resolved once (L5) even
// if two paths race; the round row's status machine says which one did.

export type MoneyRound = {
  roundId: string;
  playerId: string | null;
  sessionId: string;
  currency: string;
  walletAccountId: string | null;
  /** Minor units of the currency. */
  stake: bigint;
  subunitToUnit: string;
  game: string;
  /** The request's visitor country, for a player whose profile names none (jurisdiction profiles, P11). */
  visitorCountry?: string | null;
};

export type RoundMoney = {
  /**
   * Takes the stake (`round.stake`); answers the balance before and after it. Limits are checked
   * first, in the same transaction. `step` names an extra stake of a round already staked (the
   * action's position), which gets a posting of its own.
   */
  stake(executor: DbExecutor, round: MoneyRound, step?: number): Promise<{ before: string; after: string }>;
  /** Pays `payout` (minor units) against the held stake (`round.stake`: every stake of the round), or gives it back (void); answers the balance after. */
  resolve(executor: DbExecutor, round: MoneyRound, outcome: { payout: bigint; voided: boolean }): Promise<string>;
  /**
   * A single-step round whose payout is known before any money moves: `stake` then `resolve`
   * (not voided) in one go, the limits checked first; answers the balance before and after.
   */
  stakeAndSettle(executor: DbExecutor, round: MoneyRound, payout: bigint): Promise<{ before: string; after: string }>;
  /** The balance the round plays from, now. */
  balance(executor: DbExecutor, round: MoneyRound): Promise<string>;
};

/** What the services that take stakes are built from: the originals' rounds and crash's bets. */
export type StakingDependencies = CurrencyPrecisions & {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  realMoney: RoundMoney;
  demoMoney: RoundMoney;
  realtime: RealtimePublisher;
  wallet: Pick<WalletService, "accountPublication">;
};

/** A stake request's fingerprint, kept with its Idempotency-Key: a retry with another body is refused. */
export function requestFingerprint(request: unknown): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

export const STAKE_KIND = "game-stake";
export const WIN_KIND = "game-win";
export const REFUND_KIND = "game-refund";

/** Thrown when the limits module refused a stake: the caller publishes `game.bet.restricted` after its rollback. */
export class StakeRefusedError extends AppError {
  readonly limit: string;
  constructor(refusal: AppError) {
    super(refusal.code, refusal.message, {
      ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
      ...(refusal.reason ? { reason: refusal.reason } : {}),
      cause: refusal,
    });
    this.name = "StakeRefusedError";
    this.limit = refusal.reason ?? "limit";
  }
}

/**
 * Tells the player's open pages that the limits refused a stake (spec `game.bet.restricted` on
 * `game:bets#{playerId}`, the shape the seamless wallet publishes for studio games), so the game
 * page opens the game-limit-reached modal. After the refusing transaction: nothing was staked.
 */
export async function publishStakeRefusal(
  realtime: Pick<RealtimePublisher, "publish">,
  db: DbExecutor,
  playerId: string,
  refusal: StakeRefusedError,
  stake: { game: string; currency: string; amount?: string },
): Promise<void> {
  const event: GameBetRestrictedEvent = {
    event: GAME_BET_RESTRICTED_EVENT,
    reason: betRestrictedReasonOf(refusal.reason, refusal.code === "RESTRICTED_MODE" ? "selfExcluded" : "limitExceeded"),
    // The limits service words the refusal for the player under the amount; its message is generic.
    message: refusal.fieldErrors?.amount?.[0] ?? refusal.message,
    provider: ORIGINALS_PROVIDER,
    gameCode: stake.game,
    currency: stake.currency,
    ...(stake.amount === undefined ? {} : { amount: stake.amount }),
  };
  await realtime.publish(db, `${GAME_BETS_CHANNEL}#${playerId}`, event);
}

function insufficientBalance(): AppError {
  return new AppError("VALIDATION_FAILED", "The balance is not sufficient.", { fieldErrors: { amount: ["The balance is not sufficient."] }, reason: "insufficientBalance" });
}

export function createLedgerRoundMoney(dependencies: {
  ledger: Ledger;
  limits: Pick<LimitsService, "assertCanStake">;
  /** The ledger keys' prefix: `game-round` for rounds of the originals; crash bets use their own. */
  keyPrefix?: string;
  /** What the jurisdiction rules need of a round's first stake (its game's categories, the previous round's start); none: not checked. */
  roundRules?: (round: MoneyRound) => StakeGame;
}): RoundMoney {
  const { ledger, limits, roundRules } = dependencies;
  const keyPrefix = dependencies.keyPrefix ?? "game-round";

  async function accounts(executor: DbExecutor, round: MoneyRound) {
    if (!round.walletAccountId || !round.playerId) throw new Error(`round ${round.roundId} has no wallet account`);
    return ledger.playerAccounts(executor, round.walletAccountId, round.currency);
  }

  async function post(executor: DbExecutor, request: PostRequest) {
    return refusing(() => ledger.post(executor, request));
  }

  async function postMany(executor: DbExecutor, requests: PostRequest[]) {
    return refusing(() => ledger.postMany(executor, requests));
  }

  /** The ledger's refusals as the player's answers. */
  async function refusing<T>(posting: () => Promise<T>): Promise<T> {
    try {
      return await posting();
    } catch (error) {
      if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") throw insufficientBalance();
      if (error instanceof LedgerError) throw ledgerErrorToAppError(error);
      throw error;
    }
  }

  /** `step`: a multi-step round's later stake (blackjack's double or split) is part of a cycle already checked against the jurisdiction's rules. */
  async function checkLimits(executor: DbExecutor, round: MoneyRound, amount: string, step?: number): Promise<void> {
    try {
      const game = step === undefined && roundRules ? roundRules(round) : undefined;
      await limits.assertCanStake(executor, { playerId: round.playerId!, currency: round.currency, amount, ...(game ? { game } : {}) });
    } catch (error) {
      if (error instanceof AppError && (error.code === "VALIDATION_FAILED" || error.code === "RESTRICTED_MODE")) throw new StakeRefusedError(error);
      throw error;
    }
  }

  function stakeRequest(round: MoneyRound, cash: bigint, stakeHold: bigint, step?: number): PostRequest {
    const amount = fromMinorUnits(round.stake, round.subunitToUnit);
    return {
      kind: STAKE_KIND,
      idempotencyKey: step === undefined ? `${keyPrefix}:${round.roundId}:stake` : `${keyPrefix}:${round.roundId}:stake:${step}`,
      legs: [
        { accountId: cash, amount: `-${amount}` },
        { accountId: stakeHold, amount },
      ],
      metadata: { roundId: round.roundId, game: round.game, ...(step === undefined ? {} : { step }) },
    };
  }

  async function resolveRequest(executor: DbExecutor, round: MoneyRound, cash: bigint, stakeHold: bigint, { payout, voided }: { payout: bigint; voided: boolean }): Promise<PostRequest> {
    const returned = voided ? round.stake : payout;
    const legs: LedgerLeg[] = [{ accountId: stakeHold, amount: `-${fromMinorUnits(round.stake, round.subunitToUnit)}` }];
    if (returned > 0n) legs.push({ accountId: cash, amount: fromMinorUnits(returned, round.subunitToUnit) });
    if (returned !== round.stake) {
      const house = await ledger.houseAccount(executor, "game-house", round.currency);
      legs.push({ accountId: house, amount: fromMinorUnits(round.stake - returned, round.subunitToUnit) });
    }
    return { kind: voided ? REFUND_KIND : WIN_KIND, idempotencyKey: `${keyPrefix}:${round.roundId}:resolve`, legs, metadata: { roundId: round.roundId, game: round.game } };
  }

  /** The balance before and after a stake, from the stake's cash leg. */
  function aroundStake(result: PostResult, cash: bigint, round: MoneyRound): { before: string; after: string } {
    const afterMinor = toMinorUnits(result.legs.find((leg) => leg.accountId === cash)!.balanceAfter, round.subunitToUnit);
    return { before: fromMinorUnits(afterMinor + round.stake, round.subunitToUnit), after: fromMinorUnits(afterMinor, round.subunitToUnit) };
  }

  return {
    async stake(executor, round, step) {
      await checkLimits(executor, round, fromMinorUnits(round.stake, round.subunitToUnit), step);
      const { cash, "stake-hold": stakeHold } = await accounts(executor, round);
      return aroundStake(await post(executor, stakeRequest(round, cash, stakeHold, step)), cash, round);
    },

    async resolve(executor, round, outcome) {
      const { cash, "stake-hold": stakeHold } = await accounts(executor, round);
      const result = await post(executor, await resolveRequest(executor, round, cash, stakeHold, outcome));
      const cashLeg = result.legs.find((leg) => leg.accountId === cash);
      return cashLeg ? normalized(cashLeg.balanceAfter, round.subunitToUnit) : cashBalance(executor, round);
    },

    async stakeAndSettle(executor, round, payout) {
      await checkLimits(executor, round, fromMinorUnits(round.stake, round.subunitToUnit));
      const { cash, "stake-hold": stakeHold } = await accounts(executor, round);
      const [staked, resolved] = await postMany(executor, [stakeRequest(round, cash, stakeHold), await resolveRequest(executor, round, cash, stakeHold, { payout, voided: false })]);
      const { before, after: afterStake } = aroundStake(staked!, cash, round);
      // A payout of nothing has no cash leg: the cash stays as the stake left it (its row is ours until commit).
      const cashLeg = resolved!.legs.find((leg) => leg.accountId === cash);
      return { before, after: cashLeg ? normalized(cashLeg.balanceAfter, round.subunitToUnit) : afterStake };
    },

    balance: cashBalance,
  };

  async function cashBalance(executor: DbExecutor, round: MoneyRound): Promise<string> {
    const balances = await ledger.balances(executor, [round.walletAccountId!]);
    return normalized(balances.get(round.walletAccountId!)?.cash ?? "0", round.subunitToUnit);
  }
}

function normalized(amount: string, subunitToUnit: string): string {
  return fromMinorUnits(toMinorUnits(amount, subunitToUnit), subunitToUnit);
}

/** Play money kept on the demo session row: a guarded update, never below zero. */
export function createDemoRoundMoney(): RoundMoney {
  return {
    async stake(executor, round) {
      const amount = fromMinorUnits(round.stake, round.subunitToUnit);
      const [row] = await executor
        .update(gameSessions)
        .set({ demoBalance: sql`${gameSessions.demoBalance} - ${amount}` })
        .where(and(eq(gameSessions.id, round.sessionId), gte(gameSessions.demoBalance, amount)))
        .returning({ balance: gameSessions.demoBalance });
      if (!row?.balance) throw insufficientBalance();
      const after = toMinorUnits(row.balance, round.subunitToUnit);
      return { before: fromMinorUnits(after + round.stake, round.subunitToUnit), after: fromMinorUnits(after, round.subunitToUnit) };
    },
    async resolve(executor, round, { payout, voided }) {
      const returned = fromMinorUnits(voided ? round.stake : payout, round.subunitToUnit);
      const [row] = await executor
        .update(gameSessions)
        .set({ demoBalance: sql`${gameSessions.demoBalance} + ${returned}` })
        .where(eq(gameSessions.id, round.sessionId))
        .returning({ balance: gameSessions.demoBalance });
      if (!row?.balance) throw validationFailed({ sessionId: ["This demo session has ended."] });
      return normalized(row.balance, round.subunitToUnit);
    },
    async stakeAndSettle(executor, round, payout) {
      const before = await this.stake(executor, round);
      return { before: before.before, after: await this.resolve(executor, round, { payout, voided: false }) };
    },
    async balance(executor, round) {
      const [row] = await executor.select({ balance: gameSessions.demoBalance }).from(gameSessions).where(eq(gameSessions.id, round.sessionId));
      return normalized(row?.balance ?? "0", round.subunitToUnit);
    },
  };
}
