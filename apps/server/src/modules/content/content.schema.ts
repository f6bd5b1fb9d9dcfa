import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

// Content pages are CMS data: operators edit titles and markdown in the database, the seed only
// inserts pages that are missing, so edits survive restarts and deploys.
export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    // page (/:slug), static (/static/:id), bonus (/bonus/:id) or question (/questions/:id)
    kind: varchar("kind", { length: 16 }).notNull(),
    identity: varchar("identity", { length: 128 }).notNull(),
    locale: varchar("locale", { length: 5 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: varchar("description", { length: 500 }).notNull().default(""),
    body: text("body").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("content_pages_kind_check", sql`${table.kind} in ('page', 'static', 'bonus', 'question')`),
    uniqueIndex("content_pages_kind_identity_locale").on(table.kind, table.identity, table.locale),
    // The questions list: one kind, published rows, in the operator's order.
    index("content_pages_kind_sort").on(table.kind, table.sortOrder),
  ],
);
