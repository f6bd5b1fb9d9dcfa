import { boolean, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";
import { players } from "../../player/player.schema.ts";

// Our side of the seamless wallet (ADR 022): the sessions we hand to an aggregator at launch, the
// rounds it opens and closes, and every wallet call it made with the answer we gave, so a retry of
// the same transaction id gets the first answer again.

/** One launch of a third-party game: the token the aggregator quotes in every wallet call. */
export const gameAggregatorSessions = pgTable(
  "game_aggregator_sessions",
  {
    token: varchar("token", { length: 64 }).primaryKey(),
    // Null for a guest's demo session; demo sessions never reach the wallet endpoints.
    playerId: uuid("player_id").references(() => players.id, { onDelete: "restrict" }),
    walletAccountId: uuid("wallet_account_id").references(() => walletAccounts.id, { onDelete: "restrict" }),
    currency: varchar("currency", { length: 12 }).notNull(),
    demo: boolean("demo").notNull(),
    provider: varchar("provider", { length: 64 }).notNull(),
    gameCode: varchar("game_code", { length: 128 }).notNull(),
    mathModel: varchar("math_model", { length: 64 }).notNull(),
    locale: varchar("locale", { length: 16 }).notNull(),
    device: varchar("device", { length: 16 }).notNull(),
    // The launching request's visitor country: the aggregator calls the wallet over its own
    // connection, so a player without a profile country is placed by this one (P11, ADR 031).
    visitorCountry: varchar("visitor_country", { length: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("game_aggregator_sessions_player").on(table.playerId, table.createdAt)],
);

/** A round of a third-party game: open until a call says it is closed; nothing moves it after that. */
export const gameAggregatorRounds = pgTable(
  "game_aggregator_rounds",
  {
    provider: varchar("provider", { length: 64 }).notNull(),
    roundId: varchar("round_id", { length: 128 }).notNull(),
    sessionToken: varchar("session_token", { length: 64 })
      .notNull()
      .references(() => gameAggregatorSessions.token, { onDelete: "restrict" }),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "restrict" }),
    gameCode: varchar("game_code", { length: 128 }).notNull(),
    // open, closed
    status: varchar("status", { length: 12 }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.roundId] })],
);

/**
 * Every bet, win and rollback the aggregator sent, by its own transaction id (unique per provider),
 * with the answer we gave. A rollback of a bet we never saw is stored too, so the late bet is refused.
 */
export const gameAggregatorTransactions = pgTable(
  "game_aggregator_transactions",
  {
    provider: varchar("provider", { length: 64 }).notNull(),
    transactionId: varchar("transaction_id", { length: 128 }).notNull(),
    // bet, win, rollback
    kind: varchar("kind", { length: 12 }).notNull(),
    roundId: varchar("round_id", { length: 128 }).notNull(),
    sessionToken: varchar("session_token", { length: 64 }).notNull(),
    playerId: uuid("player_id").notNull(),
    amount: numeric("amount").notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    // The bet a rollback undoes (or would have undone, when it never came).
    referenceTransactionId: varchar("reference_transaction_id", { length: 128 }),
    // SHA-256 of the call's parameters: the same id with other parameters is refused, not replayed.
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    ledgerKey: text("ledger_key"),
    // A free round's bet or win: the player's free spins (player_freespins.id) it was played as.
    freespinId: uuid("freespin_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.transactionId] }),
    index("game_aggregator_transactions_reference").on(table.provider, table.referenceTransactionId),
    index("game_aggregator_transactions_round").on(table.provider, table.roundId),
  ],
);
