import { randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { seedHash } from "@playfair/fairness";
import { SEED_GAMES, type SeedGame, type SeedState } from "@playfair/contracts/game/play";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { gameRounds, gameSeeds, type GameSeedRow } from "./game-play.schema.ts";

// F1: per player and seed family, a server seed (32 random bytes, hex) whose SHA-256 is shown
// before any bet, a client seed the player may set, and a nonce counting rounds. Rotation reveals
// the old server seed and commits a new one; a rotated seed row stays for verification.

export function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

export function newClientSeed(): string {
  return randomBytes(10).toString("hex");
}

export type SeedStore = {
  /** The player's active seed of a family, created when missing and locked until the caller's transaction ends. */
  lockActive(executor: DbExecutor, playerId: string, game: SeedGame): Promise<GameSeedRow>;
  /**
   * The player's active seed of a family (created when missing) with its nonce moved on by one,
   * locked until the caller's transaction ends; answers the row as it was, so `nonce` is the one
   * the caller's round takes. One statement: the row lock and the nonce are one update.
   */
  takeNonce(executor: DbExecutor, playerId: string, game: SeedGame): Promise<GameSeedRow>;
  list(playerId: string): Promise<SeedState[]>;
  setClientSeed(playerId: string, game: SeedGame, clientSeed: string): Promise<SeedState>;
  rotate(playerId: string, game: SeedGame, clientSeed?: string): Promise<SeedState>;
};

export function createSeedStore(dependencies: { db: AppDatabase; now: () => Date }): SeedStore {
  const { db, now } = dependencies;

  async function ensureActive(executor: DbExecutor, playerId: string, game: SeedGame, clientSeed = newClientSeed()): Promise<void> {
    const serverSeed = newServerSeed();
    await executor
      .insert(gameSeeds)
      .values({ playerId, game, serverSeed, serverSeedHash: seedHash(serverSeed), clientSeed, createdAt: now() })
      .onConflictDoNothing();
  }

  async function selectActive(executor: DbExecutor, playerId: string, game: SeedGame, lock: boolean): Promise<GameSeedRow | undefined> {
    const query = executor
      .select()
      .from(gameSeeds)
      .where(and(eq(gameSeeds.playerId, playerId), eq(gameSeeds.game, game), isNull(gameSeeds.revealedAt)));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  async function lockActive(executor: DbExecutor, playerId: string, game: SeedGame): Promise<GameSeedRow> {
    let row = await selectActive(executor, playerId, game, true);
    if (!row) {
      await ensureActive(executor, playerId, game);
      row = await selectActive(executor, playerId, game, true);
    }
    if (!row) throw new Error(`no active ${game} seed for player ${playerId}`);
    return row;
  }

  async function stateOf(executor: DbExecutor, playerId: string, game: SeedGame, active: GameSeedRow): Promise<SeedState> {
    const [previous] = await executor
      .select()
      .from(gameSeeds)
      .where(and(eq(gameSeeds.playerId, playerId), eq(gameSeeds.game, game), isNotNull(gameSeeds.revealedAt)))
      .orderBy(desc(gameSeeds.revealedAt))
      .limit(1);
    return {
      game,
      serverSeedHash: active.serverSeedHash,
      clientSeed: active.clientSeed,
      nonce: active.nonce,
      previous: previous ? { serverSeed: previous.serverSeed, serverSeedHash: previous.serverSeedHash, clientSeed: previous.clientSeed, nonce: previous.nonce } : null,
    };
  }

  return {
    lockActive,

    async takeNonce(executor, playerId, game) {
      const advance = () =>
        executor
          .update(gameSeeds)
          .set({ nonce: sql`${gameSeeds.nonce} + 1` })
          .where(and(eq(gameSeeds.playerId, playerId), eq(gameSeeds.game, game), isNull(gameSeeds.revealedAt)))
          .returning()
          .prepare("game_seed_take_nonce")
          .execute();
      let [row] = await advance();
      if (!row) {
        await ensureActive(executor, playerId, game);
        [row] = await advance();
      }
      if (!row) throw new Error(`no active ${game} seed for player ${playerId}`);
      return { ...row, nonce: row.nonce - 1 };
    },

    async list(playerId) {
      return db.transaction(async (tx) => {
        const states: SeedState[] = [];
        for (const game of SEED_GAMES) {
          let active = await selectActive(tx, playerId, game, false);
          if (!active) {
            await ensureActive(tx, playerId, game);
            active = await selectActive(tx, playerId, game, false);
          }
          if (active) states.push(await stateOf(tx, playerId, game, active));
        }
        return states;
      });
    },

    async setClientSeed(playerId, game, clientSeed) {
      return db.transaction(async (tx) => {
        const active = await lockActive(tx, playerId, game);
        const [updated] = await tx.update(gameSeeds).set({ clientSeed }).where(eq(gameSeeds.id, active.id)).returning();
        return stateOf(tx, playerId, game, updated!);
      });
    },

    async rotate(playerId, game, clientSeed) {
      return db.transaction(async (tx) => {
        const active = await lockActive(tx, playerId, game);
        // Revealing the seed of a round still in play would reveal its outcome (the mines' places).
        const [open] = await tx
          .select({ id: gameRounds.id })
          .from(gameRounds)
          .where(and(eq(gameRounds.seedId, active.id), eq(gameRounds.status, "open")))
          .limit(1);
        if (open) throw new AppError("CONFLICT", "Finish the round in play before rotating the server seed.");
        await tx.update(gameSeeds).set({ revealedAt: now() }).where(eq(gameSeeds.id, active.id));
        await ensureActive(tx, playerId, game, clientSeed ?? active.clientSeed);
        const next = await selectActive(tx, playerId, game, false);
        return stateOf(tx, playerId, game, next!);
      });
    },
  };
}
