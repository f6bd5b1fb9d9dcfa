import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../../player/player.schema.ts";

// The casino catalogue: operator data the seed inserts when missing (keyed by identity), so an
// operator's edits, hidden games and collection orders survive restarts.

export const gameProviders = pgTable("game_providers", {
  id: uuid("id").primaryKey().defaultRandom(),
  identity: varchar("identity", { length: 80 }).notNull().unique(),
  name: varchar("name", { length: 120 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identity: varchar("identity", { length: 80 }).notNull().unique(),
    name: varchar("name", { length: 120 }).notNull(),
    /** Titles in other locales where a game has one; the name stands in for the rest. */
    localizedNames: jsonb("localized_names").$type<Record<string, string>>().notNull().default({}),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => gameProviders.id),
    /** Declared return to player in percent, exact (never a float). */
    rtp: numeric("rtp", { precision: 5, scale: 2 }).notNull(),
    volatility: varchar("volatility", { length: 8 }).notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    hasDemo: boolean("has_demo").notNull().default(true),
    devices: text("devices").array().notNull().default(sql`'{desktop,mobile}'::text[]`),
    restrictedCountries: text("restricted_countries").array().notNull().default(sql`'{}'::text[]`),
    isOriginal: boolean("is_original").notNull().default(false),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull().defaultNow(),
    popularity: integer("popularity").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    /** Third-party games: the aggregator's game code and the sandbox aggregator's math model. */
    aggregatorCode: varchar("aggregator_code", { length: 120 }),
    mathModel: varchar("math_model", { length: 60 }),
    /**
     * What search matches: every name of the game and its provider's name, lowercased. Kept by the
     * repository on every write (a generated column cannot read the provider's table).
     */
    searchText: text("search_text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("games_volatility_check", sql`${table.volatility} in ('low', 'medium', 'high')`),
    index("games_provider").on(table.providerId),
    index("games_popularity").on(table.popularity.desc(), table.identity),
    index("games_released").on(table.releasedAt.desc(), table.identity),
    // Search (docs/decisions/020-game-catalogue.md): word prefixes through full text, typos through trigrams.
    // Without GIN's pending list (ADR 029): a bulk import would otherwise sit unindexed until the next
    // vacuum, and the planner, costing that list, scans every row with to_tsvector and trigrams instead.
    index("games_search_fts").using("gin", sql`to_tsvector('simple', ${table.searchText})`).with({ fastupdate: false }),
    index("games_search_trgm").using("gin", sql`${table.searchText} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

export const gameCollections = pgTable("game_collections", {
  id: uuid("id").primaryKey().defaultRandom(),
  identity: varchar("identity", { length: 80 }).notNull().unique(),
  /** Titles per locale code; "en" always present and used for a locale without its own. */
  names: jsonb("names").$type<Record<string, string>>().notNull(),
  isHidden: boolean("is_hidden").notNull().default(false),
  /** ISO country codes where the collection shows; empty means everywhere. */
  countries: text("countries").array().notNull().default(sql`'{}'::text[]`),
  position: integer("position").notNull().default(0),
});

export const gameCollectionGames = pgTable(
  "game_collection_games",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => gameCollections.id, { onDelete: "cascade" }),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.gameId] }), index("game_collection_games_order").on(table.collectionId, table.position)],
);

export const gameFavorites = pgTable(
  "game_favorites",
  {
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] }), index("game_favorites_player_created").on(table.playerId, table.createdAt.desc())],
);

export const gamePlayed = pgTable(
  "game_played",
  {
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    lastPlayedAt: timestamp("last_played_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] }), index("game_played_player_last").on(table.playerId, table.lastPlayedAt.desc())],
);

export const gameRecentSearches = pgTable(
  "game_recent_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    text: varchar("text", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("game_recent_searches_player_text").on(table.playerId, table.text), index("game_recent_searches_player_created").on(table.playerId, table.createdAt.desc())],
);
