import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { pickDistinct } from "./draw.ts";
import { InvalidBetError, choose, requireDistinctIntegers, requireInteger, requireRecord } from "./params.ts";

/**
 * Mines: a 5x5 board (tiles 0-24, row by row). The mines are placed one float at a time among the
 * tiles still free (floor(float x remaining)), before the first reveal. After k safe reveals with
 * m mines the player may cash out at RTP x C(25, k) / C(25 - m, k), rounded down to 2 decimals:
 * the inverse of the chance of k safe reveals, times 99%.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_RTP = ratio(99n, 100n);

export interface MinesParams {
  mines: number;
  /** Tiles in the order revealed; a round ends at the first mine or when the player cashes out. */
  reveals: number[];
}
export interface MinesStep {
  tile: number;
  safe: boolean;
  /** The cash-out multiplier after this reveal; "0" once a mine is hit. */
  multiplier: Multiplier;
}
export interface MinesOutcome {
  /** Mine positions in the order placed. */
  minePositions: number[];
  steps: MinesStep[];
  payoutMultiplier: Multiplier;
}

/** Cash-out multiplier after `safeReveals` safe tiles, in hundredths. */
export function minesMultiplierHundredths(mines: number, safeReveals: number): bigint {
  const numerator = 100n * MINES_RTP.numerator * choose(MINES_TILES, safeReveals);
  return numerator / (MINES_RTP.denominator * choose(MINES_TILES - mines, safeReveals));
}

export function minesMultiplier(mines: number, safeReveals: number): Multiplier {
  return multiplierFromUnits(minesMultiplierHundredths(mines, safeReveals), 2);
}

export function parseMinesParams(input: unknown): MinesParams {
  const record = requireRecord(input);
  const mines = requireInteger(record.mines, "mines", MINES_MIN, MINES_MAX);
  return { mines, reveals: requireDistinctIntegers(record.reveals, "reveals", 0, MINES_TILES - 1, 1, MINES_TILES - mines) };
}

export function placeMines(stream: FloatSource, mines: number): number[] {
  return pickDistinct(stream, MINES_TILES, mines);
}

export function settleMines(minePositions: number[], params: MinesParams): MinesOutcome {
  const steps: MinesStep[] = [];
  for (const tile of params.reveals) {
    if (steps.at(-1)?.safe === false) throw new InvalidBetError("no reveal follows a mine");
    const safe = !minePositions.includes(tile);
    steps.push({ tile, safe, multiplier: safe ? minesMultiplier(params.mines, steps.length + 1) : "0" });
  }
  return { minePositions, steps, payoutMultiplier: steps.at(-1)?.multiplier ?? "0" };
}

export function playMines(stream: FloatSource, params: MinesParams): MinesOutcome {
  return settleMines(placeMines(stream, params.mines), params);
}
