import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { FeedMarket } from "@playfair/contracts/sport/feed-messages";
import type { Happening, MatchState, SettledOutcome, SportModel } from "./match-state.ts";
import { liveStateOf } from "./model-kit.ts";
import { priceMarket } from "./odds.ts";

/**
 * Races and outrights: each runner's chance of winning is its strength over the field's
 * (strength = exp(2.2 x rating)). The winner is drawn by those chances; now and then a second
 * runner ties for first, and both winning bets are paid by the dead-heat rule (half the stake at
 * full odds for two).
 */

const DEAD_HEAT_CHANCE = 0.04;

export type RaceFormat = { durationMs: number; stepMs: number };

export const RACE_FORMAT: RaceFormat = { durationMs: 4 * 60_000, stepMs: 5_000 };
export const OUTRIGHT_FORMAT: RaceFormat = { durationMs: 2 * 86_400_000, stepMs: 3_600_000 };

function strengths(state: MatchState): number[] {
  return state.runners.map((runner, position) => Math.exp(2.2 * runner.rating + (position === 0 ? state.shift : 0)));
}

function drawWinner(weights: number[], excluded: Set<number>, draw: number): number {
  const total = weights.reduce((sum, weight, position) => sum + (excluded.has(position) ? 0 : weight), 0);
  let cursor = draw * total;
  for (let position = 0; position < weights.length; position++) {
    if (excluded.has(position)) continue;
    cursor -= weights[position]!;
    if (cursor < 0) return position;
  }
  return weights.findIndex((_, position) => !excluded.has(position));
}

/** The dead-heat factor of `winners` tied runners: "0.5" for two, "0.3333" for three. */
export function deadHeatFactor(winners: number): string {
  return (Math.floor(10_000 / winners) / 10_000).toFixed(4).replace(/0+$/, "").replace(/\.$/, "");
}

export function raceModel(format: RaceFormat): SportModel {
  return {
    stepMs: format.stepMs,
    open() {},
    advance(state, random, stepMs): Happening {
      if (state.ended) return "none";
      state.periodElapsedMs += stepMs;
      if (state.periodElapsedMs < format.durationMs) return "none";
      const weights = strengths(state);
      const first = drawWinner(weights, new Set(), random.next());
      const winners = [first];
      if (state.runners.length > 1 && random.chance(DEAD_HEAT_CHANCE)) winners.push(drawWinner(weights, new Set([first]), random.next()));
      state.winners = winners.map((position) => state.runners[position]!.id);
      state.ended = true;
      return "end";
    },
    markets(state): FeedMarket[] {
      const weights = strengths(state);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      return [
        priceMarket(
          MARKET_TYPES.outrightWinner.id,
          "",
          state.runners.map((runner, position) => ({ id: String(runner.id), probability: weights[position]! / total })),
        ),
      ];
    },
    settle(state, market): SettledOutcome[] {
      if (market.marketTypeId !== MARKET_TYPES.outrightWinner.id) throw new Error(`races offer no market type ${market.marketTypeId}`);
      const winners = new Set((state.winners ?? []).map(String));
      const factor = winners.size > 1 ? deadHeatFactor(winners.size) : undefined;
      return state.runners.map((runner) => {
        const id = String(runner.id);
        if (!winners.has(id)) return { id, result: "lose" as const };
        return factor ? { id, result: "win" as const, deadHeatFactor: factor } : { id, result: "win" as const };
      });
    },
    liveState(state) {
      // A race keeps no score: home, away and the periods stay as fresh, so the scoreboard is empty.
      return liveStateOf(state, "running", Math.floor(state.periodElapsedMs / 1000));
    },
  };
}
