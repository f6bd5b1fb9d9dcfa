import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import type { LiveState, MarketRef } from "@playfair/contracts/sport/feed-messages";
import { settleHandicap, settleTotal, settleWinner } from "./market-math.ts";
import { specifierValue, type Happening, type MatchState, type SettledOutcome } from "./match-state.ts";
import type { Random } from "./random.ts";

// The steps every scored sport model takes alike: breaks between periods, a dangerous moment's
// resolution, the live state the widget shows, and the markets settled on the final score. Each
// model keeps what its sport does differently; a change here changes every model's stream.

/**
 * One step of a break between periods, or null when no break runs and play goes on. A model that
 * counts the next period when the last one closes (sets) passes `opensPeriod: false`; the others
 * start the next period's clock when the break ends.
 */
export function stepBreak(state: MatchState, stepMs: number, { opensPeriod = true } = {}): Happening | null {
  if (state.breakLeftMs <= 0) return null;
  state.breakLeftMs -= stepMs;
  if (state.breakLeftMs > 0) return "none";
  state.breakLeftMs = 0;
  if (opensPeriod) {
    state.period += 1;
    state.periodElapsedMs = 0;
  }
  return "period";
}

/**
 * The dangerous moment awaiting its outcome ends at this step: the side that had it converts it
 * with chance `conversion`, or play calms. Null when no moment is pending (no random draw then,
 * so the stream stays the same).
 */
export function resolveDanger(state: MatchState, random: Random, conversion: number): "1" | "2" | "calm" | null {
  const side = state.danger;
  if (!side) return null;
  state.danger = null;
  return random.chance(conversion) ? side : "calm";
}

export function scoreFor(state: MatchState, side: "1" | "2"): void {
  if (side === "1") state.home += 1;
  else state.away += 1;
}

/** Records the period just played as the score gained in it. */
export function closePeriod(state: MatchState): void {
  const before = state.periodScores.reduce(([home, away], [periodHome, periodAway]) => [home + periodHome, away + periodAway], [0, 0]);
  state.periodScores.push([state.home - before[0]!, state.away - before[1]!]);
}

/** The live state from the match state; `playing` names the phase while the clock runs (`1st_half`, `overtime` ...). */
export function liveStateOf(state: MatchState, playing: string, clockSeconds: number | null): LiveState {
  const phase = state.ended ? "ended" : !state.started ? "not_started" : state.breakLeftMs > 0 ? "break" : playing;
  return {
    homeScore: state.home,
    awayScore: state.away,
    periodScores: state.periodScores.map(([home, away]) => [home, away] as [number, number]),
    phase,
    clockSeconds,
  };
}

/**
 * Results of the markets that settle on the final score alike in every scored sport: the two-way
 * winner (no draws: the models play a tie off), the total and the home handicap.
 */
export function settleOnFinalScore(state: MatchState, market: MarketRef, sports: string): SettledOutcome[] {
  switch (market.marketTypeId) {
    case MARKET_TYPES.moneyline.id:
      return settleWinner(MARKET_TYPES.moneyline.outcomes, state.home > state.away ? "1" : "2");
    case MARKET_TYPES.total.id:
      return settleTotal(state.home + state.away, specifierValue(market.specifiers, "total"));
    case MARKET_TYPES.handicap.id:
      return settleHandicap(state.home - state.away, specifierValue(market.specifiers, "hcp"));
    default:
      throw new Error(`${sports} offer no market type ${market.marketTypeId}`);
  }
}
