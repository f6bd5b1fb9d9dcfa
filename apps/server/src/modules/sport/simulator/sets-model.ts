import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { FeedMarket } from "@playfair/contracts/sport/feed-messages";
import { addTo, handicapFair, settleWinner, totalFair, type Distribution } from "./market-math.ts";
import { edgeOf, periodKey, specifierValue, type Happening, type MatchState, type SportModel } from "./match-state.ts";
import { liveStateOf, scoreFor, settleOnFinalScore, stepBreak } from "./model-kit.ts";
import { lineText, priceMarket } from "./odds.ts";

/**
 * Sets and maps (tennis, volleyball, table tennis, e-sports ...): every unit (a game, a rally, a
 * round) goes to the home side with one probability from the rating gap; a set is first to
 * `units` (by two where the sport says so, with a tie-break where it has one, and no further than
 * `cap` where the sport stops the deuce), the deciding set first to `decidingUnits` where the
 * sport shortens it (volleyball's fifth set to 15), and the match first to a majority of `bestOf`. Exact dynamic programming prices the match, the set in play, total
 * sets and set handicaps; a set or match point is a dangerous moment.
 */

export type SetsFormat = {
  bestOf: number;
  units: number;
  /** The deciding set's target where it differs from `units`. */
  decidingUnits?: number;
  winByTwo: boolean;
  /** The score a won-by-two set stops at: whoever reaches it wins (badminton's 30-29). */
  cap?: number;
  tiebreakAt: number | null;
  unitSeconds: number;
  scale: number;
  unit: string;
};

const SETS_FORMATS: Record<number, SetsFormat> = {
  68: { bestOf: 3, units: 6, winByTwo: true, tiebreakAt: 6, unitSeconds: 240, scale: 0.12, unit: "set" },
  69: { bestOf: 5, units: 25, decidingUnits: 15, winByTwo: true, tiebreakAt: null, unitSeconds: 30, scale: 0.06, unit: "set" },
  203: { bestOf: 5, units: 11, winByTwo: true, tiebreakAt: null, unitSeconds: 20, scale: 0.08, unit: "set" },
  208: { bestOf: 3, units: 21, winByTwo: true, cap: 30, tiebreakAt: null, unitSeconds: 25, scale: 0.06, unit: "set" },
  209: { bestOf: 5, units: 3, winByTwo: false, tiebreakAt: null, unitSeconds: 180, scale: 0.12, unit: "set" },
  210: { bestOf: 9, units: 1, winByTwo: false, tiebreakAt: null, unitSeconds: 900, scale: 0.3, unit: "frame" },
  213: { bestOf: 3, units: 21, decidingUnits: 15, winByTwo: true, tiebreakAt: null, unitSeconds: 30, scale: 0.06, unit: "set" },
  336: { bestOf: 3, units: 6, winByTwo: true, tiebreakAt: 6, unitSeconds: 20, scale: 0.12, unit: "set" },
};
/** E-sports formats by category (the spec's four titles). */
const MAPS_FORMATS: Record<number, SetsFormat> = {
  1534: { bestOf: 3, units: 13, winByTwo: true, tiebreakAt: null, unitSeconds: 100, scale: 0.08, unit: "map" },
  1330: { bestOf: 3, units: 13, winByTwo: true, tiebreakAt: null, unitSeconds: 110, scale: 0.08, unit: "map" },
  1533: { bestOf: 3, units: 1, winByTwo: false, tiebreakAt: null, unitSeconds: 2400, scale: 0.3, unit: "map" },
  1307: { bestOf: 5, units: 1, winByTwo: false, tiebreakAt: null, unitSeconds: 600, scale: 0.25, unit: "game" },
};
const DEFAULT_SETS_FORMAT: SetsFormat = { bestOf: 3, units: 11, winByTwo: true, tiebreakAt: null, unitSeconds: 30, scale: 0.08, unit: "set" };

const STEP_MS = 5_000;
const SET_BREAK_MS = 120_000;

export function setsFormatOf(sportId: number, categoryId: number): SetsFormat {
  return MAPS_FORMATS[categoryId] ?? SETS_FORMATS[sportId] ?? DEFAULT_SETS_FORMAT;
}

