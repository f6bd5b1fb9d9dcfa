import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { pick, requireInteger, requireOneOf, requireRecord } from "./params.ts";
import { PLINKO_TABLES } from "./plinko-tables.ts";

/**
 * Plinko: one float per row, floor(float x 2) is 0 (left) or 1 (right); the slot is the number of
 * rights, so slot k has probability C(rows, k) / 2^rows. Each risk level's table pays exactly 99%.
 */
export const PLINKO_RTP = ratio(99n, 100n);
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RISKS = ["low", "medium", "high"] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}
export interface PlinkoOutcome {
  /** 0 left or 1 right, one per row: the ball's path. */
  path: number[];
  slot: number;
  payoutMultiplier: Multiplier;
}

export function plinkoTable(params: PlinkoParams): readonly number[] {
  const table = (PLINKO_TABLES[params.risk] as Record<number, readonly number[]>)[params.rows];
  if (table === undefined) throw new RangeError(`no plinko table for ${params.rows} rows`);
  return table;
}

export function parsePlinkoParams(input: unknown): PlinkoParams {
  const record = requireRecord(input);
  return {
    rows: requireInteger(record.rows, "rows", PLINKO_MIN_ROWS, PLINKO_MAX_ROWS),
    risk: requireOneOf(record.risk, "risk", PLINKO_RISKS),
  };
}

export function settlePlinko(path: number[], params: PlinkoParams): PlinkoOutcome {
  const slot = path.reduce((sum, step) => sum + step, 0);
  return { path, slot, payoutMultiplier: multiplierFromUnits(plinkoTable(params)[slot] ?? 0, 2) };
}

export function playPlinko(stream: FloatSource, params: PlinkoParams): PlinkoOutcome {
  return settlePlinko(
    Array.from({ length: params.rows }, () => pick(stream.next(), 2)),
    params,
  );
}
