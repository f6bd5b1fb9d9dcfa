import type { GameCategory, GameDevice, GameFeature, GamesQuery } from "@playfair/contracts/game/catalogue";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { gameCollectionGames, gameCollections, gameFavorites, gameProviders, games } from "./catalogue.schema.ts";

// The catalogue's queries. Every list answers only what a viewer may see: no hidden game, no game
// restricted in the viewer's country, no collection limited to other countries.

type GameSort = GamesQuery["sort"];

export type GameRow = typeof games.$inferSelect & { providerIdentity: string; providerName: string; isFavorite: boolean };

export type GameFilter = {
  country: string | null;
  device?: GameDevice | undefined;
  providers?: readonly string[] | undefined;
  features?: readonly GameFeature[] | undefined;
  categories?: readonly GameCategory[] | undefined;
  search?: string | undefined;
  /** Only games of this collection (when the collection is visible in the viewer's country). */
  collection?: string | undefined;
  /** Only these games (a player's favourites or played list). */
  gameIds?: readonly string[] | undefined;
};

const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(
  values.map((value) => sql`${value}`),
  sql`, `,
)}]::text[]`;

/** The words of a search: letters and digits of any script, lowercased, at most five. */
export function searchWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 5) ?? []
  );
}

/** What a game's search matches: all its names and its provider's, lowercased. */
export function searchTextOf(names: readonly string[], providerName: string): string {
  return [...new Set([...names, providerName].map((name) => name.toLowerCase().normalize("NFKC")))].join(" ");
}

/**
 * Full text with prefixes ("star" finds "Starfall") or trigram word similarity ("starfal",
 * "bitcoim"): both served by GIN indexes on the same column (ADR 020).
 */
function searchMatch(text: string): { where: SQL; rank: SQL<number> } | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const prefixQuery = words.map((word) => `${word}:*`).join(" & ");
  const phrase = words.join(" ");
  const fullText = sql`to_tsvector('simple', ${games.searchText}) @@ to_tsquery('simple', ${prefixQuery})`;
  const similar = sql`${phrase} <% ${games.searchText}`;
  return {
    where: sql`(${fullText} or ${similar})`,
    rank: sql<number>`(case when ${fullText} then 1 else 0 end + word_similarity(${phrase}, ${games.searchText}))`,
  };
}

export function countryAllowsCollection(country: string | null): SQL {
  return country === null ? sql`cardinality(${gameCollections.countries}) = 0` : sql`(cardinality(${gameCollections.countries}) = 0 or ${country} = any(${gameCollections.countries}))`;
}

function gameConditions(filter: GameFilter): SQL[] {
  const conditions: SQL[] = [eq(games.hidden, false)];
  if (filter.country !== null) conditions.push(sql`not (${filter.country} = any(${games.restrictedCountries}))`);
  if (filter.device) conditions.push(sql`${filter.device} = any(${games.devices})`);
  if (filter.providers && filter.providers.length > 0) conditions.push(inArray(gameProviders.identity, [...filter.providers]));
  // Features narrow (a game must have each one asked for); categories widen (any of them).
  if (filter.features && filter.features.length > 0) conditions.push(sql`${games.features} @> ${textArray(filter.features)}`);
  if (filter.categories && filter.categories.length > 0) conditions.push(sql`${games.categories} && ${textArray(filter.categories)}`);
  if (filter.gameIds) conditions.push(filter.gameIds.length > 0 ? inArray(games.id, [...filter.gameIds]) : sql`false`);
  return conditions;
}

const gameColumns = (playerId: string | null) => ({
  game: games,
  providerIdentity: gameProviders.identity,
  providerName: gameProviders.name,
  isFavorite: playerId === null ? sql<boolean>`false` : sql<boolean>`(${gameFavorites.playerId} is not null)`,
  totalRows: sql<number>`count(*) over ()`.mapWith(Number),
});

function orderFor(sort: GameSort, inCollection: boolean): SQL[] {
  switch (sort) {
    case "new":
      return [desc(games.releasedAt), asc(games.identity)];
    case "name":
      return [asc(games.name), asc(games.identity)];
    case "rtp":
      return [desc(games.rtp), asc(games.identity)];
    case "popular":
      // Inside a collection the operator's order is its popularity ranking.
      return inCollection ? [asc(gameCollectionGames.position), asc(games.identity)] : [desc(games.popularity), asc(games.identity)];
  }
}

export async function selectGames(
  db: DbExecutor,
  filter: GameFilter,
  options: { playerId: string | null; sort: GameSort; limit: number; offset: number },
): Promise<{ rows: GameRow[]; totalRows: number }> {
  const conditions = gameConditions(filter);
  const match = filter.search ? searchMatch(filter.search) : null;
  if (filter.search && !match) return { rows: [], totalRows: 0 };
  if (match) conditions.push(match.where);
  const { playerId } = options;
  const columns = gameColumns(playerId);
  let query = db
    .select({ game: columns.game, providerIdentity: columns.providerIdentity, providerName: columns.providerName, isFavorite: columns.isFavorite, totalRows: columns.totalRows })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .$dynamic();
  if (playerId !== null) query = query.leftJoin(gameFavorites, and(eq(gameFavorites.gameId, games.id), eq(gameFavorites.playerId, playerId)));
  if (filter.collection) {
    query = query
      .innerJoin(gameCollectionGames, eq(gameCollectionGames.gameId, games.id))
      .innerJoin(gameCollections, and(eq(gameCollections.id, gameCollectionGames.collectionId), eq(gameCollections.identity, filter.collection), countryAllowsCollection(filter.country)));
  }
  const order = match ? [sql`${match.rank} desc`, desc(games.popularity), asc(games.identity)] : orderFor(options.sort, Boolean(filter.collection));
  const rows = await query
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  let totalRows = rows[0]?.totalRows ?? 0;
  if (rows.length === 0 && options.offset > 0) {
    // Past the last page: the window count has no row to ride on.
    let countQuery = db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(games).innerJoin(gameProviders, eq(gameProviders.id, games.providerId)).$dynamic();
    if (filter.collection) {
      countQuery = countQuery
        .innerJoin(gameCollectionGames, eq(gameCollectionGames.gameId, games.id))
        .innerJoin(gameCollections, and(eq(gameCollections.id, gameCollectionGames.collectionId), eq(gameCollections.identity, filter.collection), countryAllowsCollection(filter.country)));
    }
    totalRows = (await countQuery.where(and(...conditions)))[0]?.count ?? 0;
  }
  return { rows: rows.map((row) => ({ ...row.game, providerIdentity: row.providerIdentity, providerName: row.providerName, isFavorite: Boolean(row.isFavorite) })), totalRows };
}

export async function selectGameByIdentity(db: DbExecutor, identity: string, filter: { country: string | null; playerId: string | null }): Promise<GameRow | null> {
  const { rows } = await selectGamesWhere(db, eq(games.identity, identity), filter);
  return rows[0] ?? null;
}

async function selectGamesWhere(db: DbExecutor, where: SQL, filter: { country: string | null; playerId: string | null }): Promise<{ rows: GameRow[] }> {
  const conditions = [where, ...gameConditions({ country: filter.country })];
  const columns = gameColumns(filter.playerId);
  let query = db
    .select({ game: columns.game, providerIdentity: columns.providerIdentity, providerName: columns.providerName, isFavorite: columns.isFavorite })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .$dynamic();
  if (filter.playerId !== null) query = query.leftJoin(gameFavorites, and(eq(gameFavorites.gameId, games.id), eq(gameFavorites.playerId, filter.playerId)));
  const rows = await query.where(and(...conditions));
  return { rows: rows.map((row) => ({ ...row.game, providerIdentity: row.providerIdentity, providerName: row.providerName, isFavorite: Boolean(row.isFavorite) })) };
}

export type ProviderRow = { id: string; identity: string; name: string; gamesCount: number };

/** Providers with the number of games the viewer may see; providers with none are left out. */
export async function selectProviders(db: DbExecutor, filter: { country: string | null; device?: GameDevice | undefined; identity?: string; search?: string }): Promise<ProviderRow[]> {
  const conditions = gameConditions({ country: filter.country, device: filter.device });
  if (filter.identity !== undefined) conditions.push(eq(gameProviders.identity, filter.identity));
  if (filter.search !== undefined) {
    const phrase = searchWords(filter.search).join(" ");
    if (phrase === "") return [];
    conditions.push(sql`(lower(${gameProviders.name}) like ${`${phrase.replace(/[%_\\]/g, "")}%`} or ${phrase} <% lower(${gameProviders.name}))`);
  }
  return db
    .select({ id: gameProviders.id, identity: gameProviders.identity, name: gameProviders.name, gamesCount: sql<number>`count(${games.id})`.mapWith(Number) })
    .from(gameProviders)
    .innerJoin(games, eq(games.providerId, gameProviders.id))
    .where(and(...conditions))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.name));
}
