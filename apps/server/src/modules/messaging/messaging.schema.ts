import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

// Every e-mail and SMS the product sends, written in the same transaction as the change that
// caused it (the outbox pattern), then handed to the delivery adapter. The in-house adapter keeps
// them here only and the development mailbox shows them.
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // email or sms
    channel: varchar("channel", { length: 8 }).notNull(),
    recipient: varchar("recipient", { length: 254 }).notNull(),
    // The template that produced it, e.g. "otp", "verify-email", "password-reset".
    template: varchar("template", { length: 40 }).notNull(),
    locale: varchar("locale", { length: 5 }).notNull().default("en"),
    subject: varchar("subject", { length: 300 }),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    // pending, sent, failed
    status: varchar("status", { length: 8 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // Which adapter delivered it: outbox (in-house) or smtp.
    deliveredBy: varchar("delivered_by", { length: 16 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outbox_messages_status").on(table.status, table.createdAt),
    index("outbox_messages_recipient").on(table.recipient, table.createdAt),
    check("outbox_messages_channel_check", sql`${table.channel} in ('email', 'sms')`),
  ],
);
