// Blackjack's rounds, step by step (ADR 026): each action replays the round from its seeds with the
// verifier's own function, posts a double's or a split's extra stake through the limits, hides the
// dealer's hole card while the round is open and settles a finished round once. The round service
// (rounds.ts) owns sessions, seeds and settlement; it lends what these steps need.
import {
  BLACKJACK_ACTIONS,
  FloatStream,
  InvalidBetError,
  playBlackjackSteps,
  playRound,
  standingActions,
  type BlackjackAction,
  type BlackjackParams,
  type BlackjackRound,
} from "@playfair/fairness";
import type { RoundActionRequest } from "@playfair/contracts/game/play";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { eq } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { AppError, validationFailed } from "../../../lib/app-error.ts";
import { blackjackSettlement } from "./bets.ts";
import { gameRounds, type GameRoundRow } from "./game-play.schema.ts";
import type { MoneyRound, RoundMoney } from "./round-money.ts";
import { roundView } from "./round-views.ts";
import type { RoundAnswer } from "./rounds.ts";

type Settled = Promise<{ row: GameRoundRow; balance: string }>;

/** What the round service lends the steps. */
export type BlackjackStepsKit = {
  knownPrecision(currency: string): string;
  serverSeedOf(executor: DbExecutor, row: GameRoundRow): Promise<string>;
  moneyOf(session: { demo: boolean }): RoundMoney;
  moneyRound(row: GameRoundRow, subunitToUnit: string): MoneyRound;
  finish(executor: DbExecutor, row: GameRoundRow, end: { voided: false; outcome: Record<string, unknown>; payout: bigint; multiplier: string; params?: Record<string, unknown> }): Settled;
  publishBalance(executor: DbExecutor, row: GameRoundRow): Promise<void>;
};

const blackjackStream = (serverSeed: string, row: GameRoundRow) => () => new FloatStream({ serverSeed, clientSeed: row.clientSeed, nonce: row.nonce }, row.cursor);

/**
 * The open round as the player sees it: the dealer's up card only. playBlackjackSteps already
 * leaves the hole card out until the end; the cut here keeps it so whatever the engine returns.
 */
export const openBlackjackOutcome = (round: BlackjackRound) => ({ ...round, dealer: { ...round.dealer, cards: round.dealer.cards.slice(0, 1) } }) as unknown as Record<string, unknown>;

export function createBlackjackSteps(kit: BlackjackStepsKit) {
  const { knownPrecision, serverSeedOf, moneyOf, moneyRound, finish, publishBalance } = kit;

  /** Settles a finished blackjack round with the verifier's own function; `row.stake` holds every stake of the round. */
  async function settle(executor: DbExecutor, row: GameRoundRow, actions: BlackjackAction[], serverSeed: string) {
    const { outcome } = playRound("blackjack", { serverSeed, clientSeed: row.clientSeed, nonce: row.nonce, cursor: row.cursor, params: { actions }, algorithmVersion: row.algorithmVersion });
    const staked = toMinorUnits(row.stake, knownPrecision(row.currency));
    const { payout, multiplier } = blackjackSettlement(outcome, staked / BigInt(outcome.stakes));
    return finish(executor, row, { voided: false, outcome: outcome as unknown as Record<string, unknown>, payout, multiplier, params: { actions } });
  }

  async function act(executor: DbExecutor, row: GameRoundRow, action: RoundActionRequest): Promise<RoundAnswer> {
    const actions = (row.params as unknown as BlackjackParams).actions;
    if (!(BLACKJACK_ACTIONS as readonly string[]).includes(action.action)) throw validationFailed({ action: ["Hit, stand, double or split."] });
    if (action.step === undefined) throw validationFailed({ step: ["Send the round's step: how many actions it has taken."] });
    const subunitToUnit = knownPrecision(row.currency);
    if (action.step < actions.length && actions[action.step] === action.action) {
      // The same action for the same step again (a second click, a retry): it was played once.
      const balance = row.balanceAfter ?? (await moneyOf(row).balance(executor, moneyRound(row, subunitToUnit)));
      return { round: roundView(row), balance, replayed: true };
    }
    if (row.status !== "open") throw new AppError("CONFLICT", "This round is already over.");
    if (action.step !== actions.length) throw new AppError("CONFLICT", `This round has moved on: it has taken ${actions.length} actions.`);

    const serverSeed = await serverSeedOf(executor, row);
    const stream = blackjackStream(serverSeed, row);
    const before = playBlackjackSteps(stream(), actions);
    const next = [...actions, action.action as BlackjackAction];
    let after: BlackjackRound;
    try {
      after = playBlackjackSteps(stream(), next);
    } catch (error) {
      if (error instanceof InvalidBetError) throw validationFailed({ action: [`This hand cannot ${action.action} now.`] });
      throw error;
    }
    let stake = row.stake;
    if (after.stakes > before.stakes) {
      // A double or a split: one more first stake, its own posting (keyed by this step), through the limits.
      const firstStake = toMinorUnits(row.stake, subunitToUnit) / BigInt(before.stakes);
      await moneyOf(row).stake(executor, { ...moneyRound(row, subunitToUnit), stake: firstStake }, actions.length);
      stake = fromMinorUnits(firstStake * BigInt(after.stakes), subunitToUnit);
    }
    const [updated] = await executor
      .update(gameRounds)
      .set({ stake, params: { actions: next }, ...(after.finished ? {} : { outcome: openBlackjackOutcome(after) }) })
      .where(eq(gameRounds.id, row.id))
      .returning();
    if (after.finished) {
      const ended = await settle(executor, updated!, next, serverSeed);
      return { round: roundView(ended.row), balance: ended.balance, replayed: false };
    }
    if (stake !== row.stake) await publishBalance(executor, updated!);
    const balance = await moneyOf(updated!).balance(executor, moneyRound(updated!, subunitToUnit));
    return { round: roundView(updated!), balance, replayed: false };
  }

  /** Recovery (P8): stands every unfinished hand, the dealer plays out, the round settles. */
  async function standAll(executor: DbExecutor, row: GameRoundRow, serverSeed: string): Settled {
    const actions = standingActions(blackjackStream(serverSeed, row), (row.params as unknown as BlackjackParams).actions);
    return settle(executor, row, actions, serverSeed);
  }

  return { act, settle, standAll };
}
