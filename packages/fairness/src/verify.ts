import { FloatStream, seedHash, type FloatSource } from "./bytes.ts";
import { parseBlackjackParams, playBlackjack } from "./games/blackjack.ts";
import { parseDiceParams, playDice } from "./games/dice.ts";
import { parseKenoParams, playKeno } from "./games/keno.ts";
import { multiplierPoint, parseLimboParams, playLimbo, settleLimbo } from "./games/limbo.ts";
import { parseMinesParams, playMines } from "./games/mines.ts";
import { InvalidBetError } from "./games/params.ts";
import { parsePlinkoParams, playPlinko } from "./games/plinko.ts";
import { parseRouletteParams, playRoulette } from "./games/roulette.ts";
import { parseSlotParams, playSlot } from "./games/slot.ts";

/**
 * One code path for settling and verifying: the server calls playRound with the round's seeds,
 * the verifier page and anyone else call verifyRound with the revealed server seed; both parse
 * the stored parameters and read the same floats the same way.
 */

interface GameRules<Params, Outcome> {
  parse(input: unknown): Params;
  play(stream: FloatSource, params: Params, seeds: RoundSeeds): Outcome;
}

const rules = <Params, Outcome>(game: GameRules<Params, Outcome>) => game;

/**
 * Crash's server seed is the chain's round hash and its client seed the public salt, read at
 * nonce 0 from the first block (crashPoint in games/crash.ts); the player's parameter is the
 * multiplier they cashed out at.
 */
const crash = rules({
  parse: parseLimboParams,
  play: (stream, params, seeds) => {
    if (seeds.nonce !== 0 || (seeds.cursor ?? 0) !== 0) throw new InvalidBetError("a crash round is read at nonce 0 and cursor 0");
    return settleLimbo(multiplierPoint(stream.next()), params);
  },
});

export const GAMES = {
  dice: rules({ parse: parseDiceParams, play: playDice }),
  limbo: rules({ parse: parseLimboParams, play: playLimbo }),
  roulette: rules({ parse: parseRouletteParams, play: playRoulette }),
  plinko: rules({ parse: parsePlinkoParams, play: playPlinko }),
  mines: rules({ parse: parseMinesParams, play: playMines }),
  keno: rules({ parse: parseKenoParams, play: playKeno }),
  slot: rules({ parse: parseSlotParams, play: playSlot }),
  crash,
  blackjack: rules({ parse: parseBlackjackParams, play: playBlackjack }),
};

export type GameId = keyof typeof GAMES;
export type GameOutcome<Game extends GameId> = ReturnType<(typeof GAMES)[Game]["play"]>;
export const GAME_IDS = Object.keys(GAMES) as GameId[];

/**
 * The version of the conversions in this package. A round stores the version it was settled
 * with (F3); a change to any conversion gets a new number, and the old one stays verifiable.
 */
export const ALGORITHM_VERSION = 1;

export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The first 32-byte block the round reads; 0 unless a round continues another's stream. */
  cursor?: number;
}
export interface RoundInput extends RoundSeeds {
  params: unknown;
  algorithmVersion: number;
}
export interface RoundResult<Game extends GameId> {
  game: Game;
  serverSeedHash: string;
  outcome: GameOutcome<Game>;
  /** Floats the outcome read from the stream, from the cursor's block on. */
  floatsUsed: number;
}

export function isGameId(value: string): value is GameId {
  return Object.hasOwn(GAMES, value);
}

/** Settles a round: what the server stores and pays. */
export function playRound<Game extends GameId>(game: Game, input: RoundInput): RoundResult<Game> {
  if (input.algorithmVersion !== ALGORITHM_VERSION) throw new InvalidBetError(`unknown algorithm version ${input.algorithmVersion}`);
  const gameRules = GAMES[game] as GameRules<unknown, GameOutcome<Game>>;
  const params = gameRules.parse(input.params);
  const stream = new FloatStream(input, input.cursor ?? 0);
  const outcome = gameRules.play(stream, params, input);
  return { game, serverSeedHash: seedHash(input.serverSeed), outcome, floatsUsed: stream.used };
}

/**
 * Recomputes a settled round from its revealed server seed and what the round stored. When the
 * round's stored hash is given, a seed that does not match it is refused: the operator cannot
 * swap the seed after the fact.
 */
export function verifyRound<Game extends GameId>(game: Game, input: RoundInput & { serverSeedHash?: string }): RoundResult<Game> {
  if (input.serverSeedHash !== undefined && seedHash(input.serverSeed) !== input.serverSeedHash.toLowerCase()) {
    throw new InvalidBetError("the server seed does not match the round's server seed hash");
  }
  return playRound(game, input);
}
