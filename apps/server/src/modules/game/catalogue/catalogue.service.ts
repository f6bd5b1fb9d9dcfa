import { DEFAULT_LOCALE } from "@playfair/contracts/constants";
import {
  GAME_FEATURES,
  type CatalogueViewer,
  type Game,
  type GameCatalogueReads,
  type GameCategory,
  type GameCollection,
  type GameDevice,
  type GameFeature,
  type GameSearchQuery,
  type GameSearchResult,
  type GamesPage,
  type GamesQuery,
  type Provider,
} from "@playfair/contracts/game/catalogue";
import { pageMeta, type PaginationQuery } from "@playfair/contracts/pagination";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { notFound } from "../../../lib/app-error.ts";
import { artworkVersion, gameImageUrls, providerImageUrl } from "./artwork.ts";
import { countryAllowsCollection, selectGameByIdentity, selectGames, selectProviders, type GameRow, type ProviderRow } from "./catalogue.repository.ts";
import { createCatalogueOperations, type CatalogueOperations } from "./catalogue-operations.ts";
import { encodeGames, markedEtag, markedGames, markedGamesJson, type EncodedGames } from "./player-answers.ts";
import { createRecentSearches, type RecentSearches } from "./recent-searches.ts";
import { createAnswerCache, createPublicAnswerCache, type PublicAnswerCache } from "./public-answers.ts";
import { gameCollections, gameFavorites, gamePlayed, gameProviders, games } from "./catalogue.schema.ts";

/** The name of `names` in `language`: its own, its base language's, else English. */
export function localized(names: Record<string, string>, language: string, fallback: string): string {
  return names[language] ?? names[language.split("-")[0] ?? ""] ?? names[DEFAULT_LOCALE] ?? fallback;
}

function gameOf(row: GameRow, language: string): Game {
  return {
    id: row.id,
    identity: row.identity,
    name: localized(row.localizedNames, language, row.name),
    provider: { id: row.providerId, identity: row.providerIdentity, name: row.providerName },
    images: gameImageUrls(row.identity, artworkVersion(row)),
    rtp: row.rtp,
    volatility: row.volatility as Game["volatility"],
    features: row.features as GameFeature[],
    categories: row.categories as GameCategory[],
    hasDemo: row.hasDemo,
    devices: row.devices as GameDevice[],
    isOriginal: row.isOriginal,
    isFavorite: row.isFavorite,
  };
}

function providerOf(row: ProviderRow): Provider {
  return { id: row.id, identity: row.identity, name: row.name, image: providerImageUrl(row.identity, row.name), gamesCount: row.gamesCount };
}

/** What the play side needs to launch a game the viewer may see (no hidden or country-restricted one). */
export type LaunchableGame = {
  id: string;
  identity: string;
  name: string;
  providerIdentity: string;
  isOriginal: boolean;
  hasDemo: boolean;
  devices: GameDevice[];
  rtp: string;
  aggregatorCode: string | null;
  mathModel: string | null;
};

export type PlayedGame = Game & { lastPlayedAt: string };

