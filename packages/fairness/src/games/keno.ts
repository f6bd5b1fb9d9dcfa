import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { pickDistinct } from "./draw.ts";
import { requireDistinctIntegers, requireOneOf, requireRecord } from "./params.ts";
import { KENO_TABLES } from "./keno-tables.ts";

/**
 * Keno: 10 of the numbers 1-40 are drawn, one float at a time from the numbers not yet drawn
 * (floor(float x remaining) into them in ascending order). The player picks 1 to 10 numbers and
 * is paid by the number of hits; every risk level's row pays exactly 99%.
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RTP = ratio(99n, 100n);
export const KENO_RISKS = ["low", "medium", "high"] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

export interface KenoParams {
  /** The player's numbers, 1 to 40. */
  picks: number[];
  risk: KenoRisk;
}
export interface KenoOutcome {
  /** In the order drawn. */
  drawn: number[];
  hits: number[];
  payoutMultiplier: Multiplier;
}

export function kenoPaytable(risk: KenoRisk, picks: number): readonly number[] {
  const row = KENO_TABLES[risk][picks - 1];
  if (row === undefined) throw new RangeError(`no keno paytable for ${picks} picks`);
  return row;
}

export function parseKenoParams(input: unknown): KenoParams {
  const record = requireRecord(input);
  return {
    picks: requireDistinctIntegers(record.picks, "picks", 1, KENO_NUMBERS, 1, KENO_MAX_PICKS),
    risk: requireOneOf(record.risk, "risk", KENO_RISKS),
  };
}

export function kenoDraw(stream: FloatSource): number[] {
  return pickDistinct(stream, KENO_NUMBERS, KENO_DRAWN).map((index) => index + 1);
}

export function settleKeno(drawn: number[], params: KenoParams): KenoOutcome {
  const hits = params.picks.filter((number) => drawn.includes(number));
  return { drawn, hits, payoutMultiplier: multiplierFromUnits(kenoPaytable(params.risk, params.picks.length)[hits.length] ?? 0, 2) };
}

export function playKeno(stream: FloatSource, params: KenoParams): KenoOutcome {
  return settleKeno(kenoDraw(stream), params);
}
