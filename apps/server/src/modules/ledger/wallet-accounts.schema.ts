import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";

// A player's account in one currency (spec 3 "Wallet account"). Registration creates the first
// one; balances live in the ledger (modules/ledger), never in this row.
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    currency: varchar("currency", { length: 10 }).notNull(),
    // WALLET_ACCOUNT_STATUS: 1 active
    status: smallint("status").notNull().default(1),
    // The account the player plays with; exactly one per player.
    isSelected: boolean("is_selected").notNull().default(false),
    isHidden: boolean("is_hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("wallet_accounts_player_currency").on(table.playerId, table.currency),
    uniqueIndex("wallet_accounts_one_selected").on(table.playerId).where(sql`${table.isSelected}`),
    index("wallet_accounts_player").on(table.playerId),
    check("wallet_accounts_status_check", sql`${table.status} in (1, 2)`),
  ],
);
