import {
  diceMultiplier,
  GAMES,
  InvalidBetError,
  MINES_MAX,
  MINES_MIN,
  multiplierFromUnits,
  multiplierRatio,
  parseDiceParams,
  parseLimboParams,
  payoutMinorUnits,
  requireInteger,
  requireRecord,
  type GameOutcome,
  type Multiplier,
} from "@playfair/fairness";
import { BIG_WIN_MULTIPLIER } from "@playfair/contracts/game/play";
import { toMinorUnits } from "@playfair/contracts/money";
import { validationFailed } from "../../../lib/app-error.ts";
import type { OriginalGame } from "./originals.ts";

// A bet's parameters as the engine reads them, checked before any money moves, and what a settled
// outcome pays. Roulette is the one game whose stake is split: each of its bets names its amount.

/** The parameters to store with the round; refuses what the game's rules refuse (422 on `params`). */
export function prepareParams(game: OriginalGame, params: Record<string, unknown>, stake: bigint, subunitToUnit: string): Record<string, unknown> {
  try {
    if (game.fairnessGame === "mines") {
      const mines = requireInteger(requireRecord(params).mines, "mines", MINES_MIN, MINES_MAX);
      return { mines, reveals: [] };
    }
    // A blackjack round starts with the deal; its actions come one request at a time.
    if (game.fairnessGame === "blackjack") {
      if (GAMES.blackjack.parse(params).actions.length > 0) throw new InvalidBetError("a blackjack round starts without actions");
      return { actions: [] };
    }
    GAMES[game.fairnessGame].parse(params);
    if (game.fairnessGame === "roulette") checkRouletteAmounts(params, stake, subunitToUnit);
    return params;
  } catch (error) {
    if (error instanceof InvalidBetError) throw validationFailed({ params: [error.message] });
    throw error;
  }
}

function checkRouletteAmounts(params: Record<string, unknown>, stake: bigint, subunitToUnit: string): void {
  const bets = params.bets as Record<string, unknown>[];
  let total = 0n;
  for (const bet of bets) {
    const amount = bet.amount;
    if (typeof amount !== "string" || !/^\d+(\.\d+)?$/.test(amount)) throw new InvalidBetError("every roulette bet needs an amount such as 1.50");
    let minor: bigint;
    try {
      minor = toMinorUnits(amount, subunitToUnit);
    } catch {
      throw new InvalidBetError("a roulette bet's amount has more decimals than the currency");
    }
    if (minor <= 0n) throw new InvalidBetError("a roulette bet's amount must be greater than zero");
    total += minor;
  }
  if (total !== stake) throw new InvalidBetError("the roulette bets' amounts must add up to the stake");
}

export type Settlement = { payout: bigint; multiplier: Multiplier };

/** What a settled outcome pays, in minor units, rounded down (the engine's rule), and the round's multiplier. */
export function settlementOf(game: OriginalGame, params: Record<string, unknown>, outcome: GameOutcome<OriginalGame["fairnessGame"]>, stake: bigint, subunitToUnit: string): Settlement {
  if (game.fairnessGame === "roulette") {
    const bets = params.bets as { amount: string }[];
    const results = (outcome as GameOutcome<"roulette">).bets;
    let payout = 0n;
    results.forEach((result, index) => {
      payout += payoutMinorUnits(toMinorUnits(bets[index]!.amount, subunitToUnit), result.payoutMultiplier);
    });
    return { payout, multiplier: multiplierFromUnits((payout * 10_000n) / stake, 4) };
  }
  const multiplier = (outcome as { payoutMultiplier: Multiplier }).payoutMultiplier;
  return { payout: payoutMinorUnits(stake, multiplier), multiplier };
}

/**
 * What a settled blackjack round pays: its return in first stakes times the first stake, rounded
 * down, and the round's multiplier against everything staked (doubles and splits included).
 */
export function blackjackSettlement(outcome: GameOutcome<"blackjack">, firstStake: bigint): Settlement {
  const payout = payoutMinorUnits(firstStake, outcome.payoutMultiplier);
  const staked = firstStake * BigInt(outcome.stakes);
  return { payout, multiplier: multiplierFromUnits((payout * 10_000n) / staked, 4) };
}

/**
 * The most a bet can return as a multiple of its stake, where its parameters fix it (a dice or
 * limbo target): what a bonus's minimum multiplier is compared with. Other games declare none.
 */
export function potentialMultiplierOf(game: OriginalGame, params: Record<string, unknown>): { potentialMultiplier?: Multiplier } {
  if (game.fairnessGame === "dice") return { potentialMultiplier: diceMultiplier(parseDiceParams(params)) };
  if (game.fairnessGame === "limbo") return { potentialMultiplier: multiplierFromUnits(parseLimboParams(params).target, 2) };
  return {};
}

const BIG_WIN = multiplierRatio(BIG_WIN_MULTIPLIER);

export function isBigWin(multiplier: Multiplier): boolean {
  const { numerator, denominator } = multiplierRatio(multiplier);
  return numerator * BIG_WIN.denominator >= BIG_WIN.numerator * denominator;
}
