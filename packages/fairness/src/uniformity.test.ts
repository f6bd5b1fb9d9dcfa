import { describe, expect, it } from "vitest";
import { FloatStream, floats } from "./bytes.ts";
import { playBlackjackSteps, standingActions } from "./games/blackjack.ts";
import { drawCard } from "./games/cards.ts";
import { buildChain, crashPoint } from "./games/crash.ts";
import { diceRoll, DICE_OUTCOMES } from "./games/dice.ts";
import { kenoDraw, KENO_NUMBERS } from "./games/keno.ts";
import { multiplierPoint } from "./games/limbo.ts";
import { MINES_TILES, placeMines } from "./games/mines.ts";
import { choose, pick } from "./games/params.ts";
import { playPlinko } from "./games/plinko.ts";
import { ROULETTE_POCKETS } from "./games/roulette.ts";
import { playSlot } from "./games/slot.ts";
import { fixedFloats } from "./games/floats-test-kit.ts";

/**
 * P10: every game's raw outcome is uniform (or follows its declared distribution) over fixed
 * seeds, read the way bets read them: one stream per nonce. A chi-square statistic above the
 * 99.95% quantile fails; with fixed seeds the result never changes between runs.
 */
const SERVER_SEED = "9a3c5e7f1b2d4f6a8c0e2a4c6e8a0c2e4a6c8e0a2c4e6a8c0e2a4c6e8a0c2e4a";
const CLIENT_SEED = "uniformity";

/** Upper 99.95% quantile of chi-square with df degrees of freedom (Wilson-Hilferty). */
function chiSquareLimit(degreesOfFreedom: number): number {
  const z = 3.2905;
  const term = 2 / (9 * degreesOfFreedom);
  return degreesOfFreedom * (1 - term + z * Math.sqrt(term)) ** 3;
}

/**
 * Pearson's statistic against expected chances; neighbouring classes are merged until each
 * expects at least 5 observations, so rare classes (plinko's edges) do not dominate.
 */
function chiSquare(observed: number[], chances: number[]): { statistic: number; limit: number } {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const merged: { observed: number; expected: number }[] = [];
  let pending = { observed: 0, expected: 0 };
  observed.forEach((count, index) => {
    pending = { observed: pending.observed + count, expected: pending.expected + (chances[index] ?? 0) * total };
    if (pending.expected >= 5) {
      merged.push(pending);
      pending = { observed: 0, expected: 0 };
    }
  });
  const last = merged.at(-1);
  if (last && pending.expected > 0) merged[merged.length - 1] = { observed: last.observed + pending.observed, expected: last.expected + pending.expected };
  const statistic = merged.reduce((sum, cell) => sum + (cell.observed - cell.expected) ** 2 / cell.expected, 0);
  return { statistic, limit: chiSquareLimit(merged.length - 1) };
}

function counts(values: number[], classes: number): number[] {
  const result = new Array<number>(classes).fill(0);
  for (const value of values) result[value] = (result[value] ?? 0) + 1;
  return result;
}

const uniform = (classes: number) => new Array<number>(classes).fill(1 / classes);

/** One bet per nonce, each with its own stream, as settlement reads them. */
function perBet<T>(bets: number, outcome: (stream: FloatStream) => T): T[] {
  return Array.from({ length: bets }, (_, nonce) => outcome(new FloatStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce })));
}

/** Many single-float outcomes cheaply: all eight floats of each nonce's first block. */
function blockFloats(total: number): number[] {
  return Array.from({ length: Math.ceil(total / 8) }, (_, nonce) => floats(SERVER_SEED, CLIENT_SEED, nonce, 8)).flat().slice(0, total);
}

function expectUniform(observed: number[], chances: number[]) {
  const { statistic, limit } = chiSquare(observed, chances);
  expect(statistic).toBeLessThan(limit);
}

