import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { betRestrictedReasonOf, GAME_BET_RESTRICTED_EVENT, GAME_BETS_CHANNEL, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { ORIGINALS_PROVIDER } from "@playfair/contracts/game/spins";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError, validationFailed } from "../../../lib/app-error.ts";
import { LedgerError, ledgerErrorToAppError, type Ledger, type LedgerLeg, type PostRequest, type PostResult } from "../../ledger/ledger.service.ts";
import type { LimitsService, StakeGame, StakeGateRow } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { CurrencyPrecisions } from "./currency-precisions.ts";
import type { BonusMaxBetError, PayoutSplit, StakeSplit, StakeWagering } from "../../bonus/bonus-wagering.ts";
import type { PlayerBonusRow } from "../../bonus/bonus-lifecycle.ts";
import { gameCategories } from "../jurisdiction-games.ts";
import { gameSessions } from "./game-play.schema.ts";
import { payoutCreditLegs, stakeDebitLegs } from "./split-legs.ts";

// Where a round's money lives: the ledger for real play, the demo session's play money otherwise.
// Real play posts two transactions per round (ADR 021), and one more per extra stake (ADR 026):
//   stake    `game-round:<id>:stake`    kind game-stake   cash -X, stake-hold +X
//   extra    `game-round:<id>:stake:<step>`  game-stake   cash -Y, stake-hold +Y  (a blackjack double or split at that step)
//   resolve  `game-round:<id>:resolve`  kind game-win     stake-hold -X, cash +W, game-house +(X - W)
//                                       kind game-refund  stake-hold -X, cash +X          (void)
// Settling and voiding share the resolve key, so a round's held stake is resolved once (L5) even
// if two paths race; the round row's status machine says which one did.
// With an active casino bonus (ADR 034) the same keys carry split legs: the stake takes cash first
// and the rest from the bonus (cash -a, bonus -b, stake-hold +X), and the payout follows the money
// staked, pro rata (cash +c, bonus +d; bonus-budget +d instead when the bonus ended meanwhile).

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
  /** The stake gate as the round's first statement read it (the player row locked since); absent: the limits read it. */
  gate?: StakeGateRow;
  /** The account's active bonus as the round's first statement read and locked it (null: none); absent: the wagering reads it. */
  activeBonus?: PlayerBonusRow | null;
  /** The most the stake can return as a multiple of it, when the bet declares it (dice, limbo, a crash auto cash-out): a bonus's minimum multiplier. */
  potentialMultiplier?: string;
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
  wallet: Pick<WalletService, "accountPublication" | "accountSnapshotColumn" | "accountPublicationsOf">;
  /** Bonus money in stakes (ADR 034): here for the max-bet refusal's event. */
  wagering?: Pick<StakeWagering, "publishMaxBetRefusal" | "activeBonusQuery">;
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

/**
 * Tells the player's open pages that the active bonus's max bet refused a stake (spec
 * `game.bet.max.exceed` on `game:bets#{playerId}`). After the refusing transaction: nothing was staked.
 */
