import { hmac, type _HMAC } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The provably-fair byte stream (F2): HMAC_SHA256(key = server seed, message =
 * "clientSeed:nonce:round"), one 32-byte block per round, every 4 bytes one float in [0, 1).
 * The server seed is used as the text the player is shown (its characters are the key), as
 * the published verifiers do, so any outside HMAC tool reproduces a round.
 */

/** What identifies one bet's bytes; F3 stores these with every round. */
export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
  /** Grows by one per bet under the same server seed. */
  nonce: number;
}

export const BYTES_PER_BLOCK = 32;
export const BYTES_PER_FLOAT = 4;
export const FLOATS_PER_BLOCK = BYTES_PER_BLOCK / BYTES_PER_FLOAT;

/** SHA-256 of the server seed's text, hex: the commitment a player sees before any bet (F1). */
export function seedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** HMAC-SHA256 as hex, for verifiers that show the raw block. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

type KeyedHmac = _HMAC<ReturnType<typeof sha256.create>>;
let lastKey: { serverSeed: string; keyed: KeyedHmac } | undefined;

/**
 * An HMAC already keyed with the server seed, cloned per message: a player's bets share one seed,
 * and keying costs half of a short message's hashing. Only the last key is kept.
 */
function keyedHmac(serverSeed: string): KeyedHmac {
  if (lastKey?.serverSeed !== serverSeed) lastKey = { serverSeed, keyed: hmac.create(sha256, utf8ToBytes(serverSeed)) as KeyedHmac };
  return lastKey.keyed.clone() as KeyedHmac;
}

/** The 32 bytes of one round (block) of a bet. */
export function block(seeds: SeedPair, round: number): Uint8Array {
  assertNonNegativeInteger(seeds.nonce, "nonce");
  assertNonNegativeInteger(round, "round");
  return keyedHmac(seeds.serverSeed).update(utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`)).digest();
}

/**
 * sum(byte_i / 256^(i+1)) for 4 bytes: a multiple of 2^-32, so the double holds it exactly and
 * every published verifier gets the same number.
 */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let value = 0;
  let divisor = 1;
  for (let index = 0; index < BYTES_PER_FLOAT; index += 1) {
    divisor *= 256;
    value += (bytes[offset + index] ?? 0) / divisor;
  }
  return value;
}

/**
 * Reads floats one at a time, computing a block only when the previous one is used up; a game
 * takes as many as its outcome needs (a mines board more than a dice roll).
 */
export class FloatStream {
  readonly #seeds: SeedPair;
  #round: number;
  #bytes: Uint8Array | undefined;
  #offset = BYTES_PER_BLOCK;
  #used = 0;

  /** cursor: the first round (32-byte block) to read. */
  constructor(seeds: SeedPair, cursor = 0) {
    assertNonNegativeInteger(cursor, "cursor");
    this.#seeds = seeds;
    this.#round = cursor;
  }

  next(): number {
    if (this.#offset === BYTES_PER_BLOCK || this.#bytes === undefined) {
      this.#bytes = block(this.#seeds, this.#round);
      this.#round += 1;
      this.#offset = 0;
    }
    const value = bytesToFloat(this.#bytes, this.#offset);
    this.#offset += BYTES_PER_FLOAT;
    this.#used += 1;
    return value;
  }

  /** How many floats the outcome consumed: stored with the round so a verifier reads as many. */
  get used(): number {
    return this.#used;
  }
}

/** The first `count` floats of a bet, starting at round `cursor`. */
export function floats(serverSeed: string, clientSeed: string, nonce: number, count: number, cursor = 0): number[] {
  assertNonNegativeInteger(count, "count");
  const stream = new FloatStream({ serverSeed, clientSeed, nonce }, cursor);
  return Array.from({ length: count }, () => stream.next());
}

/** Anything that hands out floats in [0, 1): the seeded stream, or a fixed list in tests and tables. */
export interface FloatSource {
  next(): number;
}
