import type { SportOutcomeResult } from "@playfair/contracts/sport/feed-messages";
import type { FairOutcome } from "./odds.ts";
import type { SettledOutcome } from "./match-state.ts";

/**
 * Market probabilities from a distribution, and results from a final score, shared by the sport
 * models. Handicaps are the home side's; a quarter line (-0.25, -0.75 ...) is half the stake on
 * each neighbouring line, which is where half wins and half losses come from.
 */

/** A distribution over integers (a total, or home minus away), as value -> probability. */
export type Distribution = Map<number, number>;

export function addTo(distribution: Distribution, value: number, probability: number): void {
  distribution.set(value, (distribution.get(value) ?? 0) + probability);
}

function halves(line: number): number[] {
  const quarters = Math.round(line * 4);
  return quarters % 2 !== 0 ? [(quarters - 1) / 4, (quarters + 1) / 4] : [line];
}

/**
 * Fair prices of a two-way line with pushes: a side's fair odds pay back what it loses elsewhere,
 * so its probability is its wins over wins plus losses (pushes return the stake).
 */
function twoWay(distribution: Distribution, line: number, firstWins: (value: number, half: number) => number): [number, number] {
  let wins = 0;
  let losses = 0;
  for (const half of halves(line)) {
    for (const [value, probability] of distribution) {
      const sign = firstWins(value, half);
      if (sign > 0) wins += probability;
      else if (sign < 0) losses += probability;
    }
  }
  return wins + losses > 0 ? [wins / (wins + losses), losses / (wins + losses)] : [0.5, 0.5];
}

export function handicapFair(differences: Distribution, hcp: number): FairOutcome[] {
  const [home, away] = twoWay(differences, hcp, (difference, half) => Math.sign(difference + half));
  return [
    { id: "1", probability: home },
    { id: "2", probability: away },
  ];
}

export function totalFair(totals: Distribution, line: number): FairOutcome[] {
  const [over, under] = twoWay(totals, line, (total, half) => Math.sign(total - half));
  return [
    { id: "over", probability: over },
    { id: "under", probability: under },
  ];
}

function combine(results: SportOutcomeResult[]): SportOutcomeResult {
  if (results.length === 1) return results[0]!;
  const [first, second] = results as [SportOutcomeResult, SportOutcomeResult];
  if (first === second) return first;
  const pair = new Set([first, second]);
  if (pair.has("win") && pair.has("void")) return "half_win";
  if (pair.has("lose") && pair.has("void")) return "half_lose";
  throw new Error("neighbouring lines cannot both win and lose");
}

function sideResult(sign: number): SportOutcomeResult {
  return sign > 0 ? "win" : sign < 0 ? "lose" : "void";
}

export function settleHandicap(difference: number, hcp: number): SettledOutcome[] {
  const home = combine(halves(hcp).map((half) => sideResult(Math.sign(difference + half))));
  const away = combine(halves(hcp).map((half) => sideResult(-Math.sign(difference + half))));
  return [
    { id: "1", result: home },
    { id: "2", result: away },
  ];
}

export function settleTotal(total: number, line: number): SettledOutcome[] {
  return [
    { id: "over", result: combine(halves(line).map((half) => sideResult(Math.sign(total - half)))) },
    { id: "under", result: combine(halves(line).map((half) => sideResult(-Math.sign(total - half)))) },
  ];
}

/** The winner of a two-way or three-way market: "1", "X" (a draw, three-way only) or "2". */
export function settleWinner(outcomeIds: readonly string[], winner: string): SettledOutcome[] {
  return outcomeIds.map((id) => ({ id, result: id === winner ? "win" : "lose" }));
}

/**
 * The line nearest to an even contest, on a grid of `step` offset by `offset` (0.5 for half
 * lines). It lies within two of the mean, so only that stretch is tried.
 */
export function balancedLine(distribution: Distribution, step: number, offset: number, fair: (distribution: Distribution, line: number) => FairOutcome[]): number {
  let mean = 0;
  for (const [value, probability] of distribution) mean += value * probability;
  let best = Math.round(mean / step) * step + offset;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let line = Math.floor((mean - 2) / step) * step + offset; line <= mean + 2; line += step) {
    const gap = Math.abs(fair(distribution, line)[0]!.probability - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return Math.round(best * 100) / 100;
}