export function setsModel(format: SetsFormat): SportModel {
  const toWin = (format.bestOf + 1) / 2;
  const unitMs = format.unitSeconds * 1000;

  function unitChance(state: MatchState): number {
    return Math.min(0.95, Math.max(0.05, 0.5 + format.scale * edgeOf(state)));
  }

  /** The units a set is played to: the deciding set may be shorter. */
  function targetOf(deciding: boolean): number {
    return deciding ? (format.decidingUnits ?? format.units) : format.units;
  }

  /** Whether the set being played is the last one possible (each side one set short). */
  function isDeciding(home: number, away: number): boolean {
    return home === toWin - 1 && away === toWin - 1;
  }

  function setWon(home: number, away: number, target: number): "1" | "2" | null {
    const lead = format.winByTwo ? 2 : 1;
    if (format.tiebreakAt !== null && home + away === format.tiebreakAt * 2 + 1) return home > away ? "1" : "2";
    if (format.cap !== undefined && Math.max(home, away) >= format.cap) return home > away ? "1" : "2";
    if (home >= target && home - away >= lead) return "1";
    if (away >= target && away - home >= lead) return "2";
    return null;
  }

  /** The home side's chance of winning a set to `target` from a units score. */
  function setChance(unit: number, home: number, away: number, target: number, memo: Map<number, number>): number {
    const decided = setWon(home, away, target);
    if (decided) return decided === "1" ? 1 : 0;
    if (format.tiebreakAt !== null && home === format.tiebreakAt && away === format.tiebreakAt) return unit;
    // An endless deuce: whoever first wins two units in a row (a capped one is walked exactly).
    if (format.winByTwo && format.tiebreakAt === null && format.cap === undefined && home === away && home >= target - 1) return (unit * unit) / (unit * unit + (1 - unit) * (1 - unit));
    const key = target * 1_048_576 + home * 1024 + away;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const chance = unit * setChance(unit, home + 1, away, target, memo) + (1 - unit) * setChance(unit, home, away + 1, target, memo);
    memo.set(key, chance);
    return chance;
  }

  /** Final set scores from the sets won so far, the set in play at `current`, later sets fresh. */
  function finalSets(state: MatchState, memo: Map<number, number>): [Distribution, Distribution] {
    const unit = unitChance(state);
    const fresh = setChance(unit, 0, 0, targetOf(false), memo);
    const freshDeciding = setChance(unit, 0, 0, targetOf(true), memo);
    const totals: Distribution = new Map();
    const differences: Distribution = new Map();
    const walk = (home: number, away: number, probability: number, inPlay: boolean) => {
      if (home === toWin || away === toWin) {
        addTo(totals, home + away, probability);
        addTo(differences, home - away, probability);
        return;
      }
      const deciding = isDeciding(home, away);
      const chance = inPlay ? setChance(unit, state.current[0], state.current[1], targetOf(deciding), memo) : deciding ? freshDeciding : fresh;
      walk(home + 1, away, probability * chance, false);
      walk(home, away + 1, probability * (1 - chance), false);
    };
    walk(state.home, state.away, 1, !state.ended);
    return [totals, differences];
  }

  function totalLines(): number[] {
    const lines: number[] = [];
    for (let line = toWin + 0.5; line < format.bestOf; line += 1) lines.push(line);
    return lines.slice(0, 3);
  }

  return {
    stepMs: STEP_MS,
    open(state) {
      state.totals = totalLines();
      state.handicaps = [-1.5, 1.5];
    },
    advance(state, random, stepMs): Happening {
      if (state.ended) return "none";
      // The set just won already counted the next period, so the break only runs out.
      const breakStep = stepBreak(state, stepMs, { opensPeriod: false });
      if (breakStep) return breakStep;
      const pending = state.danger;
      if (!pending && !random.chance(stepMs / unitMs)) return "none";
      const unit = unitChance(state);
      const target = targetOf(isDeciding(state.home, state.away));
      if (!pending) {
        // A unit that can end the set is a set point (or match point): markets stop before it.
        const homePoint = setWon(state.current[0] + 1, state.current[1], target) === "1";
        const awayPoint = setWon(state.current[0], state.current[1] + 1, target) === "2";
        if ((homePoint || awayPoint) && random.chance(0.6)) {
          state.danger = homePoint ? "1" : "2";
          return "dangerous";
        }
      }
      state.danger = null;
      if (random.chance(unit)) state.current[0] += 1;
      else state.current[1] += 1;
      const winner = setWon(state.current[0], state.current[1], target);
      if (!winner) return "score";
      state.periodScores.push([state.current[0], state.current[1]]);
      state.current = [0, 0];
      scoreFor(state, winner);
      if (state.home === toWin || state.away === toWin) {
        state.ended = true;
        return "end";
      }
      state.period += 1;
      state.breakLeftMs = SET_BREAK_MS;
      return "period";
    },
    markets(state): FeedMarket[] {
      // One table of set chances per pricing: every market reads the same units score.
      const memo = new Map<number, number>();
      const [totals, differences] = finalSets(state, memo);
      let homeMatch = 0;
      for (const [difference, probability] of differences) if (difference > 0) homeMatch += probability;
      const unit = unitChance(state);
      const periods: FeedMarket[] = [];
      for (let period = 1; period <= state.period; period++) {
        const specifiers = `period=${period}`;
        const finished = period <= state.periodScores.length;
        const home = finished ? 0.5 : setChance(unit, state.current[0], state.current[1], targetOf(isDeciding(state.home, state.away)), memo);
        const fair = [
          { id: "1", probability: home },
          { id: "2", probability: 1 - home },
        ];
        periods.push(priceMarket(MARKET_TYPES.periodWinner.id, specifiers, fair, finished ? "deactivated" : "active"));
      }
      return [
        priceMarket(MARKET_TYPES.moneyline.id, "", [
          { id: "1", probability: homeMatch },
          { id: "2", probability: 1 - homeMatch },
        ]),
        ...state.totals.map((line) => priceMarket(MARKET_TYPES.total.id, `total=${lineText(line)}`, totalFair(totals, line))),
        ...state.handicaps.map((line) => priceMarket(MARKET_TYPES.handicap.id, `hcp=${lineText(line, true)}`, handicapFair(differences, line))),
        ...periods,
      ];
    },
    settle(state, market) {
      switch (market.marketTypeId) {
        case MARKET_TYPES.periodWinner.id: {
          const [home, away] = state.periodScores[specifierValue(market.specifiers, "period") - 1] ?? [0, 0];
          return settleWinner(MARKET_TYPES.periodWinner.outcomes, home > away ? "1" : "2");
        }
        default:
          return settleOnFinalScore(state, market, "set sports");
      }
    },
    liveState(state) {
      return liveStateOf(state, periodKey(state.period, format.unit), null);
    },
  };
}
