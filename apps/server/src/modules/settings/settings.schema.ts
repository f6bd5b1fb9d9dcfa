import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, numeric, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

// Reference data lives in the database so an operator can enable, hide or re-rate a currency
// without a deploy; the seed only inserts what is missing and never overwrites those choices.

export const currencies = pgTable(
  "currencies",
  {
    code: varchar("code", { length: 12 }).primaryKey(),
    type: varchar("type", { length: 8 }).notNull(),
    symbol: varchar("symbol", { length: 12 }).notNull(),
    // Unconstrained NUMERIC keeps the scale the rate was written with ("91234.5", not "91234.500000").
    rate: numeric("rate").notNull(),
    rateUpdatedAt: timestamp("rate_updated_at", { withTimezone: true }).notNull().defaultNow(),
    subunitToUnit: numeric("subunit_to_unit").notNull(),
    subCurrencies: jsonb("sub_currencies").$type<{ code: string; subunitToUnit: string }[]>().notNull().default([]),
    isEnabled: boolean("is_enabled").notNull().default(true),
    isBase: boolean("is_base").notNull().default(false),
    isVisible: boolean("is_visible").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    check("currencies_type_check", sql`${table.type} in ('fiat', 'crypto')`),
    check("currencies_rate_positive", sql`${table.rate} > 0`),
    check("currencies_subunit_positive", sql`${table.subunitToUnit} >= 1`),
    // At most one base currency: every rate is expressed against it.
    uniqueIndex("currencies_single_base").on(table.isBase).where(sql`${table.isBase}`),
  ],
);

export const locales = pgTable(
  "locales",
  {
    code: varchar("code", { length: 5 }).primaryKey(),
    name: varchar("name", { length: 64 }).notNull(),
    direction: varchar("direction", { length: 3 }).notNull().default("ltr"),
    isDefault: boolean("is_default").notNull().default(false),
    isEnabled: boolean("is_enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    check("locales_direction_check", sql`${table.direction} in ('ltr', 'rtl')`),
    uniqueIndex("locales_single_default").on(table.isDefault).where(sql`${table.isDefault}`),
  ],
);

export const countries = pgTable("countries", {
  code: varchar("code", { length: 2 }).primaryKey(),
  name: varchar("name", { length: 96 }).notNull(),
  locale: varchar("locale", { length: 5 }).notNull(),
  phoneCode: varchar("phone_code", { length: 16 }),
  isSelectable: boolean("is_selectable").notNull().default(true),
});
