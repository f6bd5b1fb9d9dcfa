import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../../player/player.schema.ts";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";

// Provably-fair seeds (F1): one active server seed per player and seed family (the engine's game
// id); a rotated seed keeps its row with `revealed_at` set, so old rounds stay verifiable.
export const gameSeeds = pgTable(
  "game_seeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    game: varchar("game", { length: 16 }).notNull(),
    serverSeed: varchar("server_seed", { length: 64 }).notNull(),
    serverSeedHash: varchar("server_seed_hash", { length: 64 }).notNull(),
    clientSeed: varchar("client_seed", { length: 64 }).notNull(),
    // The nonce the next round takes; one more per round under this server seed.
    nonce: integer("nonce").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp("revealed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("game_seeds_active").on(table.playerId, table.game).where(sql`${table.revealedAt} is null`),
    index("game_seeds_player_game").on(table.playerId, table.game, table.revealedAt),
    check("game_seeds_nonce_check", sql`${table.nonce} >= 0`),
  ],
);

// A launch of an original (POST /api/game/games/{id}/play): binds the player (null for a guest's
// demo), the game, the currency and the demo flag. A demo session holds its play money and its own
// seeds here; it never touches the ledger.
export const gameSessions = pgTable(
  "game_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
    gameIdentity: varchar("game_identity", { length: 80 }).notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    demo: boolean("demo").notNull(),
    walletAccountId: uuid("wallet_account_id").references(() => walletAccounts.id, { onDelete: "restrict" }),
    demoBalance: numeric("demo_balance"),
    demoServerSeed: varchar("demo_server_seed", { length: 64 }),
    demoClientSeed: varchar("demo_client_seed", { length: 64 }),
    demoNonce: integer("demo_nonce"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("game_sessions_demo_expiry").on(table.expiresAt).where(sql`${table.demo}`),
    check("game_sessions_demo_balance_check", sql`${table.demoBalance} is null or ${table.demoBalance} >= 0`),
    check("game_sessions_real_check", sql`${table.demo} or (${table.playerId} is not null and ${table.walletAccountId} is not null)`),
  ],
);

// One round of an original: what F3 names (seed hash, client seed, nonce, cursor, parameters,
// algorithm version, outcome), the money (stake, payout, balance before and after) and its state:
// open -> settled | voided, changed once (L5). A demo round has no player wallet and no ledger.
export const gameRounds = pgTable(
  "game_rounds",
  {
    id: uuid("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
    gameIdentity: varchar("game_identity", { length: 80 }).notNull(),
    game: varchar("game", { length: 16 }).notNull(),
    demo: boolean("demo").notNull(),
    multiStep: boolean("multi_step").notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    walletAccountId: uuid("wallet_account_id").references(() => walletAccounts.id, { onDelete: "restrict" }),
    seedId: uuid("seed_id").references(() => gameSeeds.id, { onDelete: "restrict" }),
    serverSeedHash: varchar("server_seed_hash", { length: 64 }).notNull(),
    clientSeed: varchar("client_seed", { length: 64 }).notNull(),
    nonce: integer("nonce").notNull(),
    cursor: integer("cursor").notNull().default(0),
    algorithmVersion: smallint("algorithm_version").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    // What the player must not see while the round is open (the mines' positions).
    hidden: jsonb("hidden").$type<Record<string, unknown>>(),
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
    stake: numeric("stake").notNull(),
    payout: numeric("payout"),
    multiplier: varchar("multiplier", { length: 32 }),
    status: varchar("status", { length: 8 }).notNull(),
    isBigWin: boolean("is_big_win").notNull().default(false),
    balanceBefore: numeric("balance_before").notNull(),
    balanceAfter: numeric("balance_after"),
    // The client's Idempotency-Key, scoped to the game session, with a fingerprint of the request.
    idempotencyKey: varchar("idempotency_key", { length: 200 }),
    requestFingerprint: varchar("request_fingerprint", { length: 64 }),
    // The player's free spin this round was played as (player_freespins.id): the stake was the bonus budget's.
    freespinId: uuid("freespin_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("game_rounds_idempotency").on(table.sessionId, table.idempotencyKey),
    // One open multi-step round per player and game (per session in demo): the next one starts after it ends.
    uniqueIndex("game_rounds_one_open").on(table.playerId, table.gameIdentity).where(sql`${table.status} = 'open' and ${table.multiStep} and not ${table.demo}`),
    uniqueIndex("game_rounds_one_open_demo").on(table.sessionId).where(sql`${table.status} = 'open' and ${table.multiStep} and ${table.demo}`),
    index("game_rounds_open").on(table.createdAt).where(sql`${table.status} = 'open'`),
    index("game_rounds_player_created").on(table.playerId, table.createdAt),
    index("game_rounds_player_game_created").on(table.playerId, table.gameIdentity, table.createdAt),
    index("game_rounds_big_wins").on(table.settledAt).where(sql`${table.isBigWin}`),
    index("game_rounds_seed").on(table.seedId),
    check("game_rounds_status_check", sql`${table.status} in ('open', 'settled', 'voided')`),
    check("game_rounds_stake_positive", sql`${table.stake} > 0`),
    check("game_rounds_payout_check", sql`${table.payout} is null or ${table.payout} >= 0`),
  ],
);

export type GameRoundRow = typeof gameRounds.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type GameSeedRow = typeof gameSeeds.$inferSelect;
