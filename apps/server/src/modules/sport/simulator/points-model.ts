import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { FeedMarket } from "@playfair/contracts/sport/feed-messages";
import { edgeOf, periodKey, type Happening, type MatchState, type SportModel } from "./match-state.ts";
import { closePeriod, liveStateOf, scoreFor, settleOnFinalScore, stepBreak } from "./model-kit.ts";
import { lineText, normalCdf, priceMarket } from "./odds.ts";
import type { Random } from "./random.ts";

/**
 * Points sports (basketball, American football, handball ...): the final margin and total are
 * normal around what is on the board plus what the time left is expected to add, with spreads
 * narrowing as the clock runs. Half-point lines only, so no pushes; a tie at the end plays
 * overtime periods of the sport's own length (basketball's five minutes, baseball's whole extra
 * innings), and markets settle on the score including it.
 */

export type PointsFormat = {
  periods: number;
  periodMinutes: number;
  /** One overtime period: played while the score is level after the regular periods. */
  overtimeMinutes: number;
  breakMinutes: number;
  total: number;
  totalSd: number;
  marginSd: number;
  scale: number;
  unit: string;
  scoring: number;
};

const POINTS_FORMATS: Record<number, PointsFormat> = {
  67: { periods: 4, periodMinutes: 10, overtimeMinutes: 5, breakMinutes: 2, total: 162, totalSd: 15, marginSd: 12, scale: 14, unit: "quarter", scoring: 2 },
  200: { periods: 4, periodMinutes: 15, overtimeMinutes: 10, breakMinutes: 2, total: 44, totalSd: 12, marginSd: 13, scale: 12, unit: "quarter", scoring: 3 },
  201: { periods: 9, periodMinutes: 10, overtimeMinutes: 10, breakMinutes: 1, total: 9, totalSd: 4, marginSd: 4, scale: 3, unit: "inning", scoring: 1 },
  202: { periods: 2, periodMinutes: 30, overtimeMinutes: 10, breakMinutes: 10, total: 56, totalSd: 7, marginSd: 6, scale: 7, unit: "half", scoring: 1 },
  204: { periods: 2, periodMinutes: 40, overtimeMinutes: 20, breakMinutes: 10, total: 45, totalSd: 12, marginSd: 13, scale: 13, unit: "half", scoring: 3 },
  205: { periods: 2, periodMinutes: 40, overtimeMinutes: 10, breakMinutes: 10, total: 40, totalSd: 11, marginSd: 12, scale: 12, unit: "half", scoring: 2 },
  206: { periods: 2, periodMinutes: 90, overtimeMinutes: 10, breakMinutes: 20, total: 320, totalSd: 45, marginSd: 40, scale: 45, unit: "innings", scoring: 4 },
  214: { periods: 4, periodMinutes: 20, overtimeMinutes: 10, breakMinutes: 5, total: 165, totalSd: 25, marginSd: 28, scale: 30, unit: "quarter", scoring: 6 },
  335: { periods: 4, periodMinutes: 3, overtimeMinutes: 1.5, breakMinutes: 1, total: 162, totalSd: 15, marginSd: 12, scale: 14, unit: "quarter", scoring: 2 },
};
const DEFAULT_POINTS_FORMAT: PointsFormat = { periods: 2, periodMinutes: 20, overtimeMinutes: 10, breakMinutes: 5, total: 40, totalSd: 8, marginSd: 7, scale: 8, unit: "half", scoring: 1 };

const STEP_MS = 5_000;
const MAX_OVERTIMES = 3;

function poisson(random: Random, mean: number): number {
  let count = 0;
  let product = random.next();
  const limit = Math.exp(-mean);
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}

