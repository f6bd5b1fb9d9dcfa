import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";
import { players } from "../../player/player.schema.ts";
import { gameSessions } from "../play/game-play.schema.ts";

// A chain of crash rounds (ADR 018, ADR 027): hashes made from a secret seed, played from the end.
// The terminating hash (the commitment) is stored first, the public salt after it and before the
// first round. `checkpoints` keeps every CHECKPOINT_EVERY-th hash so a round's hash is a few
// hundred hashes away instead of up to a million; it and the seed are never answered until the
// chain is used up.
export const crashChains = pgTable(
  "crash_chains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seed: varchar("seed", { length: 64 }).notNull(),
    commitment: varchar("commitment", { length: 64 }).notNull(),
    salt: varchar("salt", { length: 64 }),
    length: integer("length").notNull(),
    checkpoints: jsonb("checkpoints").$type<string[]>().notNull(),
    /** The position the last round took; the next round takes one more. */
    used: integer("used").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    saltFixedAt: timestamp("salt_fixed_at", { withTimezone: true }),
    exhaustedAt: timestamp("exhausted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("crash_chains_commitment").on(table.commitment),
    // One chain in use at a time.
    uniqueIndex("crash_chains_current").on(sql`(true)`).where(sql`${table.exhaustedAt} is null`),
    check("crash_chains_used_check", sql`${table.used} >= 0 and ${table.used} <= ${table.length}`),
  ],
);

// One shared round: betting -> running -> crashed, or betting -> cancelled (recovery). Its hash
// and point are stored when the round is made and answered only once it is over.
export const crashRounds = pgTable(
  "crash_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chainId: uuid("chain_id")
      .notNull()
      .references(() => crashChains.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    hash: varchar("hash", { length: 64 }).notNull(),
    /** Hundredths: 235 is 2.35x. */
    crashPoint: integer("crash_point").notNull(),
    status: varchar("status", { length: 10 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    bettingEndsAt: timestamp("betting_ends_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    crashedAt: timestamp("crashed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("crash_rounds_chain_position").on(table.chainId, table.position),
    // One round in play at a time, whichever process runs the loop.
    uniqueIndex("crash_rounds_in_play").on(sql`(true)`).where(sql`${table.status} in ('betting', 'running')`),
    index("crash_rounds_created").on(table.createdAt),
    check("crash_rounds_status_check", sql`${table.status} in ('betting', 'running', 'crashed', 'cancelled')`),
    check("crash_rounds_point_check", sql`${table.crashPoint} >= 100`),
  ],
);

// A bet on a round: active -> cashed | lost | refunded, once (L5). Real bets hold their stake in
// the ledger under `crash-bet:<id>:stake` and end with `crash-bet:<id>:resolve`; demo bets move the
// demo session's play money. An idempotent retry finds its bet by (session, key).
export const crashBets = pgTable(
  "crash_bets",
  {
    id: uuid("id").primaryKey(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => crashRounds.id, { onDelete: "restrict" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
    demo: boolean("demo").notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    walletAccountId: uuid("wallet_account_id").references(() => walletAccounts.id, { onDelete: "restrict" }),
    amount: numeric("amount").notNull(),
    /** Hundredths; null without an auto cash-out. */
    autoCashout: integer("auto_cashout"),
    status: varchar("status", { length: 10 }).notNull(),
    cashoutMultiplier: integer("cashout_multiplier"),
    payout: numeric("payout"),
    balanceBefore: numeric("balance_before").notNull(),
    balanceAfter: numeric("balance_after"),
    idempotencyKey: varchar("idempotency_key", { length: 200 }),
    requestFingerprint: varchar("request_fingerprint", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("crash_bets_idempotency").on(table.sessionId, table.idempotencyKey),
    index("crash_bets_round").on(table.roundId, table.status),
    index("crash_bets_player_created").on(table.playerId, table.createdAt),
    // The public big wins (game/spins): real cash-outs from 10x, newest first. The literal matches
    // CRASH_BIG_WIN_HUNDREDTHS so the winners query can use it.
    index("crash_bets_big_wins").on(table.settledAt).where(sql`${table.status} = 'cashed' and ${table.demo} = false and ${table.cashoutMultiplier} >= 1000`),
    check("crash_bets_status_check", sql`${table.status} in ('active', 'cashed', 'lost', 'refunded')`),
    check("crash_bets_amount_positive", sql`${table.amount} > 0`),
    check("crash_bets_auto_cashout_check", sql`${table.autoCashout} is null or ${table.autoCashout} >= 101`),
  ],
);

// Which process runs the round loop: the holder renews its lease while it lives; another process
// takes the row over once the lease has run out. A row, not an advisory lock, so it works the same
// on PGlite and on a pool of PostgreSQL connections.
export const crashLeader = pgTable("crash_leader", {
  name: varchar("name", { length: 32 }).primaryKey(),
  holder: varchar("holder", { length: 64 }).notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
});

export type CrashChainRow = typeof crashChains.$inferSelect;
export type CrashRoundRow = typeof crashRounds.$inferSelect;
export type CrashBetRow = typeof crashBets.$inferSelect;
