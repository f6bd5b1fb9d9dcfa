import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { FeedMarket } from "@playfair/contracts/sport/feed-messages";
import { settleTotal, settleWinner } from "./market-math.ts";
import { edgeOf, periodKey, specifierValue, type Happening, type MatchState, type SportModel } from "./match-state.ts";
import { liveStateOf, resolveDanger, scoreFor, stepBreak } from "./model-kit.ts";
import { lineText, priceMarket } from "./odds.ts";

/**
 * Fights (boxing, MMA ...): each round may end the fight with a hazard per round; whoever wins,
 * by stoppage or on the cards, is the favourite with one probability from the rating gap, and a
 * decision can be a draw (the winner market is void then). A knockdown is the dangerous moment.
 * Total rounds: over 2.5 means the fight is still on when round 3 starts.
 */

export type FightFormat = { rounds: number; roundMinutes: number; hazard: number };

const FIGHT_FORMATS: Record<number, FightFormat> = {
  71: { rounds: 12, roundMinutes: 3, hazard: 0.07 },
  84: { rounds: 3, roundMinutes: 5, hazard: 0.22 },
};
const DEFAULT_FIGHT_FORMAT: FightFormat = { rounds: 3, roundMinutes: 3, hazard: 0.12 };

const STEP_MS = 5_000;
const BREAK_MS = 60_000;
const DRAW_ON_CARDS = 0.03;
/** The share of knockdowns that end the fight. */
const KNOCKDOWN_FINISH = 0.4;

export function fightModel(sportId: number): SportModel {
  const format = FIGHT_FORMATS[sportId] ?? DEFAULT_FIGHT_FORMAT;
  const roundMs = format.roundMinutes * 60_000;

  function homeChance(state: MatchState): number {
    return Math.min(0.94, Math.max(0.06, 0.5 + 0.35 * edgeOf(state)));
  }

  /** The chance the fight is still on when round `line + 0.5` is passed, i.e. round floor(line) + 1 starts. */
  function overChance(state: MatchState, line: number): number {
    const needed = Math.floor(line) + 1;
    if (state.ended) return (state.finishRound ?? format.rounds) >= needed ? 1 : 0;
    if (state.period >= needed) return 1;
    const roundLeft = state.breakLeftMs > 0 ? 0 : 1 - state.periodElapsedMs / roundMs;
    const whole = needed - 1 - state.period;
    return (1 - format.hazard * roundLeft) * Math.pow(1 - format.hazard, Math.max(0, whole));
  }

  return {
    stepMs: STEP_MS,
    open(state) {
      const candidates: number[] = [];
      for (let line = 0.5; line < format.rounds; line += 1) {
        const over = overChance(state, line);
        if (over > 0.15 && over < 0.85) candidates.push(line);
      }
      state.totals = candidates.length > 0 ? candidates.slice(-3) : [Math.floor(format.rounds / 2) + 0.5];
    },
    advance(state, random, stepMs): Happening {
      if (state.ended) return "none";
      const breakStep = stepBreak(state, stepMs);
      if (breakStep) return breakStep;
      const finisher = resolveDanger(state, random, KNOCKDOWN_FINISH);
      if (finisher === "calm") return "calm";
      if (finisher) {
        state.winner = finisher;
        state.finishRound = state.period;
        scoreFor(state, finisher);
        state.ended = true;
        return "end";
      }
      state.periodElapsedMs += stepMs;
      if (state.periodElapsedMs >= roundMs) {
        state.periodElapsedMs = roundMs;
        const homeRound = random.chance(homeChance(state));
        state.periodScores.push(homeRound ? [10, 9] : [9, 10]);
        if (state.period >= format.rounds) {
          state.finishRound = format.rounds;
          state.winner = random.chance(DRAW_ON_CARDS) ? "draw" : random.chance(homeChance(state)) ? "1" : "2";
          state.ended = true;
          return "end";
        }
        state.breakLeftMs = BREAK_MS;
        return "period";
      }
      const knockdown = (format.hazard / KNOCKDOWN_FINISH) * (stepMs / roundMs);
      if (random.chance(knockdown)) {
        state.danger = random.chance(homeChance(state)) ? "1" : "2";
        return "dangerous";
      }
      return "none";
    },
    markets(state): FeedMarket[] {
      const home = state.ended ? (state.winner === "1" ? 1 : 0) : homeChance(state);
      return [
        priceMarket(MARKET_TYPES.moneyline.id, "", [
          { id: "1", probability: home },
          { id: "2", probability: 1 - home },
        ]),
        ...state.totals.map((line) => {
          const over = overChance(state, line);
          return priceMarket(MARKET_TYPES.total.id, `total=${lineText(line)}`, [
            { id: "over", probability: over },
            { id: "under", probability: 1 - over },
          ]);
        }),
      ];
    },
    settle(state, market) {
      switch (market.marketTypeId) {
        case MARKET_TYPES.moneyline.id:
          if (state.winner === "draw") return MARKET_TYPES.moneyline.outcomes.map((id) => ({ id, result: "void" as const }));
          return settleWinner(MARKET_TYPES.moneyline.outcomes, state.winner ?? "1");
        case MARKET_TYPES.total.id:
          return settleTotal(state.finishRound ?? format.rounds, specifierValue(market.specifiers, "total"));
        default:
          throw new Error(`fights offer no market type ${market.marketTypeId}`);
      }
    },
    liveState(state) {
      return liveStateOf(state, periodKey(state.period, "round"), Math.floor(state.periodElapsedMs / 1000));
    },
  };
}