export async function publishMaxBetRefusal(dependencies: Pick<StakingDependencies, "db" | "logger" | "wagering">, playerId: string, refusal: BonusMaxBetError, game: string): Promise<void> {
  try {
    await dependencies.wagering?.publishMaxBetRefusal(dependencies.db, playerId, refusal, game);
  } catch (error) {
    dependencies.logger.warn({ err: error }, "could not publish a refused stake over the bonus max bet");
  }
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
  /** The bonus side of a stake (ADR 034): cash first, then bonus money, the payout pro rata; none: cash only. */
  wagering?: StakeWagering;
}): RoundMoney {
  const { ledger, limits, roundRules, wagering } = dependencies;
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
      // A later stake (a double, a split) runs in a transaction of its own: the gate is read again there.
      const gate = step === undefined ? round.gate : undefined;
      await limits.assertCanStake(executor, { playerId: round.playerId!, currency: round.currency, amount, ...(game ? { game } : {}), ...(gate ? { gate } : {}) });
    } catch (error) {
      if (error instanceof AppError && (error.code === "VALIDATION_FAILED" || error.code === "RESTRICTED_MODE")) throw new StakeRefusedError(error);
      throw error;
    }
  }

  /** The stake's split between cash and bonus money; null: cash only (no active casino bonus). */
  async function take(executor: DbExecutor, round: MoneyRound, playerAccounts: PlayerAccounts, options: { step?: number; settledAtOnce?: boolean }): Promise<StakeSplit | null> {
    if (!wagering) return null;
    return wagering.take(executor, {
      walletAccountId: round.walletAccountId!,
      currency: round.currency,
      subunitToUnit: round.subunitToUnit,
      stakeKey: `${keyPrefix}:${round.roundId}`,
      amount: round.stake,
      accounts: { cash: playerAccounts.cash, bonus: playerAccounts.bonus },
      game: { identity: round.game, categories: (reader) => gameCategories(reader, { identity: round.game }), potentialMultiplier: round.potentialMultiplier },
      ...(options.step === undefined ? {} : { extra: true }),
      ...(options.settledAtOnce ? { settledAtOnce: true } : {}),
      ...(options.step === undefined && round.activeBonus !== undefined ? { active: round.activeBonus } : {}),
    });
  }

  function stakeRequest(round: MoneyRound, playerAccounts: PlayerAccounts, split: StakeSplit | null, step?: number): PostRequest {
    const legs = [...stakeDebitLegs(playerAccounts, round.stake, split, round.subunitToUnit), { accountId: playerAccounts["stake-hold"], amount: fromMinorUnits(round.stake, round.subunitToUnit) }];
    return {
      kind: STAKE_KIND,
      idempotencyKey: step === undefined ? `${keyPrefix}:${round.roundId}:stake` : `${keyPrefix}:${round.roundId}:stake:${step}`,
      legs,
      metadata: { roundId: round.roundId, game: round.game, ...(step === undefined ? {} : { step }), ...(split ? { playerBonusId: split.playerBonusId } : {}) },
    };
  }

  /** The payout (or the stake given back) to cash, or split by `paid`: bonus money's share to the bonus balance, or to the budget when the bonus ended. */
  async function resolveRequest(executor: DbExecutor, round: MoneyRound, playerAccounts: PlayerAccounts, { payout, voided }: { payout: bigint; voided: boolean }, paid: PayoutSplit | null): Promise<PostRequest> {
    const returned = voided ? round.stake : payout;
    const minor = (amount: bigint) => fromMinorUnits(amount, round.subunitToUnit);
    const budget = paid && paid.forfeited > 0n ? await ledger.houseAccount(executor, "bonus-budget", round.currency) : null;
    const legs: LedgerLeg[] = [{ accountId: playerAccounts["stake-hold"], amount: `-${minor(round.stake)}` }, ...payoutCreditLegs(playerAccounts, returned, paid, budget, round.subunitToUnit)];
    if (returned !== round.stake) {
      const house = await ledger.houseAccount(executor, "game-house", round.currency);
      legs.push({ accountId: house, amount: minor(round.stake - returned) });
    }
    return {
      kind: voided ? REFUND_KIND : WIN_KIND,
      idempotencyKey: `${keyPrefix}:${round.roundId}:resolve`,
      legs,
      metadata: { roundId: round.roundId, game: round.game, ...(paid ? { playerBonusId: paid.playerBonusId } : {}) },
    };
  }

  /** The balance before and after a stake, from the stake's cash leg. */
  function aroundStake(result: PostResult, cash: bigint, round: MoneyRound): { before: string; after: string } {
    const afterMinor = toMinorUnits(result.legs.find((leg) => leg.accountId === cash)!.balanceAfter, round.subunitToUnit);
    return { before: fromMinorUnits(afterMinor + round.stake, round.subunitToUnit), after: fromMinorUnits(afterMinor, round.subunitToUnit) };
  }

  /** What a player with an active casino bonus plays with: cash plus bonus money. */
  async function playable(executor: DbExecutor, round: MoneyRound): Promise<string> {
    const balances = (await ledger.balances(executor, [round.walletAccountId!])).get(round.walletAccountId!);
    const sum = toMinorUnits(normalized(balances?.cash ?? "0", round.subunitToUnit), round.subunitToUnit) + toMinorUnits(normalized(balances?.bonus ?? "0", round.subunitToUnit), round.subunitToUnit);
    return fromMinorUnits(sum, round.subunitToUnit);
  }

  return {
    async stake(executor, round, step) {
      await checkLimits(executor, round, fromMinorUnits(round.stake, round.subunitToUnit), step);
      const playerAccounts = await accounts(executor, round);
      const split = await take(executor, round, playerAccounts, step === undefined ? {} : { step });
      const result = await post(executor, stakeRequest(round, playerAccounts, split, step));
      if (!split) return aroundStake(result, playerAccounts.cash, round);
      await wagering!.afterStake(executor, split);
      const before = split.cashBefore + split.bonusBefore;
      return { before: fromMinorUnits(before, round.subunitToUnit), after: fromMinorUnits(before - round.stake, round.subunitToUnit) };
    },

    async resolve(executor, round, outcome) {
      const playerAccounts = await accounts(executor, round);
      const returned = outcome.voided ? round.stake : outcome.payout;
      const paid = wagering ? await wagering.payout(executor, { stakeKey: `${keyPrefix}:${round.roundId}`, payout: returned, staked: round.stake, subunitToUnit: round.subunitToUnit }) : null;
      const result = await post(executor, await resolveRequest(executor, round, playerAccounts, outcome, paid));
      if (paid) {
        const bonusLeg = result.legs.find((leg) => leg.accountId === playerAccounts.bonus);
        await wagering!.settle(executor, paid, { voided: outcome.voided, ...(bonusLeg ? { bonusAfter: { minor: toMinorUnits(normalized(bonusLeg.balanceAfter, round.subunitToUnit), round.subunitToUnit), subunitToUnit: round.subunitToUnit } } : {}) });
        return playable(executor, round);
      }
      const cashLeg = result.legs.find((leg) => leg.accountId === playerAccounts.cash);
      return cashLeg ? normalized(cashLeg.balanceAfter, round.subunitToUnit) : cashBalance(executor, round);
    },

    async stakeAndSettle(executor, round, payout) {
      await checkLimits(executor, round, fromMinorUnits(round.stake, round.subunitToUnit));
      const playerAccounts = await accounts(executor, round);
      const split = await take(executor, round, playerAccounts, { settledAtOnce: true });
      const paid = split ? wagering!.payoutOf(split, payout, round.stake) : null;
      const [staked, resolved] = await postMany(executor, [stakeRequest(round, playerAccounts, split), await resolveRequest(executor, round, playerAccounts, { payout, voided: false }, paid)]);
      if (split && paid) {
        const before = split.cashBefore + split.bonusBefore;
        const bonusAfter = split.bonusBefore - split.bonus + paid.bonus;
        const { finished } = await wagering!.settle(executor, paid, { voided: false, alreadySettled: true, bonusAfter: { minor: bonusAfter, subunitToUnit: round.subunitToUnit } });
        // A finished bonus converted (up to its cap) or forfeited its money: the balance is read again.
        const after = finished ? await playable(executor, round) : fromMinorUnits(before - round.stake + paid.cash + paid.bonus, round.subunitToUnit);
        return { before: fromMinorUnits(before, round.subunitToUnit), after };
      }
      const { before, after: afterStake } = aroundStake(staked!, playerAccounts.cash, round);
      // A payout of nothing has no cash leg: the cash stays as the stake left it (its row is ours until commit).
      const cashLeg = resolved!.legs.find((leg) => leg.accountId === playerAccounts.cash);
      return { before, after: cashLeg ? normalized(cashLeg.balanceAfter, round.subunitToUnit) : afterStake };
    },

    async balance(executor, round) {
      if (wagering && round.walletAccountId && (await wagering.hasCasinoBonus(executor, round.walletAccountId))) return playable(executor, round);
      return cashBalance(executor, round);
    },
  };

  async function cashBalance(executor: DbExecutor, round: MoneyRound): Promise<string> {
    const balances = await ledger.balances(executor, [round.walletAccountId!]);
    return normalized(balances.get(round.walletAccountId!)?.cash ?? "0", round.subunitToUnit);
  }
}

type PlayerAccounts = Awaited<ReturnType<Ledger["playerAccounts"]>>;

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
