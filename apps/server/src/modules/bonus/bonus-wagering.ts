import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";
import { GAME_BET_MAX_EXCEED_EVENT } from "@playfair/contracts/bonus/bonus-constants";
import type { GameBetMaxExceedEvent } from "@playfair/contracts/bonus/player-bonuses";
import { GAME_BETS_CHANNEL } from "@playfair/contracts/game/bet-restricted";
import { compareAmounts, fromMinorUnits, isZero, multiplyAmountByRate, roundAmount, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { BonusLifecycle, PlayerBonusRow } from "./bonus-lifecycle.ts";
import { bonusStakes, playerBonuses } from "./bonus.schema.ts";
import { activeBonusQuery, executeWageringStatement, readTemplateView, type TemplateView } from "./bonus-wagering-statements.ts";

const CACHE_MS = 10_000;
const CACHE_ENTRIES = 10_000;

// Wagering inside the stake's transaction (ADR 034). The game side calls `take` before it posts a
// stake and `payout` + `settle` around the posting that pays or voids it; every call runs in the
// game's own transaction, so the split, the progress and the money commit together or not at all.
// Lock order, the same everywhere: the active bonus row, then the ledger's player accounts.

/** What the wagering rules need of the game a stake is placed on. */
export type WageringGame = {
  identity: string;
  /** Its catalogue categories; read only when the bonus's contributions name categories. */
  categories(executor: DbExecutor): Promise<string[]>;
  /** The most the stake can return, as a multiple of it (dice and limbo targets, a crash auto cash-out); undefined: not declared, it counts. */
  potentialMultiplier?: string | undefined;
};

export type WageringStake = {
  walletAccountId: string;
  currency: string;
  subunitToUnit: string;
  /** The round's ledger key base (`game-round:<id>`): one bonus_stakes row per round. */
  stakeKey: string;
  /** Minor units. */
  amount: bigint;
  accounts: { cash: bigint; bonus: bigint };
  game: WageringGame;
  /** A later stake of a round already staked (a blackjack double or split): its parts join the round's row. */
  extra?: boolean;
  /** A single-step round paid in the same transaction: the row is written settled. */
  settledAtOnce?: boolean;
  /**
   * The account's active bonus as `activeBonusQuery` selected and locked it in a statement of the
   * caller's earlier in this transaction (null: none); absent: `take` reads it itself.
   */
  active?: PlayerBonusRow | null;
};

/** How a stake taken while a casino bonus is active splits: cash first, the rest from the bonus. Minor units. */
export type StakeSplit = {
  playerBonusId: string;
  stakeKey: string;
  cash: bigint;
  bonus: bigint;
  /** The cash and bonus balances just before the stake, read under lock. */
  cashBefore: bigint;
  bonusBefore: bigint;
  /** What the stake added to the wagering (a decimal; "0" when it does not count). */
  counted: string;
  /** The bonus row as the stake left it (locked by this transaction): a single-step round's completion needs no second read. */
  row?: PlayerBonusRow;
};

/** How a payout (or a void) of a round staked with bonus money splits. Minor units. */
export type PayoutSplit = {
  playerBonusId: string;
  stakeKey: string;
  /** To cash, to the bonus balance, and to the bonus budget (the bonus ended while the round was open). */
  cash: bigint;
  bonus: bigint;
  forfeited: bigint;
  /** What the round's stakes had added to the wagering: taken back when the round is voided. */
  counted: string;
  /** Whether the bonus is still active (else its share is forfeited). */
  active: boolean;
  /** The bonus row, locked by this transaction, when the stake's split was just taken in it. */
  row?: PlayerBonusRow;
};

export type StakeWagering = {
  /** Whether the wallet account has an active casino bonus (its bonus balance is playable in casino games). */
  hasCasinoBonus(executor: DbExecutor, walletAccountId: string): Promise<boolean>;
  /**
   * Before a stake is posted: null without an active casino bonus (or on a game it excludes);
   * otherwise refuses a stake over the max bet (BonusMaxBetError), splits it, records the split
   * and counts the wagering.
   */
  take(executor: DbExecutor, stake: WageringStake): Promise<StakeSplit | null>;
  /**
   * The statement `take` starts with (the account's active bonus, locked), not sent: for a caller
   * that folds it into a statement of its own and hands what it selected to `take` as `active`.
   * `alsoWhen`: a condition of that statement (ADR 039).
   */
  activeBonusQuery(executor: DbExecutor, walletAccountId: string | SQLWrapper, alsoWhen?: SQL): ReturnType<typeof activeBonusQuery>;
  /** After a stake (of a round left open) was posted: the player sees the progress. */
  afterStake(executor: DbExecutor, split: StakeSplit): Promise<void>;
  /**
   * Before a payout or a void is posted: how it splits (null: the round staked no bonus money, all cash).
   * `staked`: everything the round staked, minor units (default: what its row recorded).
   */
  payout(executor: DbExecutor, round: { stakeKey: string; payout: bigint; staked?: bigint; subunitToUnit: string; settledToo?: boolean }): Promise<PayoutSplit | null>;
  /** `payout` for a single-step round whose split was just taken (nothing to read). */
  payoutOf(split: StakeSplit, payout: bigint, staked: bigint): PayoutSplit;
  /**
   * After the payout was posted: the round's row is settled (unless it was written settled), a void
   * takes its wagering back, and the bonus finishes when its wagering is done or its money is gone.
   * `bonusAfter`: the bonus balance after the payout when the caller knows it. Answers whether the bonus finished.
   */
  settle(executor: DbExecutor, paid: PayoutSplit, options: { voided: boolean; alreadySettled?: boolean; bonusAfter?: { minor: bigint; subunitToUnit: string } }): Promise<{ finished: boolean }>;
  /**
   * A stake given back (a studio's rollback of one bet), in the refund's transaction: its parts come
   * off the round's row (so the round's later wins follow the stakes that remain) and what it
   * counted comes off the bonus's wagering while the bonus is active. `publish`: the player sees
   * the progress now (a round left open; a closing one publishes when it settles).
   */
  reverseStake(executor: DbExecutor, stake: StakeReversal, options: { publish: boolean }): Promise<void>;
  /** After the refusing transaction rolled back: tells the player's game page (spec `game.bet.max.exceed`). */
  publishMaxBetRefusal(executor: DbExecutor, playerId: string, refusal: BonusMaxBetError, gameCode: string): Promise<void>;
};

/** A stake over the active bonus's max bet: 422 on `amount`, reason `bonusMaxBetExceeded`. */
export class BonusMaxBetError extends AppError {
  readonly playerBonus: { id: string; currency: string; maxBetAmount: string };
  /** The refused stake. */
  readonly amount: string;
  constructor(playerBonus: { id: string; currency: string; maxBetAmount: string }, amount: string) {
    const message = `While your bonus is being wagered, one stake may be at most ${playerBonus.maxBetAmount} ${playerBonus.currency}.`;
    super("VALIDATION_FAILED", message, { fieldErrors: { amount: [message] }, reason: "bonusMaxBetExceeded" });
    this.name = "BonusMaxBetError";
    this.playerBonus = playerBonus;
    this.amount = amount;
  }
}

/** One stake of a round as it was taken (decimals of its currency): what a reversal takes off. */
export type StakeReversal = { stakeKey: string; playerBonusId: string; cashPart: string; bonusPart: string; counted: string };

type ActiveBonus = PlayerBonusRow;

export function createStakeWagering(dependencies: { ledger: Pick<Ledger, "balances">; lifecycle: BonusLifecycle; realtime: Pick<RealtimePublisher, "publish">; now: () => Date }): StakeWagering {
  const { ledger, lifecycle, realtime, now } = dependencies;

  // Read on every round of a wagering player otherwise: a game's categories (contributions) and a
  // template's texts (the progress event) change only by an operator's edit, which shows here
  // within CACHE_MS. Money never depends on the texts; a recategorised game counts anew within it.
  // Not kept for the process's life: a template's PUT rewrites its texts for the bonuses already
  // granted from it too (they copy the terms, not the texts).
  const categoriesOf = new Map<string, { at: number; categories: string[] }>();
  const templatesOf = new Map<string, { at: number; view: TemplateView[] }>();
  const fresh = (entry: { at: number } | undefined) => entry !== undefined && Date.now() - entry.at < CACHE_MS;

  async function categories(executor: DbExecutor, game: WageringGame): Promise<string[]> {
    const cached = categoriesOf.get(game.identity);
    if (fresh(cached)) return cached!.categories;
    const read = await game.categories(executor);
    if (categoriesOf.size >= CACHE_ENTRIES) categoriesOf.clear();
    categoriesOf.set(game.identity, { at: Date.now(), categories: read });
    return read;
  }

  async function templates(executor: DbExecutor, templateId: string): Promise<TemplateView[]> {
    const cached = templatesOf.get(templateId);
    if (fresh(cached)) return cached!.view;
    const view = await readTemplateView(executor, templateId);
    if (templatesOf.size >= CACHE_ENTRIES) templatesOf.clear();
    templatesOf.set(templateId, { at: Date.now(), view });
    return view;
  }

  /** The account's active bonus, locked: the stake and the payout of one account queue here. */
  async function lockActive(executor: DbExecutor, walletAccountId: string): Promise<ActiveBonus | undefined> {
    const [row] = await executeWageringStatement(executor, "activeBonus", { walletAccountId });
    return row;
  }

  /** The percent of a stake on `game` that counts toward `bonus`'s wagering ("0": nothing). */
  async function contribution(executor: DbExecutor, bonus: ActiveBonus, game: WageringGame): Promise<string> {
    const { terms } = bonus;
    if (terms.gameIds.length > 0 && !terms.gameIds.includes(game.identity)) return "0";
    if (game.potentialMultiplier !== undefined && compareAmounts(game.potentialMultiplier, terms.minMultiplier) < 0) return "0";
    const contributions = terms.contributions ?? {};
    const fallback = contributions.default ?? "100";
    if (!Object.keys(contributions).some((category) => category !== "default")) return fallback;
    // A game in several named categories counts at the lowest of them: an operator who lowered one never sees it raised by another.
    let percent: string | undefined;
    for (const category of await categories(executor, game)) {
      const named = contributions[category];
      if (named !== undefined && (percent === undefined || compareAmounts(named, percent) < 0)) percent = named;
    }
    return percent ?? fallback;
  }

  async function balancesOf(executor: DbExecutor, accounts: { cash: bigint; bonus: bigint }, subunitToUnit: string): Promise<{ cash: bigint; bonus: bigint }> {
    // FOR UPDATE in id order, the order ledger_post() takes them: cash first, then what is left from the bonus, from balances no one else can move now.
    const rows = await executeWageringStatement(executor, "stakeBalances", { cash: accounts.cash, bonus: accounts.bonus });
    const minor = (id: bigint) => minorOf(rows.find((row) => BigInt(row.id) === id)?.balance ?? "0", subunitToUnit);
    return { cash: minor(accounts.cash), bonus: minor(accounts.bonus) };
  }

  /** `known`: the bonus row as this transaction (which holds its lock) last wrote it, when the caller has it. */
  async function complete(executor: DbExecutor, playerBonusId: string, bonusAfter: { minor: bigint; subunitToUnit: string } | undefined, progressed: boolean, known?: PlayerBonusRow): Promise<boolean> {
    const [row] = known ? [known] : await executor.select().from(playerBonuses).where(eq(playerBonuses.id, playerBonusId)).for("update");
    if (!row || row.status !== PLAYER_BONUS_STATUS.active) return false;
    const wageringDone = compareAmounts(row.wagered, row.wageringRequired) >= 0;
    let moneyGone = false;
    if (!wageringDone) {
      moneyGone = bonusAfter !== undefined ? bonusAfter.minor === 0n : isZero((await ledger.balances(executor, [row.walletAccountId])).get(row.walletAccountId)?.bonus ?? "0");
    }
    if ((wageringDone || moneyGone) && !(await lifecycle.hasOpenRounds(executor, row.id))) {
      // Played either way: converted up to the cap, or nothing left to convert.
      await lifecycle.finish(executor, row, PLAYER_BONUS_RESULT.played);
      return true;
    }
    if (progressed) await lifecycle.publish(executor, row, bonusAfter === undefined ? undefined : fromMinorUnits(bonusAfter.minor, bonusAfter.subunitToUnit), templates);
    return false;
  }

  return {
    async hasCasinoBonus(executor, walletAccountId) {
      const [row] = await executor
        .select({ terms: playerBonuses.terms })
        .from(playerBonuses)
        .where(and(eq(playerBonuses.walletAccountId, walletAccountId), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)));
      return row?.terms.product === "casino";
    },

    activeBonusQuery,

    async take(executor, stake) {
      const bonus = stake.active === undefined ? await lockActive(executor, stake.walletAccountId) : (stake.active ?? undefined);
      if (!bonus || bonus.terms.product !== "casino") return null;
      // Games outside the bonus's list are played with cash only, and count nothing.
      if (bonus.terms.gameIds.length > 0 && !bonus.terms.gameIds.includes(stake.game.identity)) return null;
      const amount = fromMinorUnits(stake.amount, stake.subunitToUnit);
      if (bonus.maxBet !== null && compareAmounts(amount, bonus.maxBet) > 0) {
        throw new BonusMaxBetError({ id: bonus.id, currency: bonus.currency, maxBetAmount: fromMinorUnits(minorOf(bonus.maxBet, stake.subunitToUnit), stake.subunitToUnit) }, amount);
      }
      const before = await balancesOf(executor, stake.accounts, stake.subunitToUnit);
      const cash = before.cash >= stake.amount ? stake.amount : before.cash;
      const fromBonus = stake.amount - cash;
      const percent = await contribution(executor, bonus, stake.game);
      const counted = isZero(percent) ? "0" : multiplyAmountByRate(amount, percentRate(percent), stake.subunitToUnit, "floor");
      const parts = { cashPart: fromMinorUnits(cash, stake.subunitToUnit), bonusPart: fromMinorUnits(fromBonus, stake.subunitToUnit), counted };
      const at = now();
      const values = { stakeKey: stake.stakeKey, playerBonusId: bonus.id, ...parts, createdAt: at };
      const inserted = stake.extra
        ? await executeWageringStatement(executor, "stakeAdd", values)
        : await executeWageringStatement(executor, "stakeInsert", { ...values, settledAt: stake.settledAtOnce ? at : null });
      if (inserted.length === 0) {
        // The same stake again (a retry): its first split, so the ledger replays the same legs; counted once.
        const [first] = await executor.select().from(bonusStakes).where(eq(bonusStakes.stakeKey, stake.stakeKey));
        return {
          playerBonusId: first!.playerBonusId,
          stakeKey: stake.stakeKey,
          cash: minorOf(first!.cashPart, stake.subunitToUnit),
          bonus: minorOf(first!.bonusPart, stake.subunitToUnit),
          cashBefore: before.cash,
          bonusBefore: before.bonus,
          counted: "0",
        };
      }
      let row = bonus;
      if (!isZero(counted)) [row = bonus] = await executeWageringStatement(executor, "wageredAdd", { id: bonus.id, counted });
      return { playerBonusId: bonus.id, stakeKey: stake.stakeKey, cash, bonus: fromBonus, cashBefore: before.cash, bonusBefore: before.bonus, counted, row };
    },

    async afterStake(executor, split) {
      const [row] = split.row ? [split.row] : await executor.select().from(playerBonuses).where(eq(playerBonuses.id, split.playerBonusId));
      if (row) await lifecycle.publish(executor, row, undefined, templates);
    },

    async payout(executor, round) {
      // A studio's late rollback may come after its round closed: it still gives back what was staked, as it was staked.
      const [row] = await executeWageringStatement(executor, round.settledToo ? "payoutAny" : "payoutOpen", { stakeKey: round.stakeKey });
      if (!row) return null;
      const bonusPart = minorOf(row.bonusPart, round.subunitToUnit);
      const staked = round.staked ?? minorOf(row.cashPart, round.subunitToUnit) + bonusPart;
      return splitPayout({ playerBonusId: row.playerBonusId, stakeKey: round.stakeKey, counted: row.counted }, bonusPart, staked, round.payout, row.status === PLAYER_BONUS_STATUS.active);
    },

    payoutOf(split, payout, staked) {
      return { ...splitPayout(split, split.bonus, staked, payout, true), ...(split.row ? { row: split.row } : {}) };
    },

    async settle(executor, paid, options) {
      if (!options.alreadySettled) await executeWageringStatement(executor, "stakeSettle", { stakeKey: paid.stakeKey, settledAt: now() });
      // A voided round was never played: what it counted comes off again.
      const takenBack = options.voided && !isZero(paid.counted);
      if (takenBack) await executor.update(playerBonuses).set({ wagered: sql`greatest(${playerBonuses.wagered} - ${paid.counted}, 0)` }).where(eq(playerBonuses.id, paid.playerBonusId));
      // A void changed `wagered` after the row was read: read it again then.
      const finished = await complete(executor, paid.playerBonusId, options.bonusAfter, true, takenBack ? undefined : paid.row);
      return { finished };
    },

    async reverseStake(executor, stake, options) {
      await executor
        .update(bonusStakes)
        .set({
          cashPart: sql`greatest(${bonusStakes.cashPart} - ${stake.cashPart}::numeric, 0)`,
          bonusPart: sql`greatest(${bonusStakes.bonusPart} - ${stake.bonusPart}::numeric, 0)`,
          counted: sql`greatest(${bonusStakes.counted} - ${stake.counted}::numeric, 0)`,
        })
        .where(eq(bonusStakes.stakeKey, stake.stakeKey));
      if (isZero(stake.counted)) return;
      const [row] = await executor
        .update(playerBonuses)
        .set({ wagered: sql`greatest(${playerBonuses.wagered} - ${stake.counted}::numeric, 0)` })
        .where(and(eq(playerBonuses.id, stake.playerBonusId), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)))
        .returning();
      if (row && options.publish) await lifecycle.publish(executor, row, undefined, templates);
    },

    async publishMaxBetRefusal(executor, playerId, refusal, gameCode) {
      const event: GameBetMaxExceedEvent = { event: GAME_BET_MAX_EXCEED_EVENT, playerBonus: refusal.playerBonus, gameCode, amount: refusal.amount };
      await realtime.publish(executor, `${GAME_BETS_CHANNEL}#${playerId}`, event);
    },
  };
}

/** Pro rata to the money staked, the bonus share rounded down; a bonus no longer active gives its share to the budget. */
function splitPayout(of: { playerBonusId: string; stakeKey: string; counted: string }, bonusPart: bigint, staked: bigint, payout: bigint, active: boolean): PayoutSplit {
  const bonusShare = staked === 0n ? 0n : (payout * bonusPart) / staked;
  return { playerBonusId: of.playerBonusId, stakeKey: of.stakeKey, cash: payout - bonusShare, bonus: active ? bonusShare : 0n, forfeited: active ? 0n : bonusShare, counted: of.counted, active };
}

/** A stored decimal (any scale) as minor units of its currency, rounded down. */
function minorOf(amount: string, subunitToUnit: string): bigint {
  return toMinorUnits(roundAmount(amount, subunitToUnit, "floor"), subunitToUnit);
}

/** "10" (percent) as the rate "0.10". */
function percentRate(percent: string): string {
  const [whole = "0", fraction = ""] = percent.split(".");
  const digits = (whole + fraction).replace(/^0+(?=\d)/, "");
  const scale = fraction.length + 2;
  const padded = digits.padStart(scale + 1, "0");
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}
