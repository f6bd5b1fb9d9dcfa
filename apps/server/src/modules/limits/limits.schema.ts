import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, smallint, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";

// Responsible-gaming limits (spec 3 "Limit", promises P1-P4 in docs/promises.md). A row is the limit in force plus at
// most one pending change: a decrease applies at once, an increase or a removal waits 24 hours
// (pendingEffectiveAt), so the value in force is computed against the clock, never rewritten early.
export const playerLimits = pgTable(
  "player_limits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    // LIMIT_DEFINITION: 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
    definition: smallint("definition").notNull(),
    // LIMIT_PERIOD for money limits; null for self-exclusion and cooling-off.
    period: smallint("period"),
    amount: numeric("amount"),
    currency: varchar("currency", { length: 12 }),
    // Self-exclusion and cooling-off: when they end.
    endsAt: timestamp("ends_at", { withTimezone: true }),
    pendingAmount: numeric("pending_amount"),
    // "remove" when the pending change is a removal, "amount" when it is an increase.
    pendingChange: varchar("pending_change", { length: 8 }),
    pendingEffectiveAt: timestamp("pending_effective_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [
    index("player_limits_player").on(table.playerId, table.definition),
    check("player_limits_definition_check", sql`${table.definition} between 1 and 5`),
    check("player_limits_period_check", sql`${table.period} is null or ${table.period} between 1 and 3`),
    check("player_limits_amount_positive", sql`${table.amount} is null or ${table.amount} > 0`),
  ],
);
