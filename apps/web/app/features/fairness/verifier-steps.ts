// The verifier's computation, step by step as F5 describes it: the HMAC-SHA256 blocks, the floats
// made from their bytes, how each float becomes part of the outcome, and the outcome itself. The
// outcome always comes from @playfair/fairness `verifyRound` (the code that settled the round);
// the per-float steps retrace its published conversions so a player can follow them by hand.
// This module carries the engine: the page imports it only when it computes (a lazy chunk).
import {
  ALGORITHM_VERSION,
  BYTES_PER_FLOAT,
  DECK_SIZE,
  FLOATS_PER_BLOCK,
  FloatStream,
  KENO_NUMBERS,
  MINES_TILES,
  ROULETTE_POCKETS,
  SLOT_REELS,
  cardFromIndex,
  crashPoint,
  drawCards,
  hmacSha256Hex,
  multiplierPoint,
  pick,
  pocketColor,
  seedHash,
  verifyChainPosition,
  verifyRound,
  type Card,
  type DiceOutcome,
  type KenoOutcome,
  type LimboOutcome,
  type MinesOutcome,
  type PlinkoOutcome,
  type RouletteOutcome,
  type SlotOutcome,
} from "@playfair/fairness";
import { MAX_CARDS, type VerifierGame } from "./verifier-games.ts";

/** One line of the explanation: a key of `pages:fairness.steps` and the values it shows. */
export type Step = { key: string; values: Record<string, string | number> };

export type HmacBlock = { round: number; message: string; hex: string };
export type FloatRow = { index: number; round: number; bytes: string; value: string };

export type Computation = {
  game: VerifierGame;
  serverSeedHash: string;
  /** The hash the round committed to; null when none was given (a manual computation without one). */
  committedHash: string | null;
  hashMatches: boolean | null;
  blocks: HmacBlock[];
  floats: FloatRow[];
  /** One step per float, in the order the game read them. */
  conversions: Step[];
  result: Step[];
  outcome: unknown;
  payoutMultiplier: string | null;
};

export type ComputeInput = {
  game: VerifierGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
  params: unknown;
  committedHash?: string | null;
  algorithmVersion?: number;
};

/** An input the engine refuses (a target out of range, a malformed list): shown as such, never thrown at the page. */
export class VerifierInputError extends Error {}

const SUIT_SYMBOLS: Record<Card["suit"], string> = { diamonds: "♦", hearts: "♥", spades: "♠", clubs: "♣" };

export function cardLabel(card: Card): string {
  return `${card.rank}${SUIT_SYMBOLS[card.suit]}`;
}

function hundredths(value: number): string {
  return (value / 100).toFixed(2);
}

/** 0..24 row by row -> 1-based row and column of the 5x5 board. */
function tilePlace(tile: number): { row: number; column: number } {
  return { row: Math.floor(tile / 5) + 1, column: (tile % 5) + 1 };
}

function blocksFor(input: ComputeInput, floatCount: number): HmacBlock[] {
  const count = Math.max(1, Math.ceil(floatCount / FLOATS_PER_BLOCK));
  return Array.from({ length: count }, (_, offset) => {
    const round = input.cursor + offset;
    const message = `${input.clientSeed}:${input.nonce}:${round}`;
    return { round, message, hex: hmacSha256Hex(input.serverSeed, message) };
  });
}

function floatRows(blocks: HmacBlock[], values: number[]): FloatRow[] {
  return values.map((value, index) => {
    const block = blocks[Math.floor(index / FLOATS_PER_BLOCK)]!;
    const start = (index % FLOATS_PER_BLOCK) * BYTES_PER_FLOAT * 2;
    return { index, round: block.round, bytes: block.hex.slice(start, start + BYTES_PER_FLOAT * 2), value: String(value) };
  });
}

/** Positions picked one by one among those still free (mines, keno), as `pickDistinct` does. */
function distinctPicks(values: number[], size: number): { free: number; index: number; position: number }[] {
  const free = Array.from({ length: size }, (_, position) => position);
  return values.map((value) => {
    const left = free.length;
    const index = pick(value, left);
    const [position] = free.splice(index, 1);
    return { free: left, index, position: position! };
  });
}

function payout(multiplier: string): Step {
  return { key: "payout", values: { multiplier } };
}

