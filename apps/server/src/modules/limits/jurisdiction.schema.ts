import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { StakeCapBand } from "@playfair/contracts/game/jurisdiction";

// Jurisdiction profiles (P11, ADR 031): one row per country whose rules apply to its players'
// games. Operator data: the seed adds the UK's once and never overwrites or re-adds it.
export const jurisdictionProfiles = pgTable("jurisdiction_profiles", {
  country: varchar("country", { length: 2 }).primaryKey(),
  /** Catalogue categories the rules cover ("slots"). */
  categories: text("categories").array().notNull(),
  /** Stake caps per game cycle by age band: [{ minAge, amount, currency }]. */
  stakeCaps: jsonb("stake_caps").$type<StakeCapBand[]>().notNull().default([]),
  minCycleMs: integer("min_cycle_ms").notNull().default(0),
  autoplayAllowed: boolean("autoplay_allowed").notNull().default(true),
  turboAllowed: boolean("turbo_allowed").notNull().default(true),
  slamStopAllowed: boolean("slam_stop_allowed").notNull().default(true),
  celebrateOnlyAboveStake: boolean("celebrate_only_above_stake").notNull().default(false),
  showNetPosition: boolean("show_net_position").notNull().default(false),
  showTimePlayed: boolean("show_time_played").notNull().default(false),
  /** The highest bonus wagering multiplier a player of the country may be given; null: the platform's cap. */
  bonusWageringCap: numeric("bonus_wagering_cap"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Countries whose seeded profile was added once: an operator's removal survives restarts. */
export const jurisdictionSeededCountries = pgTable("jurisdiction_seeded_countries", {
  country: varchar("country", { length: 2 }).primaryKey(),
});
