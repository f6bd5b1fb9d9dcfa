import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { crashChains, type CrashChainRow } from "./crash.schema.ts";

// The chain of round hashes (ADR 018): h0 is a random seed, h(i) = SHA-256 of h(i-1)'s hex text,
// a chain of length L plays h(L-1), h(L-2), ..., h0, and publishes h(L) as its commitment. Round
// position p (1 for the first round) plays h(L-p). Only every CHECKPOINT_EVERY-th hash is kept, so
// any round's hash is under that many hashes from a checkpoint.

export const CHECKPOINT_EVERY = 1_000;

/**
 * SHA-256 of the hex text, as `seedHash` of @playfair/fairness computes it (the unit test holds
 * them equal); Node's native hash makes a million-round chain about twice as fast.
 */
function nextHash(hash: string): string {
  return createHash("sha256").update(hash).digest("hex");
}
/** Hashes made between two yields to the event loop while a long chain is built. */
const HASHES_PER_SLICE = 20_000;

export function newChainSeed(): string {
  return randomBytes(32).toString("hex");
}

/** The commitment h(L) and the checkpoints h(0), h(K), h(2K), ... of a chain, without blocking the process. */
export async function buildCheckpoints(seed: string, length: number): Promise<{ commitment: string; checkpoints: string[] }> {
  const checkpoints: string[] = [];
  let current = seed;
  for (let index = 0; index < length; index += 1) {
    if (index % CHECKPOINT_EVERY === 0) checkpoints.push(current);
    current = nextHash(current);
    if (index % HASHES_PER_SLICE === HASHES_PER_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return { commitment: current, checkpoints };
}

/** The hash round `position` plays (1-based), from the chain's checkpoints. */
export function hashAtPosition(chain: Pick<CrashChainRow, "length" | "checkpoints">, position: number): string {
  if (!Number.isInteger(position) || position < 1 || position > chain.length) throw new RangeError(`position ${position} is outside the chain`);
  const index = chain.length - position;
  const checkpoint = Math.floor(index / CHECKPOINT_EVERY);
  let current = chain.checkpoints[checkpoint];
  if (current === undefined) throw new Error(`checkpoint ${checkpoint} is missing`);
  for (let step = checkpoint * CHECKPOINT_EVERY; step < index; step += 1) current = nextHash(current);
  return current;
}

export type ChainStore = {
  /** Makes a chain (commitment, then salt) when none is in use; called outside any transaction. */
  ensure(): Promise<void>;
  /** The chain in use, locked in the caller's transaction. */
  lockCurrent(executor: DbExecutor): Promise<CrashChainRow>;
  /** Takes the chain's next position; the chain is used up once its last position is taken. */
  takePosition(executor: DbExecutor, chain: CrashChainRow): Promise<number>;
};

export function createChainStore(dependencies: { db: AppDatabase; now: () => Date; length: number }): ChainStore {
  const { db, now, length } = dependencies;

  return {
    async ensure() {
      const [found] = await db.select({ id: crashChains.id, salt: crashChains.salt }).from(crashChains).where(isNull(crashChains.exhaustedAt));
      if (found?.salt) return;
      if (!found) {
        const seed = newChainSeed();
        const { commitment, checkpoints } = await buildCheckpoints(seed, length);
        // The commitment is stored (and so published) first: the salt comes after it, so the
        // chain could not have been chosen to suit a salt already known.
        await db.insert(crashChains).values({ seed, commitment, length, checkpoints, createdAt: now() }).onConflictDoNothing();
      }
      await db.update(crashChains).set({ salt: randomBytes(32).toString("hex"), saltFixedAt: now() }).where(and(isNull(crashChains.exhaustedAt), isNull(crashChains.salt)));
    },

    async lockCurrent(executor) {
      const [row] = await executor.select().from(crashChains).where(isNull(crashChains.exhaustedAt)).for("update");
      if (!row?.salt) throw new Error("no crash chain with a fixed salt is in use");
      return row;
    },

    async takePosition(executor, chain) {
      const position = chain.used + 1;
      await executor
        .update(crashChains)
        .set({ used: position, ...(position >= chain.length ? { exhaustedAt: now() } : {}) })
        .where(eq(crashChains.id, chain.id));
      return position;
    },
  };
}