export type CatalogueService = GameCatalogueReads &
  RecentSearches & {
  listFeatures(): GameFeature[];
  search(query: GameSearchQuery, viewer: CatalogueViewer): Promise<GameSearchResult>;
  /** A player's page as JSON, the same as `listGames` gives them, with a strong entity tag of it. */
  playerGamesPageJson(query: GamesQuery, viewer: CatalogueViewer & { playerId: string }): Promise<{ json: string; etag: string }>;
  /** A player's search result as JSON, the same as `search` gives them. */
  playerSearchJson(query: GameSearchQuery, viewer: CatalogueViewer & { playerId: string }): Promise<string>;
  listFavorites(query: PaginationQuery, viewer: CatalogueViewer & { playerId: string }): Promise<GamesPage>;
  addFavorite(identity: string, viewer: CatalogueViewer & { playerId: string }): Promise<void>;
  removeFavorite(identity: string, viewer: CatalogueViewer & { playerId: string }): Promise<void>;
  listPlayed(query: PaginationQuery, viewer: CatalogueViewer & { playerId: string }): Promise<{ data: PlayedGame[]; meta: GamesPage["meta"] }>;
  /** A game the viewer may launch, with its aggregator code and math model; null when they may not see it. */
  findLaunchable(identity: string, viewer: CatalogueViewer): Promise<LaunchableGame | null>;
  /** Marks a game as just played by the player (the play side calls it when a round starts). */
  recordPlayed(playerId: string, gameId: string): Promise<void>;
  /** What a game's or provider's artwork is drawn from; null for an unknown identity. */
  artworkSubject(kind: "game" | "provider", identity: string): Promise<{ identity: string; name: string; categories: string[] } | null>;
  operator: CatalogueOperations;
  /** Guests' encoded answers, dropped whenever the operator changes the catalogue. */
  publicAnswers: PublicAnswerCache;
};

/**
 * Records that a player played a game, keeping only the latest time: one row per player and
 * game. Exported for the play side, which may call it inside its own transaction.
 */
export async function recordPlayed(db: DbExecutor, playerId: string, gameId: string, at: Date = new Date()): Promise<void> {
  await db
    .insert(gamePlayed)
    .values({ playerId, gameId, lastPlayedAt: at })
    .onConflictDoUpdate({ target: [gamePlayed.playerId, gamePlayed.gameId], set: { lastPlayedAt: at } });
}

