import type { FloatSource } from "../bytes.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { pick, requireRecord } from "./params.ts";

/**
 * A 5x3 video slot, 10 fixed lines. Each reel stops at floor(float x strip length) (one float per
 * reel, left to right) and shows that stop and the two below it, wrapping around the strip.
 * Lines pay left to right for 3, 4 or 5 of a symbol; the wild (reels 2-4 only) stands for any
 * symbol but the scatter. A scatter on each of reels 1, 3 and 5 pays 5x the stake and awards 10
 * free spins, played with the next floats of the same stream at double pay; 3 scatters in a free
 * spin award 10 more, up to 100 free spins in all. The exact RTP is enumerated in slot-rtp.ts.
 */
export const SLOT_SYMBOLS = ["W", "S", "crown", "gem", "bell", "A", "K", "Q", "J"] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
export const SLOT_ROWS = 3;

export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  ["A", "gem", "J", "bell", "Q", "gem", "A", "J", "crown", "Q", "K", "Q", "J", "K", "bell", "K", "J", "A", "K", "gem", "S", "A", "J", "bell", "A", "Q", "K", "S", "Q", "crown", "J", "bell"],
  ["bell", "K", "Q", "A", "J", "A", "J", "W", "K", "Q", "J", "Q", "bell", "K", "gem", "crown", "gem", "K", "bell", "gem", "A", "bell", "J", "Q", "A", "J", "Q", "crown", "W", "J", "A", "K"],
  ["A", "W", "gem", "K", "W", "J", "Q", "S", "bell", "K", "A", "K", "S", "A", "bell", "J", "gem", "Q", "K", "bell", "Q", "J", "crown", "bell", "A", "K", "A", "J", "crown", "Q", "J", "gem"],
  ["Q", "bell", "J", "Q", "K", "A", "J", "A", "K", "Q", "gem", "Q", "W", "J", "K", "J", "W", "crown", "bell", "A", "bell", "K", "J", "crown", "A", "bell", "Q", "J", "K", "gem", "A", "gem"],
  ["A", "J", "A", "crown", "bell", "K", "J", "Q", "gem", "J", "K", "A", "Q", "bell", "J", "gem", "J", "gem", "A", "Q", "crown", "bell", "K", "S", "Q", "A", "K", "Q", "bell", "J", "K", "S"],
];

/** Rows (0 top, 2 bottom) a line crosses on reels 1 to 5. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** Line pays for 3, 4 and 5 of a kind, in line bets (the stake is split evenly over the lines). */
export const SLOT_LINE_PAYS: Readonly<Record<Exclude<SlotSymbol, "W" | "S">, readonly [number, number, number]>> = {
  crown: [50, 250, 1000],
  gem: [30, 120, 500],
  bell: [20, 80, 300],
  A: [12, 40, 150],
  K: [10, 30, 120],
  Q: [6, 20, 80],
  J: [4, 15, 60],
};
export const SLOT_SCATTER_REELS: readonly number[] = [0, 2, 4];
/** Hundredths of the stake for a scatter on every scatter reel. */
export const SLOT_SCATTER_PAY = 500;
export const SLOT_FREE_SPINS = 10;
export const SLOT_MAX_FREE_SPINS = 100;
export const SLOT_FREE_SPIN_FACTOR = 2;
/**
 * The declared RTP: the exact value slotExactRtp() enumerates (0.960468...), rounded down to a
 * hundredth of a percent.
 */
export const SLOT_RTP_PERCENT = "96.04";

export interface SlotLineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** Hundredths of the stake, before the free-spin factor. */
  pay: number;
}
export interface SlotSpin {
  stops: number[];
  /** window[reel][row] */
  window: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatterPay: number;
  freeSpinsAwarded: number;
  /** 1 in the base game, 2 in free spins. */
  factor: number;
  /** Hundredths of the stake this spin pays, factor included. */
  total: number;
}
export interface SlotOutcome {
  spins: SlotSpin[];
  payoutMultiplier: Multiplier;
}
/** The stake is the only choice: no parameters. */
export type SlotParams = Record<string, never>;

export function parseSlotParams(input: unknown): SlotParams {
  requireRecord(input);
  return {};
}

export function reelWindow(reel: number, stop: number): SlotSymbol[] {
  const strip = SLOT_REELS[reel] ?? [];
  return Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length] as SlotSymbol);
}

/** What a line of five symbols pays, in line bets: the first symbol that is not wild sets it. */
export function linePay(symbols: readonly SlotSymbol[]): { symbol: SlotSymbol; count: number; pay: number } | null {
  const symbol = symbols.find((item) => item !== "W");
  if (symbol === undefined || symbol === "S") return null;
  let count = 0;
  while (count < symbols.length && (symbols[count] === symbol || symbols[count] === "W")) count += 1;
  if (count < 3) return null;
  return { symbol, count, pay: SLOT_LINE_PAYS[symbol][count - 3] ?? 0 };
}

export function showsScatter(reel: number, stop: number): boolean {
  return SLOT_SCATTER_REELS.includes(reel) && reelWindow(reel, stop).includes("S");
}

export function settleSpin(stops: number[], factor: number): SlotSpin {
  const window = stops.map((stop, reel) => reelWindow(reel, stop));
  const lineWins: SlotLineWin[] = [];
  SLOT_LINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => window[reel]?.[row] as SlotSymbol));
    // A line bet is a tenth of the stake: pay x 100 hundredths / 10 lines.
    if (win) lineWins.push({ line: line + 1, ...win, pay: (win.pay * 100) / SLOT_LINES.length });
  });
  const triggered = SLOT_SCATTER_REELS.every((reel) => showsScatter(reel, stops[reel] ?? 0));
  const scatterPay = triggered ? SLOT_SCATTER_PAY : 0;
  const total = (lineWins.reduce((sum, win) => sum + win.pay, 0) + scatterPay) * factor;
  return { stops, window, lineWins, scatterPay, freeSpinsAwarded: triggered ? SLOT_FREE_SPINS : 0, factor, total };
}

function spin(stream: FloatSource, factor: number): SlotSpin {
  return settleSpin(
    SLOT_REELS.map((strip) => pick(stream.next(), strip.length)),
    factor,
  );
}

export function playSlot(stream: FloatSource, _params: SlotParams = {}): SlotOutcome {
  const spins = [spin(stream, 1)];
  let awarded = spins[0]?.freeSpinsAwarded ?? 0;
  for (let played = 0; played < awarded; played += 1) {
    const free = spin(stream, SLOT_FREE_SPIN_FACTOR);
    // Awards past the cap are cut to it, and the spin's pay stays.
    const granted = Math.min(free.freeSpinsAwarded, SLOT_MAX_FREE_SPINS - awarded);
    spins.push({ ...free, freeSpinsAwarded: granted });
    awarded += granted;
  }
  return { spins, payoutMultiplier: multiplierFromUnits(spins.reduce((sum, item) => sum + item.total, 0), 2) };
}
