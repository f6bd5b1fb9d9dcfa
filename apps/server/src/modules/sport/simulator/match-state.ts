import type { FeedMarket, LiveState, MarketRef, SportOutcomeResult } from "@playfair/contracts/sport/feed-messages";
import type { Random } from "./random.ts";

/**
 * What a sport model knows of one match: the score, where the clock stands, and the fixed lines
 * its markets were opened on. Models mutate it step by step; the event script copies it whenever
 * it publishes, so what was published never changes afterwards.
 */
export type MatchState = {
  /** Ratings in [-1, 1]; `shift` is the pre-match drift of opinion (positive favours home). */
  homeRating: number;
  awayRating: number;
  shift: number;
  home: number;
  away: number;
  /** Finished periods (halves, quarters, sets, maps, rounds). */
  periodScores: [number, number][];
  /** Units (games, points, rounds) of the set or map in play. */
  current: [number, number];
  /** 1-based period in play. */
  period: number;
  /** Play time inside the period in play (breaks excluded). */
  periodElapsedMs: number;
  /** Time left of a break between periods; 0 while playing. */
  breakLeftMs: number;
  /** A dangerous moment of this side awaits its outcome at the next step. */
  danger: "1" | "2" | null;
  started: boolean;
  ended: boolean;
  /** Fights: who won ("draw" on a drawn decision) and in which round it ended. */
  winner: "1" | "2" | "draw" | null;
  finishRound: number | null;
  /** Races and outrights: the runners with their ratings, and the winners once decided (two or more: dead heat). */
  runners: { id: number; rating: number }[];
  winners: number[] | null;
  /** Lines fixed when the markets opened: totals and home handicaps. */
  totals: number[];
  handicaps: number[];
};

/** What one step of play did: the event script turns these into messages. */
export type Happening = "none" | "dangerous" | "calm" | "score" | "period" | "end";

export type SettledOutcome = { id: string; result: SportOutcomeResult; deadHeatFactor?: string };

export type SportModel = {
  /** Fills the lines and anything kind-specific into a fresh state. */
  open(state: MatchState): void;
  /** One step of `stepMs` of play. */
  advance(state: MatchState, random: Random, stepMs: number): Happening;
  markets(state: MatchState): FeedMarket[];
  /** Results of one market from the final state. */
  settle(state: MatchState, market: MarketRef): SettledOutcome[];
  liveState(state: MatchState): LiveState;
  /** The length of one step of play. */
  stepMs: number;
};

export function freshState(homeRating: number, awayRating: number, shift: number): MatchState {
  return {
    homeRating,
    awayRating,
    shift,
    home: 0,
    away: 0,
    periodScores: [],
    current: [0, 0],
    period: 1,
    periodElapsedMs: 0,
    breakLeftMs: 0,
    danger: null,
    started: false,
    ended: false,
    winner: null,
    finishRound: null,
    runners: [],
    winners: null,
    totals: [],
    handicaps: [],
  };
}

export function copyState(state: MatchState): MatchState {
  return {
    ...state,
    periodScores: state.periodScores.map(([home, away]) => [home, away] as [number, number]),
    current: [state.current[0], state.current[1]],
    runners: state.runners,
    winners: state.winners ? [...state.winners] : null,
  };
}

/** The rating gap as the models use it: home minus away plus the drift. */
export function edgeOf(state: MatchState): number {
  return state.homeRating - state.awayRating + state.shift;
}

export function specifierValue(specifiers: string, name: string): number {
  const match = new RegExp(`(?:^|\\|)${name}=([-+]?[0-9.]+)`).exec(specifiers);
  if (!match) throw new Error(`market specifiers "${specifiers}" lack ${name}`);
  return Number(match[1]);
}

const ORDINALS = ["1st", "2nd", "3rd"];

/** `1st_half`, `2nd_set`, `4th_quarter`, `map_3` ... the widget translates the key. */
export function periodKey(period: number, unit: string): string {
  if (unit === "map" || unit === "round" || unit === "game") return `${unit}_${period}`;
  return `${ORDINALS[period - 1] ?? `${period}th`}_${unit}`;
}