export function pointsModel(sportId: number): SportModel {
  const format = POINTS_FORMATS[sportId] ?? DEFAULT_POINTS_FORMAT;
  const periodMs = format.periodMinutes * 60_000;
  const totalMs = periodMs * format.periods;

  function expectedMargin(state: MatchState): number {
    return format.scale * edgeOf(state) + 0.1 * format.marginSd;
  }

  function timeLeft(state: MatchState): number {
    if (state.ended || state.period > format.periods) return 0;
    return Math.max(0, 1 - ((state.period - 1) * periodMs + state.periodElapsedMs) / totalMs);
  }

  return {
    stepMs: STEP_MS,
    open(state) {
      const totalStep = Math.max(1, Math.round(format.totalSd / 4));
      const totalLine = Math.round(format.total) + 0.5;
      state.totals = [totalLine - totalStep, totalLine, totalLine + totalStep];
      const spreadStep = Math.max(1, Math.round(format.marginSd / 4));
      const spread = -Math.round(expectedMargin(state)) + 0.5;
      state.handicaps = [spread - spreadStep, spread, spread + spreadStep];
    },
    advance(state, random, stepMs): Happening {
      if (state.ended) return "none";
      const breakStep = stepBreak(state, stepMs);
      if (breakStep) return breakStep;
      const overtime = state.period > format.periods;
      const length = overtime ? format.overtimeMinutes * 60_000 : periodMs;
      state.periodElapsedMs += stepMs;
      const margin = expectedMargin(state);
      const share = stepMs / totalMs / format.scoring;
      const homeUnits = poisson(random, ((format.total + margin) / 2) * share);
      const awayUnits = poisson(random, ((format.total - margin) / 2) * share);
      state.home += homeUnits * format.scoring;
      state.away += awayUnits * format.scoring;
      if (state.periodElapsedMs >= length) {
        state.periodElapsedMs = length;
        closePeriod(state);
        const lastRegular = state.period >= format.periods;
        if (lastRegular && state.home !== state.away) {
          state.ended = true;
          return "end";
        }
        if (lastRegular && state.period >= format.periods + MAX_OVERTIMES) {
          // Still level after the overtimes: a last score decides, as a shoot-out would.
          scoreFor(state, random.chance(0.5 + 0.1 * Math.sign(margin)) ? "1" : "2");
          state.ended = true;
          return "end";
        }
        state.breakLeftMs = format.breakMinutes * 60_000;
        return "period";
      }
      return homeUnits + awayUnits > 0 ? "score" : "none";
    },
    markets(state): FeedMarket[] {
      const left = timeLeft(state);
      const marginMean = state.home - state.away + expectedMargin(state) * left;
      const marginSd = Math.max(0.3, format.marginSd * Math.sqrt(left));
      const totalMean = state.home + state.away + format.total * left;
      const totalSd = Math.max(0.3, format.totalSd * Math.sqrt(left));
      const homeWins = state.ended ? Number(state.home > state.away) : 1 - normalCdf(-marginMean / marginSd);
      return [
        priceMarket(MARKET_TYPES.moneyline.id, "", [
          { id: "1", probability: homeWins },
          { id: "2", probability: 1 - homeWins },
        ]),
        ...state.totals.map((line) => {
          const over = 1 - normalCdf((line - totalMean) / totalSd);
          return priceMarket(MARKET_TYPES.total.id, `total=${lineText(line)}`, [
            { id: "over", probability: over },
            { id: "under", probability: 1 - over },
          ]);
        }),
        ...state.handicaps.map((line) => {
          const home = 1 - normalCdf((-line - marginMean) / marginSd);
          return priceMarket(MARKET_TYPES.handicap.id, `hcp=${lineText(line, true)}`, [
            { id: "1", probability: home },
            { id: "2", probability: 1 - home },
          ]);
        }),
      ];
    },
    settle(state, market) {
      return settleOnFinalScore(state, market, "points sports");
    },
    liveState(state) {
      const overtime = state.period > format.periods;
      const played = Math.min(state.period - 1, format.periods) * periodMs + (overtime ? 0 : state.periodElapsedMs);
      return liveStateOf(state, overtime ? "overtime" : periodKey(state.period, format.unit), Math.floor(Math.min(played, totalMs) / 1000));
    },
  };
}
