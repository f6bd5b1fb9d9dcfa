import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import type { LiveState, SportOutcomeResult } from "@playfair/contracts/sport/feed-messages";
import { players } from "../player/player.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

// The sportsbook's tables (ADR 035). The feed writes the calendar, markets and prices; the trading
// core writes bets. Sports themselves are constant data (`contracts/sport/sports.ts`).

/** A country, tournament family or e-sports title inside a sport (spec 3 Sport info: Categories). */
export const sportCategories = pgTable(
  "sport_categories",
  {
    id: integer("id").primaryKey(),
    sportId: integer("sport_id").notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("sport_categories_sport").on(table.sportId, table.position)],
);

/** A league or tournament inside a category (spec 3 Sport info: Championships). */
export const sportChampionships = pgTable(
  "sport_championships",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => sportCategories.id),
    name: varchar("name", { length: 160 }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("sport_championships_category").on(table.categoryId, table.position)],
);

/** A team or player, with the seed of its generated crest. */
export const sportCompetitors = pgTable("sport_competitors", {
  id: integer("id").primaryKey(),
  sportId: integer("sport_id").notNull(),
  name: varchar("name", { length: 120 }).notNull(),
  shortName: varchar("short_name", { length: 16 }).notNull(),
  crest: jsonb("crest").$type<{ shape: number; primary: string; secondary: string }>().notNull(),
});

/**
 * A fixture, pre-match or live, and where the feed stands with it: `feed_sequence` is the last
 * event message applied (ADR 035: each sequence once, in order).
 */
export const sportEvents = pgTable(
  "sport_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    sportId: integer("sport_id").notNull(),
    categoryId: integer("category_id").notNull(),
    championshipId: integer("championship_id")
      .notNull()
      .references(() => sportChampionships.id),
    homeCompetitorId: integer("home_competitor_id").references(() => sportCompetitors.id),
    awayCompetitorId: integer("away_competitor_id").references(() => sportCompetitors.id),
    name: varchar("name", { length: 200 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    // SPORT_EVENT_STATUSES
    status: varchar("status", { length: 16 }).notNull(),
    // SPORT_PRODUCERS: who sends this event's messages now (pre-match until it goes live).
    producer: varchar("producer", { length: 16 }).notNull(),
    liveCoverage: boolean("live_coverage").notNull().default(false),
    liveState: jsonb("live_state").$type<LiveState>(),
    feedSequence: integer("feed_sequence").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sport_events_sport_start").on(table.sportId, table.status, table.startsAt),
    index("sport_events_championship").on(table.championshipId, table.startsAt),
    index("sport_events_live").on(table.status).where(sql`${table.status} = 'live'`),
  ],
);

export type StoredOutcome = {
  id: string;
  odds: string;
  active: boolean;
  result?: SportOutcomeResult;
  deadHeatFactor?: string;
};

/**
 * One market of an event (`market_key` = `<marketTypeId>|<specifiers>`), its outcomes with prices
 * and, once settled, results. `version` grows with every price or status change: acceptance
 * compares the version a slip saw; settlement counts how often the market was settled.
 */
export const sportMarkets = pgTable(
  "sport_markets",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => sportEvents.id, { onDelete: "cascade" }),
    marketKey: varchar("market_key", { length: 140 }).notNull(),
    marketTypeId: integer("market_type_id").notNull(),
    specifiers: varchar("specifiers", { length: 120 }).notNull().default(""),
    // SPORT_MARKET_STATUSES
    status: varchar("status", { length: 16 }).notNull(),
    outcomes: jsonb("outcomes").$type<StoredOutcome[]>().notNull(),
    version: integer("version").notNull().default(1),
    // When the market last stopped being active (bet_stop, a suspended or closed state): a live
    // bet placed before it is rejected at the end of its delay even if the market is open again.
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.marketKey] })],
);

/** Event messages that arrived ahead of a missing sequence number, kept until the gap is filled. */
export const sportFeedPending = pgTable(
  "sport_feed_pending",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    sequence: integer("sequence").notNull(),
    message: jsonb("message").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.sequence] })],
);

/** A producer's health: down suspends its events' markets until a requested snapshot completes. */
export const sportProducers = pgTable("sport_producers", {
  id: varchar("id", { length: 16 }).primaryKey(),
  // up | down | recovering
  status: varchar("status", { length: 16 }).notNull(),
  lastAliveAt: timestamp("last_alive_at", { withTimezone: true }),
  lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  recoveryRequestId: varchar("recovery_request_id", { length: 80 }),
  // When it last stopped being up: its markets were suspended from then until it recovered.
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The most one player may stake on one market of a type (over all their open bets on it), set
 * by the operator per currency: for every event (`event_id` 0) or for one event's markets of the
 * type. The lower of it and the currency's own per-market limit applies.
 */
export const sportMarketLimits = pgTable(
  "sport_market_limits",
  {
    marketTypeId: integer("market_type_id").notNull(),
    // 0: every event.
    eventId: bigint("event_id", { mode: "number" }).notNull().default(0),
    currency: varchar("currency", { length: 12 }).notNull(),
    maxStake: numeric("max_stake").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.marketTypeId, table.eventId, table.currency] }), check("sport_market_limits_max_stake_check", sql`${table.maxStake} > 0`)],
);

