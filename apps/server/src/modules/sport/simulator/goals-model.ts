import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { FeedMarket } from "@playfair/contracts/sport/feed-messages";
import { addTo, balancedLine, handicapFair, settleWinner, totalFair, type Distribution } from "./market-math.ts";
import { edgeOf, periodKey, type Happening, type MatchState, type SportModel } from "./match-state.ts";
import { closePeriod, liveStateOf, resolveDanger, scoreFor, settleOnFinalScore, stepBreak } from "./model-kit.ts";
import { lineText, poissonPmf, priceMarket } from "./odds.ts";

/**
 * Goal sports (soccer, ice hockey, futsal ...): each side's goals are Poisson with a rate from the
 * rating gap. Goals come out of dangerous moments: a moment suspends the markets, and about one in
 * three ends in a goal, which reprices everything from the new score and the time left.
 */

export type GoalsFormat = { periods: number; periodMinutes: number; breakMinutes: number; goals: number; unit: string };

const GOALS_FORMATS: Record<number, GoalsFormat> = {
  66: { periods: 2, periodMinutes: 45, breakMinutes: 15, goals: 2.7, unit: "half" },
  70: { periods: 3, periodMinutes: 20, breakMinutes: 18, goals: 5.6, unit: "period" },
  207: { periods: 2, periodMinutes: 20, breakMinutes: 10, goals: 5.5, unit: "half" },
  215: { periods: 4, periodMinutes: 8, breakMinutes: 3, goals: 17, unit: "quarter" },
  216: { periods: 4, periodMinutes: 15, breakMinutes: 5, goals: 4.5, unit: "quarter" },
  334: { periods: 2, periodMinutes: 3, breakMinutes: 1, goals: 2.7, unit: "half" },
};
const DEFAULT_GOALS_FORMAT: GoalsFormat = { periods: 2, periodMinutes: 30, breakMinutes: 10, goals: 4, unit: "half" };

/** The share of dangerous moments that end in a goal. */
const DANGER_CONVERSION = 0.3;
const STEP_MS = 5_000;

export function goalsModel(sportId: number): SportModel {
  const format = GOALS_FORMATS[sportId] ?? DEFAULT_GOALS_FORMAT;
  const periodMs = format.periodMinutes * 60_000;
  const totalMs = periodMs * format.periods;

  function elapsed(state: MatchState): number {
    return Math.min(totalMs, (state.period - 1) * periodMs + state.periodElapsedMs);
  }

  /** Expected goals of each side over the whole match. */
  function rates(state: MatchState): [number, number] {
    const edge = edgeOf(state);
    return [(format.goals / 2) * Math.exp(0.55 * edge + 0.08), (format.goals / 2) * Math.exp(-0.55 * edge - 0.08)];
  }

  /** The final score's distribution: totals, differences, and the 1X2 and both-score chances. */
  function finalScores(state: MatchState): { scores: Distribution; differences: Distribution; home: number; draw: number; bothScore: number } {
    const left = state.ended ? 0 : 1 - elapsed(state) / totalMs;
    const [homeRate, awayRate] = rates(state).map((rate) => rate * left) as [number, number];
    const max = Math.ceil(Math.max(homeRate, awayRate) + 6 * Math.sqrt(Math.max(homeRate, awayRate)) + 4);
    const homePmf = poissonPmf(homeRate, max);
    const awayPmf = poissonPmf(awayRate, max);
    const scores: Distribution = new Map();
    const differences: Distribution = new Map();
    let home = 0;
    let draw = 0;
    let bothScore = 0;
    for (let homeGoals = 0; homeGoals <= max; homeGoals++) {
      for (let awayGoals = 0; awayGoals <= max; awayGoals++) {
        const probability = homePmf[homeGoals]! * awayPmf[awayGoals]!;
        const finalHome = state.home + homeGoals;
        const finalAway = state.away + awayGoals;
        addTo(scores, finalHome + finalAway, probability);
        addTo(differences, finalHome - finalAway, probability);
        if (finalHome > finalAway) home += probability;
        else if (finalHome === finalAway) draw += probability;
        if (finalHome > 0 && finalAway > 0) bothScore += probability;
      }
    }
    return { scores, differences, home, draw, bothScore };
  }

  return {
    stepMs: STEP_MS,
    open(state) {
      const { scores, differences } = finalScores(state);
      const middle = balancedLine(scores, 1, 0.5, totalFair);
      state.totals = [middle - 1, middle, middle + 1].filter((line) => line > 0);
      const centre = balancedLine(differences, 0.25, 0, handicapFair);
      state.handicaps = [-0.5, -0.25, 0, 0.25, 0.5].map((offset) => centre + offset);
    },
    advance(state, random, stepMs): Happening {
      if (state.ended) return "none";
      const breakStep = stepBreak(state, stepMs);
      if (breakStep) return breakStep;
      const danger = resolveDanger(state, random, DANGER_CONVERSION);
      if (danger === "calm") return "calm";
      if (danger) {
        scoreFor(state, danger);
        return "score";
      }
      state.periodElapsedMs += stepMs;
      if (state.periodElapsedMs >= periodMs) {
        state.periodElapsedMs = periodMs;
        closePeriod(state);
        if (state.period >= format.periods) {
          state.ended = true;
          return "end";
        }
        state.breakLeftMs = format.breakMinutes * 60_000;
        return "period";
      }
      const [homeRate, awayRate] = rates(state);
      const perStep = stepMs / totalMs / DANGER_CONVERSION;
      const draw = random.next();
      if (draw < homeRate * perStep) state.danger = "1";
      else if (draw < (homeRate + awayRate) * perStep) state.danger = "2";
      return state.danger ? "dangerous" : "none";
    },
    markets(state): FeedMarket[] {
      const { scores, differences, home, draw, bothScore } = finalScores(state);
      let total = 0;
      for (const probability of scores.values()) total += probability;
      return [
        priceMarket(MARKET_TYPES.matchResult.id, "", [
          { id: "1", probability: home },
          { id: "X", probability: draw },
          { id: "2", probability: total - home - draw },
        ]),
        ...state.totals.map((line) => priceMarket(MARKET_TYPES.total.id, `total=${lineText(line)}`, totalFair(scores, line))),
        ...state.handicaps.map((line) => priceMarket(MARKET_TYPES.handicap.id, `hcp=${lineText(line, true)}`, handicapFair(differences, line))),
        priceMarket(MARKET_TYPES.bothTeamsToScore.id, "", [
          { id: "yes", probability: bothScore },
          { id: "no", probability: total - bothScore },
        ]),
      ];
    },
    settle(state, market) {
      const winner = state.home > state.away ? "1" : state.home === state.away ? "X" : "2";
      switch (market.marketTypeId) {
        case MARKET_TYPES.matchResult.id:
          return settleWinner(MARKET_TYPES.matchResult.outcomes, winner);
        case MARKET_TYPES.bothTeamsToScore.id:
          return settleWinner(MARKET_TYPES.bothTeamsToScore.outcomes, state.home > 0 && state.away > 0 ? "yes" : "no");
        case MARKET_TYPES.total.id:
        case MARKET_TYPES.handicap.id:
          return settleOnFinalScore(state, market, "goal sports");
        default:
          throw new Error(`goal sports offer no market type ${market.marketTypeId}`);
      }
    },
    liveState(state) {
      return liveStateOf(state, periodKey(state.period, format.unit), Math.floor(elapsed(state) / 1000));
    },
  };
}
