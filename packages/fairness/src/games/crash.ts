import { FloatStream, seedHash } from "../bytes.ts";
import { multiplierPoint } from "./limbo.ts";

/**
 * Crash: one shared round for every player, fair by a chain committed in advance. The operator
 * draws a random seed and hashes it over and over (SHA-256 of the hex text); the rounds use those
 * hashes in reverse, so each round's hash is the SHA-256 of the next round's. Before any bet the
 * operator publishes the hash of the first round's hash (the terminating hash) and then a public
 * salt nobody could know when the chain was made (e.g. a future block hash). Revealing a round's
 * hash proves every earlier round and says nothing about the next. A round's float is the first
 * float of the F2 stream with the round hash as server seed, the salt as client seed and nonce 0;
 * its crash point is the limbo conversion, floor(100 x RTP / float) / 100, at least 1.00.
 */

/** The crash point of a round, in hundredths. */
export function crashPoint(roundHash: string, salt: string): number {
  return multiplierPoint(new FloatStream({ serverSeed: roundHash, clientSeed: salt, nonce: 0 }).next());
}

/** The hash of the round played just before this one: SHA-256 of this round's hash text. */
export function previousRoundHash(roundHash: string): string {
  return seedHash(roundHash);
}

/**
 * The `length` round hashes made from a seed, in the order the rounds are played; the commitment
 * to publish is seedHash of the first.
 */
export function buildChain(seed: string, length: number): string[] {
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError("a chain has at least one round");
  const hashes = [seed];
  for (let index = 1; index < length; index += 1) hashes.push(seedHash(hashes[index - 1] as string));
  return hashes.reverse();
}

/**
 * How many rounds after the commitment this round hash was played (1 for the first round), or
 * null when hashing it `maxRounds` times never reaches the published terminating hash.
 */
export function verifyChainPosition(roundHash: string, terminatingHash: string, maxRounds: number): number | null {
  let current = roundHash;
  for (let position = 1; position <= maxRounds; position += 1) {
    current = seedHash(current);
    if (current === terminatingHash) return position;
  }
  return null;
}
