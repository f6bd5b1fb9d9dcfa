import { createHmac } from "node:crypto";

// The sandbox providers' game math: three simple models with written paytables and an exact RTP
// each (math.test.ts enumerates every outcome and compares). Outcomes come from a deterministic
// stream, HMAC-SHA256(session seed, "<round>:<draw>"): reproducible for support and tests, but not
// provably fair (the seed is never committed to a player); our own originals are the provably-fair
// games (ADR 018).

export const MATH_MODELS = ["slot-classic", "slot-cascade", "table-roulette"] as const;
export type MathModel = (typeof MATH_MODELS)[number];

export function isMathModel(value: string): value is MathModel {
  return (MATH_MODELS as readonly string[]).includes(value);
}

/** An exact fraction, for declared RTPs. */
export type Fraction = { numerator: bigint; denominator: bigint };

export type RoundOutcome = {
  /** The payout as a multiple of the stake (a decimal string; "0" for a loss). */
  multiplier: string;
  /** What the game shows: the reels' symbols, or the roulette pocket. */
  symbols: string[];
  /** Cascades of slot-cascade; the pocket's colour of table-roulette. */
  detail: string;
};

/** Draws integers uniformly enough for a sandbox: a 32-bit slice of an HMAC per draw, scaled down. */
export function drawStream(seed: string, round: number): (range: number) => number {
  let draw = 0;
  return (range) => {
    const bytes = createHmac("sha256", seed).update(`${round}:${draw++}`).digest();
    return Math.floor((bytes.readUInt32BE(0) / 2 ** 32) * range);
  };
}

// --- slot-classic: three reels, one line ---------------------------------------------------------

/** Each reel's symbols with their weight out of 20 (the reels are alike and independent). */
export const CLASSIC_REEL: readonly { symbol: string; weight: number }[] = [
  { symbol: "seven", weight: 1 },
  { symbol: "bell", weight: 2 },
  { symbol: "bar", weight: 3 },
  { symbol: "cherry", weight: 4 },
  { symbol: "lemon", weight: 10 },
];
const CLASSIC_WEIGHT = 20;

/** Three of a kind pays this multiple; a cherry on the first reel alone (not three) pays 0.5. */
export const CLASSIC_THREE_OF_A_KIND: Readonly<Record<string, string>> = { seven: "500", bell: "100", bar: "50", cherry: "20", lemon: "3" };
export const CLASSIC_FIRST_CHERRY = "0.5";
/** 7698 / 8000 = 96.225 %. */
export const CLASSIC_RTP: Fraction = { numerator: 7698n, denominator: 8000n };

export function classicMultiplier(symbols: readonly string[]): string {
  const [first, second, third] = symbols;
  if (first === second && second === third) return CLASSIC_THREE_OF_A_KIND[first!] ?? "0";
  return first === "cherry" ? CLASSIC_FIRST_CHERRY : "0";
}

function classicSymbol(draw: number): string {
  let left = draw;
  for (const { symbol, weight } of CLASSIC_REEL) {
    if (left < weight) return symbol;
    left -= weight;
  }
  return CLASSIC_REEL.at(-1)!.symbol;
}

// --- slot-cascade: wins that chain -----------------------------------------------------------------

/** Each cascade follows the previous one with probability 1/2, at most this many. */
export const CASCADE_MAX = 8;
/** The payout by number of cascades (index = cascades). */
export const CASCADE_PAYS: readonly string[] = ["0", "0.4", "1", "2", "3", "6", "12", "25", "60"];
/** 0.4/4 + 1/8 + 2/16 + 3/32 + 6/64 + 12/128 + 25/256 + 60/256 = 0.96328125. */
export const CASCADE_RTP: Fraction = { numerator: 24_660n, denominator: 25_600n };
const GEMS = ["ruby", "emerald", "sapphire", "topaz", "amethyst"];

// --- table-roulette: European wheel, even-money colour bets ----------------------------------------

export const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** Red or black pays 2x on 18 of 37 pockets: 36 / 37 = 97.297 %. */
export const ROULETTE_RTP: Fraction = { numerator: 36n, denominator: 37n };
export const ROULETTE_CHOICES = ["red", "black"] as const;
export type RouletteChoice = (typeof ROULETTE_CHOICES)[number];

export function pocketColour(pocket: number): "red" | "black" | "green" {
  if (pocket === 0) return "green";
  return ROULETTE_RED.has(pocket) ? "red" : "black";
}

/** One round of a model from the session's stream. */
export function playModel(model: MathModel, draw: (range: number) => number, choice: RouletteChoice = "red"): RoundOutcome {
  switch (model) {
    case "slot-classic": {
      const symbols = [classicSymbol(draw(CLASSIC_WEIGHT)), classicSymbol(draw(CLASSIC_WEIGHT)), classicSymbol(draw(CLASSIC_WEIGHT))];
      return { multiplier: classicMultiplier(symbols), symbols, detail: "" };
    }
    case "slot-cascade": {
      let cascades = 0;
      while (cascades < CASCADE_MAX && draw(2) === 1) cascades += 1;
      const symbols = Array.from({ length: 5 }, () => GEMS[draw(GEMS.length)]!);
      return { multiplier: CASCADE_PAYS[cascades]!, symbols, detail: String(cascades) };
    }
    case "table-roulette": {
      const pocket = draw(37);
      const colour = pocketColour(pocket);
      return { multiplier: colour === choice ? "2" : "0", symbols: [String(pocket)], detail: colour };
    }
  }
}