/**
 * A player's bet: single, multiple or system k/n. pending (live delay) -> accepted | rejected;
 * accepted -> settled | cancelled | cashed_out; a settled bet may be reopened by a rollback.
 */
export const sportBets = pgTable(
  "sport_bets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    walletAccountId: uuid("wallet_account_id")
      .notNull()
      .references(() => walletAccounts.id),
    currency: varchar("currency", { length: 12 }).notNull(),
    // The slip's idempotency key (L4): the same key answers the same bet.
    idempotencyKey: varchar("idempotency_key", { length: 80 }).notNull(),
    // SHA-256 of the slip as sent: the same key with another slip is refused (409).
    slipFingerprint: varchar("slip_fingerprint", { length: 64 }).notNull(),
    // single | multiple | system
    kind: varchar("kind", { length: 16 }).notNull(),
    // k of a system k/n; null otherwise.
    systemSize: smallint("system_size"),
    stake: numeric("stake").notNull(),
    // The most the bet can pay at its accepted odds.
    potentialPayout: numeric("potential_payout").notNull(),
    // accept_any | accept_higher | none
    oddsPolicy: varchar("odds_policy", { length: 16 }).notNull(),
    isLive: boolean("is_live").notNull(),
    // pending | accepted | rejected | settled | cancelled | cashed_out
    status: varchar("status", { length: 16 }).notNull(),
    rejectReason: varchar("reject_reason", { length: 40 }),
    payout: numeric("payout"),
    // How many times settlement and rollback moved money: part of each ledger key.
    settlementCount: integer("settlement_count").notNull().default(0),
    cancelledBy: varchar("cancelled_by", { length: 80 }),
    cancelReason: varchar("cancel_reason", { length: 200 }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    decideAt: timestamp("decide_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sport_bets_idempotency").on(table.playerId, table.idempotencyKey),
    index("sport_bets_player_placed").on(table.playerId, table.placedAt),
    index("sport_bets_pending").on(table.decideAt).where(sql`${table.status} = 'pending'`),
    // The history's two lists (settled or not) and the open bets with their cash-out offers.
    index("sport_bets_player_status").on(table.playerId, table.status, table.placedAt),
    check("sport_bets_stake_check", sql`${table.stake} > 0`),
  ],
);

/** One selection of a bet, with the odds it was accepted at and, once known, its result. */
export const sportBetLegs = pgTable(
  "sport_bet_legs",
  {
    betId: uuid("bet_id")
      .notNull()
      .references(() => sportBets.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => sportEvents.id),
    marketKey: varchar("market_key", { length: 140 }).notNull(),
    outcomeId: varchar("outcome_id", { length: 40 }).notNull(),
    odds: numeric("odds").notNull(),
    // The market version the slip was priced on.
    marketVersion: integer("market_version").notNull(),
    // open | win | lose | void | half_win | half_lose
    result: varchar("result", { length: 16 }).notNull().default("open"),
    deadHeatFactor: numeric("dead_heat_factor"),
    // Set when a bet_cancel voided the leg (P9): who and why; a rollback of the cancel clears them.
    cancelledBy: varchar("cancelled_by", { length: 80 }),
    cancelReason: varchar("cancel_reason", { length: 200 }),
  },
  (table) => [primaryKey({ columns: [table.betId, table.position] }), index("sport_bet_legs_market").on(table.eventId, table.marketKey, table.betId)],
);

/**
 * A settled market whose bets are still being settled batch by batch (ADR 037). The feed's
 * transaction writes it when the market has more decided bets than its own first batch took
 * (`settled_through`: the last bet id that batch took); the loop walks the market's bets after it
 * and removes the row once no accepted bet with every leg decided is left, so a crash resumes here.
 * `round` counts the settlements of the market while it waits: a pass that began before a
 * resettlement leaves the row for the next pass, which walks the new round.
 */
export const sportMarketSettlements = pgTable(
  "sport_market_settlements",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    marketKey: varchar("market_key", { length: 140 }).notNull(),
    round: integer("round").notNull().default(1),
    settledThrough: uuid("settled_through"),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.marketKey] })],
);