function gameSteps(game: Exclude<VerifierGame, "cards">, values: number[], outcome: unknown, params: unknown): { conversions: Step[]; result: Step[]; payoutMultiplier: string } {
  switch (game) {
    case "dice": {
      const dice = outcome as DiceOutcome;
      const float = values[0]!;
      const index = pick(float, 10_001);
      const target = (params as { target: string }).target;
      const condition = (params as { condition: string }).condition === "over" ? "diceOver" : "diceUnder";
      return {
        conversions: [{ key: "dice", values: { float: String(float), index, roll: hundredths(index) } }],
        result: [{ key: condition, values: { roll: hundredths(dice.roll), target } }, { key: dice.win ? "win" : "loss", values: {} }, payout(dice.payoutMultiplier)],
        payoutMultiplier: dice.payoutMultiplier,
      };
    }
    case "limbo": {
      const limbo = outcome as LimboOutcome;
      const float = values[0]!;
      const target = (params as { target: string }).target;
      return {
        conversions: [{ key: "limbo", values: { float: String(float), result: hundredths(multiplierPoint(float)) } }],
        result: [{ key: "limboResult", values: { result: hundredths(limbo.result), target } }, { key: limbo.win ? "win" : "loss", values: {} }, payout(limbo.payoutMultiplier)],
        payoutMultiplier: limbo.payoutMultiplier,
      };
    }
    case "plinko": {
      const plinko = outcome as PlinkoOutcome;
      return {
        conversions: values.map((float, row) => ({ key: pick(float, 2) === 1 ? "plinkoRight" : "plinkoLeft", values: { row: row + 1, float: String(float), step: pick(float, 2) } })),
        result: [{ key: "plinkoResult", values: { slot: plinko.slot, path: plinko.path.join("") } }, payout(plinko.payoutMultiplier)],
        payoutMultiplier: plinko.payoutMultiplier,
      };
    }
    case "mines": {
      const mines = outcome as MinesOutcome;
      const picks = distinctPicks(values, MINES_TILES);
      return {
        conversions: picks.map((picked, mine) => ({
          key: "mines",
          values: { mine: mine + 1, float: String(values[mine]), free: picked.free, index: picked.index, tile: picked.position, ...tilePlace(picked.position) },
        })),
        result: [
          { key: "minesResult", values: { tiles: [...mines.minePositions].sort((a, b) => a - b).join(", ") } },
          { key: "minesReveals", values: { safe: mines.steps.filter((step) => step.safe).length, total: mines.steps.length } },
          payout(mines.payoutMultiplier),
        ],
        payoutMultiplier: mines.payoutMultiplier,
      };
    }
    case "keno": {
      const keno = outcome as KenoOutcome;
      const picks = distinctPicks(values, KENO_NUMBERS);
      return {
        conversions: picks.map((picked, draw) => ({ key: "keno", values: { draw: draw + 1, float: String(values[draw]), left: picked.free, index: picked.index, number: picked.position + 1 } })),
        result: [{ key: "kenoResult", values: { drawn: keno.drawn.join(", "), hits: keno.hits.length > 0 ? keno.hits.join(", ") : "–" } }, payout(keno.payoutMultiplier)],
        payoutMultiplier: keno.payoutMultiplier,
      };
    }
    case "roulette": {
      const roulette = outcome as RouletteOutcome;
      const float = values[0]!;
      const won = roulette.bets.some((bet) => bet.win);
      const multiplier = roulette.bets.find((bet) => bet.win)?.payoutMultiplier ?? "0";
      return {
        conversions: [{ key: "roulette", values: { float: String(float), pocket: pick(float, ROULETTE_POCKETS) } }],
        result: [{ key: `roulette${pocketColor(roulette.pocket) === "red" ? "Red" : roulette.pocket === 0 ? "Green" : "Black"}`, values: { pocket: roulette.pocket } }, { key: won ? "win" : "loss", values: {} }, payout(multiplier)],
        payoutMultiplier: multiplier,
      };
    }
    case "slot": {
      const slot = outcome as SlotOutcome;
      const reels = SLOT_REELS.length;
      return {
        conversions: values.map((float, read) => {
          const reel = read % reels;
          const length = SLOT_REELS[reel]!.length;
          return { key: "slot", values: { spin: Math.floor(read / reels) + 1, reel: reel + 1, float: String(float), length, stop: pick(float, length) } };
        }),
        result: [
          ...slot.spins.map((spin, index) => ({
            key: index === 0 ? "slotSpin" : "slotFreeSpin",
            values: { spin: index + 1, stops: spin.stops.join(", "), lines: spin.lineWins.length, pay: hundredths(spin.total) },
          })),
          payout(slot.payoutMultiplier),
        ],
        payoutMultiplier: slot.payoutMultiplier,
      };
    }
  }
}

function withEngineErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error) throw new VerifierInputError(error.message);
    throw error;
  }
}

