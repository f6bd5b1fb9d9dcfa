import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

// Realtime events waiting for delivery (transactional outbox): domain code inserts a row in the
// same transaction as the change it describes; after commit a dispatcher publishes it and marks it
// delivered. The row id travels with the publication so clients can drop duplicates. Delivered rows
// stay 24 h as the channels' history: a reconnecting client recovers what it missed from them.
export const realtimeOutbox = pgTable(
  "realtime_outbox",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    channel: varchar("channel", { length: 255 }).notNull(),
    // The publication's payload (spec 7 event names live inside it).
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (table) => [
    index("realtime_outbox_pending").on(table.deliveredAt, table.id),
    // History of one channel for recovery on reconnect (rows after the client's offset).
    index("realtime_outbox_channel_id").on(table.channel, table.id),
  ],
);