export function createCatalogueService(dependencies: { db: AppDatabase; now: () => Date; log?: (error: unknown) => void }): CatalogueService {
  const { db, now } = dependencies;
  const publicAnswers = createPublicAnswerCache();

  async function requireVisibleGame(identity: string, viewer: CatalogueViewer): Promise<GameRow> {
    const row = await selectGameByIdentity(db, identity, { country: viewer.country, playerId: viewer.playerId });
    if (!row) throw notFound(`No game "${identity}".`);
    return row;
  }

  async function listCollections(viewer: CatalogueViewer): Promise<GameCollection[]> {
    const rows = await db.select().from(gameCollections).where(countryAllowsCollection(viewer.country)).orderBy(asc(gameCollections.position), asc(gameCollections.identity));
    return rows.map((row) => ({
      id: row.id,
      identity: row.identity,
      name: localized(row.names, viewer.language, row.identity),
      isHidden: row.isHidden,
      countries: row.countries,
      position: row.position,
    }));
  }

  /**
   * A player's page or search is the guests' one of their country, language and device with their
   * own favourite marks: the shared part comes from memory like guests' answers (dropped on every
   * operator change here, at most PUBLIC_ANSWER_TTL_MS old otherwise), the marks from the database
   * on every call. ADR 029.
   */
  const sharedPages = createAnswerCache((page: GamesPage) => ({ games: encodeGames(page.data), meta: page.meta, metaJson: JSON.stringify(page.meta) }));
  const sharedSearches = createAnswerCache((result: GameSearchResult) => ({ games: encodeGames(result.games), providers: result.providers, providersJson: JSON.stringify(result.providers) }));

  // Prepared once: the statement every signed-in page and search sends, planned once per connection.
  const favouriteMarksStatement = db
    .select({ gameId: gameFavorites.gameId })
    .from(gameFavorites)
    .where(and(eq(gameFavorites.playerId, sql.placeholder("playerId")), sql`${gameFavorites.gameId} = any(${sql.placeholder("gameIds")}::uuid[])`))
    .prepare("catalogue_favourite_marks");

  /** Which of these games the player marked, read on every call (never cached: ADR 029). */
  async function favouriteMarks(encoded: EncodedGames, playerId: string): Promise<ReadonlySet<string>> {
    if (encoded.games.length === 0) return new Set();
    const rows = await favouriteMarksStatement.execute({ playerId, gameIds: encoded.games.map((game) => game.id) });
    return new Set(rows.map((row) => row.gameId));
  }

  function sharedPageOf(query: GamesQuery, viewer: CatalogueViewer) {
    const guestView = { ...viewer, playerId: null };
    return sharedPages.get(JSON.stringify([query, viewer.country, viewer.language, viewer.device]), () => buildGamesPage(query, guestView));
  }

  async function listGames(query: GamesQuery, viewer: CatalogueViewer): Promise<GamesPage> {
    if (viewer.playerId === null) return buildGamesPage(query, viewer);
    const shared = await sharedPageOf(query, viewer);
    return { data: markedGames(shared.games, await favouriteMarks(shared.games, viewer.playerId)), meta: shared.meta };
  }

  function sharedSearchOf(query: GameSearchQuery, viewer: CatalogueViewer) {
    const device = query.device ?? viewer.device;
    return sharedSearches.get(JSON.stringify([query, viewer.country, viewer.language, device]), async () => {
      const [found, providers] = await Promise.all([
        selectGames(db, { country: viewer.country, device, search: query.search }, { playerId: null, sort: "popular", limit: query.perPage, offset: 0 }),
        selectProviders(db, { country: viewer.country, search: query.search }),
      ]);
      return { games: found.rows.map((row) => gameOf(row, viewer.language)), providers: providers.map(providerOf) };
    });
  }

  async function buildGamesPage(query: GamesQuery, viewer: CatalogueViewer): Promise<GamesPage> {
    const { rows, totalRows } = await selectGames(
      db,
      {
        country: viewer.country,
        device: query.device ?? viewer.device,
        providers: query.provider,
        features: query.feature,
        categories: query.category,
        search: query.search === "" ? undefined : query.search,
        collection: query.collection,
      },
      { playerId: viewer.playerId, sort: query.sort, limit: query.perPage, offset: (query.page - 1) * query.perPage },
    );
    return { data: rows.map((row) => gameOf(row, viewer.language)), meta: pageMeta(query, totalRows) };
  }

  async function getGame(identity: string, viewer: CatalogueViewer): Promise<Game | null> {
    const row = await selectGameByIdentity(db, identity, { country: viewer.country, playerId: viewer.playerId });
    return row ? gameOf(row, viewer.language) : null;
  }

  async function listProviders(viewer: CatalogueViewer): Promise<Provider[]> {
    return (await selectProviders(db, { country: viewer.country, device: viewer.device })).map(providerOf);
  }

  async function getProvider(identity: string, viewer: CatalogueViewer): Promise<Provider | null> {
    const [row] = await selectProviders(db, { country: viewer.country, identity });
    return row ? providerOf(row) : null;
  }

  async function playerGameIds(table: typeof gameFavorites | typeof gamePlayed, playerId: string): Promise<string[]> {
    const rows = await db.select({ gameId: table.gameId }).from(table).where(eq(table.playerId, playerId));
    return rows.map((row) => row.gameId);
  }

  const recentSearches = createRecentSearches({ db, now, ...(dependencies.log ? { log: dependencies.log } : {}) });

  /** Every change the operator makes is seen by the next guest and player. */
  const operatorApi = createCatalogueOperations({ db, now }, () => {
    publicAnswers.clear();
    sharedPages.clear();
    sharedSearches.clear();
  });

  return {
    publicAnswers,
    listCollections,
    listGames,
    getGame,
    listProviders,
    getProvider,
    listFeatures: () => [...GAME_FEATURES],
    async search(query, viewer) {
      const shared = await sharedSearchOf(query, viewer);
      return { games: markedGames(shared.games, viewer.playerId === null ? new Set() : await favouriteMarks(shared.games, viewer.playerId)), providers: shared.providers };
    },
    async playerGamesPageJson(query, viewer) {
      const shared = await sharedPageOf(query, viewer);
      const marked = await favouriteMarks(shared.games, viewer.playerId);
      return { json: `{"data":${markedGamesJson(shared.games, marked)},"meta":${shared.metaJson}}`, etag: markedEtag(shared.games, marked, shared.metaJson) };
    },
    async playerSearchJson(query, viewer) {
      const shared = await sharedSearchOf(query, viewer);
      const marked = await favouriteMarks(shared.games, viewer.playerId);
      return `{"games":${markedGamesJson(shared.games, marked)},"providers":${shared.providersJson}}`;
    },
    async listFavorites(query, viewer) {
      const ids = await playerGameIds(gameFavorites, viewer.playerId);
      const { rows, totalRows } = await selectGames(
        db,
        { country: viewer.country, device: viewer.device, gameIds: ids },
        { playerId: viewer.playerId, sort: "name", limit: query.perPage, offset: (query.page - 1) * query.perPage },
      );
      return { data: rows.map((row) => gameOf(row, viewer.language)), meta: pageMeta(query, totalRows) };
    },
    async addFavorite(identity, viewer) {
      const game = await requireVisibleGame(identity, viewer);
      await db.insert(gameFavorites).values({ playerId: viewer.playerId, gameId: game.id, createdAt: now() }).onConflictDoNothing();
    },
    async removeFavorite(identity, viewer) {
      // A game hidden since it was marked can still be unmarked.
      const [game] = await db.select({ id: games.id }).from(games).where(eq(games.identity, identity));
      if (!game) throw notFound(`No game "${identity}".`);
      await db.delete(gameFavorites).where(and(eq(gameFavorites.playerId, viewer.playerId), eq(gameFavorites.gameId, game.id)));
    },
    async listPlayed(query, viewer) {
      const played = await db
        .select({ gameId: gamePlayed.gameId, lastPlayedAt: gamePlayed.lastPlayedAt })
        .from(gamePlayed)
        .where(eq(gamePlayed.playerId, viewer.playerId))
        .orderBy(desc(gamePlayed.lastPlayedAt));
      const { rows } = await selectGames(db, { country: viewer.country, device: viewer.device, gameIds: played.map((row) => row.gameId) }, { playerId: viewer.playerId, sort: "name", limit: 1_000, offset: 0 });
      const byId = new Map(rows.map((row) => [row.id, row]));
      const visible = played.flatMap((entry) => {
        const row = byId.get(entry.gameId);
        return row ? [{ ...gameOf(row, viewer.language), lastPlayedAt: entry.lastPlayedAt.toISOString() }] : [];
      });
      const start = (query.page - 1) * query.perPage;
      return { data: visible.slice(start, start + query.perPage), meta: pageMeta(query, visible.length) };
    },
    async findLaunchable(identity, viewer) {
      const row = await selectGameByIdentity(db, identity, { country: viewer.country, playerId: null });
      if (!row) return null;
      return {
        id: row.id,
        identity: row.identity,
        name: row.name,
        providerIdentity: row.providerIdentity,
        isOriginal: row.isOriginal,
        hasDemo: row.hasDemo,
        devices: row.devices as GameDevice[],
        rtp: row.rtp,
        aggregatorCode: row.aggregatorCode,
        mathModel: row.mathModel,
      };
    },
    recordPlayed: (playerId, gameId) => recordPlayed(db, playerId, gameId, now()),
    ...recentSearches,
    async artworkSubject(kind, identity) {
      if (kind === "provider") {
        const [provider] = await db.select({ identity: gameProviders.identity, name: gameProviders.name }).from(gameProviders).where(eq(gameProviders.identity, identity));
        return provider ? { ...provider, categories: [] } : null;
      }
      const [game] = await db.select({ identity: games.identity, name: games.name, categories: games.categories }).from(games).where(eq(games.identity, identity));
      return game ?? null;
    },
    operator: operatorApi,
  };
}

