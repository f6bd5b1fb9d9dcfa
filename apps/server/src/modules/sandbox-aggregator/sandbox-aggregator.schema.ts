import { boolean, check, index, integer, numeric, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

// The sandbox aggregator's own books: one row per game it launched. A demo session's play money
// lives here and nowhere else; a real one's balance is always the operator's answer.
export const sandboxAggregatorSessions = pgTable("sandbox_aggregator_sessions", {
  id: varchar("id", { length: 64 }).primaryKey(),
  // The operator's session token, quoted in every wallet call (null in demo).
  operatorToken: varchar("operator_token", { length: 64 }),
  provider: varchar("provider", { length: 64 }).notNull(),
  gameCode: varchar("game_code", { length: 128 }).notNull(),
  mathModel: varchar("math_model", { length: 64 }).notNull(),
  currency: varchar("currency", { length: 12 }).notNull(),
  demo: boolean("demo").notNull(),
  demoBalance: numeric("demo_balance"),
  // The session's RNG key: round n's symbols are HMAC-SHA256(seed, n) (deterministic, not provably fair).
  seed: varchar("seed", { length: 64 }).notNull(),
  // Rounds played in this session: the round ids and the RNG's counter.
  rounds: integer("rounds").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * Free rounds the operator granted (its free spins on one of our games): the next `remaining`
 * rounds of the operator's session token on that game are played at `spinValue`, their bet and
 * win marked with `reference`. A new grant under the same reference replaces the old one.
 */
export const sandboxAggregatorFreeRounds = pgTable(
  "sandbox_aggregator_free_rounds",
  {
    reference: varchar("reference", { length: 128 }).primaryKey(),
    operatorToken: varchar("operator_token", { length: 64 }).notNull(),
    provider: varchar("provider", { length: 64 }).notNull(),
    gameCode: varchar("game_code", { length: 128 }).notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    spinValue: numeric("spin_value").notNull(),
    remaining: integer("remaining").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sandbox_aggregator_free_rounds_token").on(table.operatorToken, table.gameCode), check("sandbox_aggregator_free_rounds_remaining", sql`${table.remaining} >= 0`)],
);
