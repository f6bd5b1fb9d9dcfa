import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";

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

// Help organisations and helplines of the responsible-gaming page, per country ('INT': shown to
// everyone after the player's own country's). Operator data like the pages: the seed inserts the
// rows of a country once (help_organisation_seeded_countries), so an operator's edits and removals,
// a whole country's included, survive restarts.
export const helpOrganisations = pgTable(
  "help_organisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: varchar("country", { length: 3 }).notNull(),
    name: varchar("name", { length: 200 }).notNull(),
    description: varchar("description", { length: 500 }),
    phone: varchar("phone", { length: 40 }),
    url: varchar("url", { length: 300 }),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("help_organisations_country_sort").on(table.country, table.sortOrder)],
);

/** The countries whose help organisations the seed has inserted once; it never inserts them again. */
export const helpOrganisationSeededCountries = pgTable("help_organisation_seeded_countries", {
  country: varchar("country", { length: 3 }).primaryKey(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});
