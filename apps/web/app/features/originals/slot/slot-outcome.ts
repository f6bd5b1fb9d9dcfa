import { BIG_WIN_MULTIPLIER } from "@playfair/contracts/game/play";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { reelWindow, SLOT_LINES, SLOT_REELS, SLOT_SCATTER_REELS, type SlotLineWin, type SlotSpin, type SlotSymbol } from "@playfair/fairness/games/slot";

// Starfall's round as the reels play it back. The server settles the whole round (the paid spin
// and any free spins) in one answer; these pure helpers turn that answer into what each reel
// stops on, which cells and lines light up, and the free-spins sequence with its running total.
// The money shown as the round's win is always the server's payout.

export type SlotRoundOutcome = { spins: SlotSpin[]; payoutMultiplier: string };

/** A cell of the 5x3 window: reel 0-4 left to right, row 0-2 top to bottom. */
export type Cell = `${number}-${number}`;
export const cellOf = (reel: number, row: number): Cell => `${reel}-${row}`;

/** What each reel shows when it stops: [reel][row], from the server's stops on our copy of the strips. */
export function reelStops(spin: Pick<SlotSpin, "stops">): SlotSymbol[][] {
  return SLOT_REELS.map((_, reel) => reelWindow(reel, spin.stops[reel] ?? 0));
}

/** The cells a line win covers: its first `count` reels along the line's rows. */
export function lineCells(win: Pick<SlotLineWin, "line" | "count">): Cell[] {
  const rows = SLOT_LINES[win.line - 1] ?? [];
  return rows.slice(0, win.count).map((row, reel) => cellOf(reel, row));
}

/** Every cell that lights up: the winning lines' symbols and, when they paid, the scatters. */
export function winningCells(spin: SlotSpin): Set<Cell> {
  const cells = new Set<Cell>(spin.lineWins.flatMap(lineCells));
  if (spin.scatterPay > 0) {
    const window = reelStops(spin);
    for (const reel of SLOT_SCATTER_REELS) window[reel]?.forEach((symbol, row) => symbol === "S" && cells.add(cellOf(reel, row)));
  }
  return cells;
}

/**
 * A share of the stake in hundredths (what the engine reports per line and per spin) as an amount,
 * rounded down, for display beside a line or a free spin.
 */
export function hundredthsOfStake(stake: string, hundredths: number, factor: number, subunitToUnit: string): string {
  const minor = (toMinorUnits(stake, subunitToUnit) * BigInt(Math.round(hundredths * 100)) * BigInt(factor)) / 10_000n;
  return fromMinorUnits(minor, subunitToUnit);
}

export type FeatureStep = {
  /** 0 for the paid spin, then 1, 2... for the free spins. */
  index: number;
  spin: SlotSpin;
  /** Free spins awarded so far, retriggers included (0 while in the paid spin without a trigger). */
  awarded: number;
  /** Hundredths of the stake won so far in the free spins, this one included. */
  featureTotal: number;
};

/** The round as a sequence: the paid spin, then each free spin with the counter and the running total. */
export function featureSteps(outcome: SlotRoundOutcome): FeatureStep[] {
  let awarded = 0;
  let featureTotal = 0;
  return outcome.spins.map((spin, index) => {
    if (index > 0) featureTotal += spin.total;
    awarded += spin.freeSpinsAwarded;
    return { index, spin, awarded, featureTotal };
  });
}

export type Celebration = "win" | "big" | null;

/** A celebration only when the round returns more than the stake; a big one from the big-win multiplier up. */
export function celebrationOf(stake: string, payout: string, subunitToUnit: string): Celebration {
  const staked = toMinorUnits(stake, subunitToUnit);
  const paid = toMinorUnits(payout, subunitToUnit);
  if (paid <= staked) return null;
  return paid >= staked * BigInt(BIG_WIN_MULTIPLIER) ? "big" : "win";
}