/** Recomputes one round (or deals cards) from its seeds, with every step shown. */
export function compute(input: ComputeInput): Computation {
  return withEngineErrors(() => {
    if (input.clientSeed.includes(":")) throw new VerifierInputError("the client seed cannot contain a colon");
    const serverSeedHash = seedHash(input.serverSeed);
    const committedHash = input.committedHash ? input.committedHash.toLowerCase() : null;
    const hashMatches = committedHash === null ? null : committedHash === serverSeedHash;
    let outcome: unknown;
    let values: number[];
    let steps: { conversions: Step[]; result: Step[]; payoutMultiplier: string | null };
    if (input.game === "cards") {
      const count = (input.params as { count?: unknown }).count;
      if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_CARDS) throw new VerifierInputError(`count must be from 1 to ${MAX_CARDS}`);
      const stream = new FloatStream(input, input.cursor);
      const cards = drawCards(stream, count);
      values = replayFloats(input, stream.used);
      outcome = { cards };
      steps = {
        conversions: values.map((float, index) => {
          const card = cardFromIndex(pick(float, DECK_SIZE));
          return { key: "cards", values: { card: index + 1, float: String(float), index: card.index, label: cardLabel(card) } };
        }),
        result: [{ key: "cardsResult", values: { cards: cards.map(cardLabel).join(" ") } }],
        payoutMultiplier: null,
      };
    } else {
      // The committed hash is checked here and shown; the engine is not asked to refuse a mismatch, so both results are visible.
      const round = verifyRound(input.game, { ...input, algorithmVersion: input.algorithmVersion ?? ALGORITHM_VERSION });
      outcome = round.outcome;
      values = replayFloats(input, round.floatsUsed);
      steps = gameSteps(input.game, values, round.outcome, input.params);
    }
    const blocks = blocksFor(input, values.length);
    return { game: input.game, serverSeedHash, committedHash, hashMatches, blocks, floats: floatRows(blocks, values), ...steps, outcome };
  });
}

function replayFloats(input: ComputeInput, count: number): number[] {
  const stream = new FloatStream(input, input.cursor);
  return Array.from({ length: count }, () => stream.next());
}

/** Deep equality of two JSON values, key order aside: the stored outcome against the recomputed one. */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) => Object.hasOwn(right, key) && sameJson((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]));
}

/** A public round record (GET /api/game/fairness/rounds/{id}) once its server seed is revealed. */
export type RevealedRound = {
  fairnessGame: VerifierGame;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
  algorithmVersion: number;
  params: unknown;
  outcome: unknown;
};

export type RoundVerdict = { computation: Computation; hashMatches: boolean; outcomeMatches: boolean; verified: boolean };

/** Recomputes a settled round and compares it with what the casino stored and paid. */
export function verifyRecord(record: RevealedRound): RoundVerdict {
  const computation = compute({
    game: record.fairnessGame,
    serverSeed: record.serverSeed,
    clientSeed: record.clientSeed,
    nonce: record.nonce,
    cursor: record.cursor,
    params: record.params,
    committedHash: record.serverSeedHash,
    algorithmVersion: record.algorithmVersion,
  });
  const hashMatches = computation.hashMatches === true;
  const outcomeMatches = sameJson(computation.outcome, record.outcome);
  return { computation, hashMatches, outcomeMatches, verified: hashMatches && outcomeMatches };
}

/** A crash round's public record, as GET /api/game/crash/rounds/{id} answers it once the round is over. */
export type CrashRecordInput = { hash: string; salt: string; commitment: string; chainLength: number; position: number; crashPoint: string };

export type CrashVerdict = {
  verified: boolean;
  /** Where hashing the round's hash reached the commitment; null when it never did within the chain. */
  foundPosition: number | null;
  positionMatches: boolean;
  block: HmacBlock;
  float: FloatRow;
  conversion: Step;
  point: string;
  pointMatches: boolean;
};

/**
 * A crash round (ADR 027): `verifyChainPosition` places its hash in the committed chain, and
 * `crashPoint` turns hash and salt into the point; the float and its conversion are shown as for
 * every original (HMAC-SHA256 keyed with the round hash, message "salt:0:0", then limbo's rule).
 */
export function verifyCrash(record: CrashRecordInput): CrashVerdict {
  const foundPosition = verifyChainPosition(record.hash, record.commitment, record.chainLength);
  const point = hundredths(crashPoint(record.hash, record.salt));
  const message = `${record.salt}:0:0`;
  const block: HmacBlock = { round: 0, message, hex: hmacSha256Hex(record.hash, message) };
  const value = new FloatStream({ serverSeed: record.hash, clientSeed: record.salt, nonce: 0 }).next();
  const [float] = floatRows([block], [value]);
  const positionMatches = foundPosition === record.position;
  const pointMatches = point === record.crashPoint;
  return {
    verified: positionMatches && pointMatches,
    foundPosition,
    positionMatches,
    block,
    float: float!,
    conversion: { key: "limbo", values: { float: String(value), result: hundredths(multiplierPoint(value)) } },
    point,
    pointMatches,
  };
}
