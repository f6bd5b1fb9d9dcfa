import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import { multiplierFromUnits, type Multiplier } from "../multiplier.ts";
import { InvalidBetError, pick, requireDistinctIntegers, requireInteger, requireOneOf, requireRecord } from "./params.ts";

/**
 * European roulette (single zero): pocket = floor(float x 37). Every bet covers a set of numbers
 * and pays 36 / (numbers covered) times the stake, stake included; zero loses every outside bet.
 * So every bet returns 36/37 on average.
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP = ratio(36n, 37n);
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export const INSIDE_BETS = ["straight", "split", "street", "corner", "line"] as const;
export const OUTSIDE_BETS = ["dozen", "column", "red", "black", "odd", "even", "low", "high"] as const;
export type RouletteBetKind = (typeof INSIDE_BETS)[number] | (typeof OUTSIDE_BETS)[number];
export interface RouletteBet {
  kind: RouletteBetKind;
  /** The numbers an inside bet covers; dozen and column name theirs with `which`. */
  numbers?: number[];
  /** 1, 2 or 3: which dozen or column. */
  which?: number;
}
export interface RouletteParams {
  bets: RouletteBet[];
}
export interface RouletteBetOutcome {
  kind: RouletteBetKind;
  covered: number[];
  win: boolean;
  payoutMultiplier: Multiplier;
}
export interface RouletteOutcome {
  pocket: number;
  color: "green" | "red" | "black";
  bets: RouletteBetOutcome[];
}

const MAX_BETS = 100;
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const ALL = range(1, 36);
const COLUMN = (which: number) => ALL.filter((number) => number % 3 === which % 3);
const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
/** The layout's columns: 1 is the left (1, 4, 7...), 3 the right (3, 6, 9...). */
const column = (number: number) => ((number - 1) % 3) + 1;

/** Every set of numbers a chip placed on the table can cover, by kind. */
function insideSetIsOnLayout(kind: (typeof INSIDE_BETS)[number], numbers: number[]): boolean {
  const [first = -1] = numbers;
  switch (kind) {
    case "straight":
      return numbers.length === 1;
    case "split": {
      const [a = -1, b = -1] = numbers;
      if (a === 0) return b >= 1 && b <= 3;
      return (b === a + 1 && column(a) !== 3) || b === a + 3;
    }
    case "street":
      // Three numbers across a row, or the two trios that touch zero.
      return (first >= 1 && column(first) === 1 && same(numbers, [first, first + 1, first + 2])) || same(numbers, [0, 1, 2]) || same(numbers, [0, 2, 3]);
    case "corner":
      return same(numbers, [0, 1, 2, 3]) || (first >= 1 && first <= 32 && column(first) !== 3 && same(numbers, [first, first + 1, first + 3, first + 4]));
    case "line":
      return first >= 1 && first <= 31 && column(first) === 1 && same(numbers, range(first, first + 5));
  }
}

const INSIDE_SIZES: Record<(typeof INSIDE_BETS)[number], number> = { straight: 1, split: 2, street: 3, corner: 4, line: 6 };

export function coveredNumbers(bet: RouletteBet): number[] {
  switch (bet.kind) {
    case "dozen": {
      const which = requireInteger(bet.which, "which", 1, 3);
      return range((which - 1) * 12 + 1, which * 12);
    }
    case "column":
      return COLUMN(requireInteger(bet.which, "which", 1, 3));
    case "red":
      return [...RED_NUMBERS];
    case "black":
      return ALL.filter((number) => !RED_NUMBERS.includes(number));
    case "odd":
      return ALL.filter((number) => number % 2 === 1);
    case "even":
      return ALL.filter((number) => number % 2 === 0);
    case "low":
      return range(1, 18);
    case "high":
      return range(19, 36);
    default: {
      const size = INSIDE_SIZES[bet.kind];
      const numbers = sorted(requireDistinctIntegers(bet.numbers, "numbers", 0, 36, size, size));
      if (!insideSetIsOnLayout(bet.kind, numbers)) throw new InvalidBetError(`these numbers are not a ${bet.kind} on the layout`);
      return numbers;
    }
  }
}

export function parseRouletteParams(input: unknown): RouletteParams {
  const record = requireRecord(input);
  if (!Array.isArray(record.bets) || record.bets.length < 1 || record.bets.length > MAX_BETS) {
    throw new InvalidBetError(`bets must list 1 to ${MAX_BETS} bets`);
  }
  const bets = record.bets.map((item): RouletteBet => {
    const bet = requireRecord(item);
    const kind = requireOneOf(bet.kind, "kind", [...INSIDE_BETS, ...OUTSIDE_BETS]);
    const parsed: RouletteBet = { kind };
    if (bet.numbers !== undefined) parsed.numbers = bet.numbers as number[];
    if (bet.which !== undefined) parsed.which = bet.which as number;
    coveredNumbers(parsed);
    return parsed;
  });
  return { bets };
}

export function pocketColor(pocket: number): RouletteOutcome["color"] {
  return pocket === 0 ? "green" : RED_NUMBERS.includes(pocket) ? "red" : "black";
}

export function settleRoulette(pocket: number, params: RouletteParams): RouletteOutcome {
  const bets = params.bets.map((bet): RouletteBetOutcome => {
    const covered = coveredNumbers(bet);
    const win = covered.includes(pocket);
    return { kind: bet.kind, covered, win, payoutMultiplier: win ? multiplierFromUnits(36 / covered.length, 0) : "0" };
  });
  return { pocket, color: pocketColor(pocket), bets };
}

export function playRoulette(stream: FloatSource, params: RouletteParams): RouletteOutcome {
  return settleRoulette(pick(stream.next(), ROULETTE_POCKETS), params);
}
