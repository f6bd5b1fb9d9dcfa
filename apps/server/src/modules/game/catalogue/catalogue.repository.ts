import type { GameCategory, GameDevice, GameFeature, GamesQuery } from "@playfair/contracts/game/catalogue";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
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
export function searchMatch(text: string): { where: SQL; rank: SQL<number> } | null {
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
  // On the games' own column, so the planner can reach games_provider_released without joining first.
  if (filter.providers && filter.providers.length > 0) {
    conditions.push(inArray(games.providerId, sql`(select ${gameProviders.id} from ${gameProviders} where ${inArray(gameProviders.identity, [...filter.providers])})`));
  }
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
});

type SortKey = { value: SQL; descending: boolean };

function orderFor(sort: GameSort, inCollection: boolean): SortKey[] {
  const by = (value: SortKey["value"], descending = false): SortKey => ({ value, descending });
  switch (sort) {
    case "new":
      return [by(sql`${games.releasedAt}`, true), by(sql`${games.identity}`)];
    case "name":
      return [by(sql`${games.name}`), by(sql`${games.identity}`)];
    case "rtp":
      return [by(sql`${games.rtp}`, true), by(sql`${games.identity}`)];
    case "popular":
      // Inside a collection the operator's order is its popularity ranking.
      return inCollection ? [by(sql`${gameCollectionGames.position}`), by(sql`${games.identity}`)] : [by(sql`${games.popularity}`, true), by(sql`${games.identity}`)];
  }
}

/**
 * One statement in two steps (ADR 029): the page is chosen and every match counted on narrow rows
 * (id, sort keys), and only the page's rows are then read whole and joined with their provider and
 * the viewer's favourites. Counting and sorting whole rows cost more than the page itself.
 */
export async function selectGames(
  db: DbExecutor,
  filter: GameFilter,
  options: { playerId: string | null; sort: GameSort; limit: number; offset: number },
): Promise<{ rows: GameRow[]; totalRows: number }> {
  const conditions = gameConditions(filter);
  const match = filter.search ? searchMatch(filter.search) : null;
  if (filter.search && !match) return { rows: [], totalRows: 0 };
  if (match) conditions.push(match.where);
  const order: SortKey[] = match
    ? [{ value: match.rank, descending: true }, { value: sql`${games.popularity}`, descending: true }, { value: sql`${games.identity}`, descending: false }]
    : orderFor(options.sort, Boolean(filter.collection));
  const keyColumns = Object.fromEntries(order.map((key, position) => [`k${position}`, sql`${key.value}`.as(`k${position}`)]));
  let pageQuery = db
    .select({ id: games.id, totalRows: sql<number>`count(*) over ()`.mapWith(Number).as("total_rows"), ...keyColumns })
    .from(games)
    .$dynamic();
  if (filter.collection) {
    pageQuery = pageQuery
      .innerJoin(gameCollectionGames, eq(gameCollectionGames.gameId, games.id))
      .innerJoin(gameCollections, and(eq(gameCollections.id, gameCollectionGames.collectionId), eq(gameCollections.identity, filter.collection), countryAllowsCollection(filter.country)));
  }
  const page = pageQuery
    .where(and(...conditions))
    .orderBy(...order.map((key) => (key.descending ? sql`${key.value} desc` : sql`${key.value} asc`)))
    .limit(options.limit)
    .offset(options.offset)
    .as("page");
  const pageKeys = page as unknown as Record<string, SQL.Aliased>;
  const { playerId } = options;
  const columns = gameColumns(playerId);
  let query = db
    .select({ ...columns, totalRows: page.totalRows })
    .from(page)
    .innerJoin(games, eq(games.id, page.id))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .$dynamic();
  if (playerId !== null) query = query.leftJoin(gameFavorites, and(eq(gameFavorites.gameId, games.id), eq(gameFavorites.playerId, playerId)));
  const rows = await query.orderBy(...order.map((key, position) => (key.descending ? sql`${pageKeys[`k${position}`]} desc` : sql`${pageKeys[`k${position}`]} asc`)));
  let totalRows = rows[0]?.totalRows ?? 0;
  if (rows.length === 0 && options.offset > 0) {
    // Past the last page: the window count has no row to ride on.
    let countQuery = db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(games).$dynamic();
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