describe("outcomes are uniform over fixed seeds (P10)", () => {
  it("dice: each of the 10,001 rolls", () => {
    expectUniform(counts(blockFloats(70_000).map(diceRoll), DICE_OUTCOMES), uniform(DICE_OUTCOMES));
  });

  it("roulette: each of the 37 pockets", () => {
    expectUniform(counts(perBet(7_400, (stream) => pick(stream.next(), ROULETTE_POCKETS)), ROULETTE_POCKETS), uniform(ROULETTE_POCKETS));
  });

  it("cards: each of the 52 cards", () => {
    expectUniform(counts(blockFloats(26_000).map((float) => drawCard(fixedFloats([float])).index), 52), uniform(52));
  });

  it("blackjack: the four cards of each deal and every later card the dealer draws are each of the 52 alike", () => {
    // Each nonce's round dealt from its own stream, standing on the first hand, as settlement deals it.
    const rounds = Array.from({ length: 4_000 }, (_, nonce) => {
      const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce };
      return playBlackjackSteps(new FloatStream(seeds), standingActions(() => new FloatStream(seeds), []));
    });
    const dealt = rounds.map((round) => [round.hands[0]!.cards[0]!, round.dealer.cards[0]!, round.hands[0]!.cards[1]!, round.dealer.cards[1]!]);
    for (const position of [0, 1, 2, 3]) expectUniform(counts(dealt.map((cards) => cards[position]!.index), 52), uniform(52));
    const draws = rounds.flatMap((round) => round.dealer.cards.slice(2).map((card) => card.index));
    expectUniform(counts(draws, 52), uniform(52));
  });

  it("plinko: the 17 slots of 16 rows with their binomial chances", () => {
    const slots = perBet(4_000, (stream) => playPlinko(stream, { rows: 16, risk: "medium" }).slot);
    expectUniform(counts(slots, 17), Array.from({ length: 17 }, (_, slot) => Number(choose(16, slot)) / 2 ** 16));
  });

  it("mines: the first and the last of 5 mines fall on each of the 25 tiles alike", () => {
    const boards = perBet(4_000, (stream) => placeMines(stream, 5));
    expectUniform(counts(boards.map((mines) => mines[0] ?? -1), MINES_TILES), uniform(MINES_TILES));
    expectUniform(counts(boards.map((mines) => mines[4] ?? -1), MINES_TILES), uniform(MINES_TILES));
  });

  it("keno: the first and the tenth number drawn are each of the 40 alike", () => {
    const draws = perBet(4_000, kenoDraw);
    expectUniform(counts(draws.map((drawn) => (drawn[0] ?? 0) - 1), KENO_NUMBERS), uniform(KENO_NUMBERS));
    expectUniform(counts(draws.map((drawn) => (drawn[9] ?? 0) - 1), KENO_NUMBERS), uniform(KENO_NUMBERS));
  });

  it("slot: each reel stops on each of its 32 positions alike", () => {
    const stops = perBet(3_200, (stream) => playSlot(stream).spins[0]?.stops ?? []);
    for (const reel of [0, 2, 4]) expectUniform(counts(stops.map((spin) => spin[reel] ?? -1), 32), uniform(32));
  });

  // Results at or above x (hundredths) have chance (floor(99 x 2^32 / x) + 1) / 2^32.
  const BOUNDS = [101, 110, 125, 150, 200, 300, 500, 1000, 10_000];
  const atLeast = (bound: number) => (Math.floor((99 * 2 ** 32) / bound) + 1) / 2 ** 32;
  const bandChances = [1 - atLeast(BOUNDS[0] ?? 0), ...BOUNDS.map((bound, index) => atLeast(bound) - (index + 1 < BOUNDS.length ? atLeast(BOUNDS[index + 1] ?? 0) : 0))];
  const band = (result: number) => BOUNDS.filter((bound) => result >= bound).length;

  it("limbo: results fall in bands with the chances the conversion declares", () => {
    expectUniform(counts(blockFloats(20_000).map((float) => band(multiplierPoint(float))), bandChances.length), bandChances);
  });

  it("crash: a chain's points fall in the same bands", () => {
    const points = buildChain(SERVER_SEED, 3_000).map((roundHash) => crashPoint(roundHash, CLIENT_SEED));
    expectUniform(counts(points.map(band), bandChances.length), bandChances);
  });

  it("catches a biased conversion: a pocket that comes up twice as often fails", () => {
    const biased = perBet(7_400, (stream) => {
      const pocket = pick(stream.next(), ROULETTE_POCKETS + 1);
      return pocket === ROULETTE_POCKETS ? 0 : pocket;
    });
    const { statistic, limit } = chiSquare(counts(biased, ROULETTE_POCKETS), uniform(ROULETTE_POCKETS));
    expect(statistic).toBeGreaterThan(limit);
  });
});
