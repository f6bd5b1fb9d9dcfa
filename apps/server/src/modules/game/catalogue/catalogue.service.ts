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
import { RECENT_SEARCHES_KEPT, type OperatorCollection, type OperatorCollectionInput, type OperatorGameInput, type OperatorGamePatch } from "@playfair/contracts/game/catalogue-api";
import { pageMeta, type PaginationQuery } from "@playfair/contracts/pagination";
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { artworkVersion, gameImageUrls, providerImageUrl } from "./artwork.ts";
import { countryAllowsCollection, searchTextOf, selectGameByIdentity, selectGames, selectProviders, type GameRow, type ProviderRow } from "./catalogue.repository.ts";
import { encodeGames, markedEtag, markedGames, markedGamesJson, type EncodedGames } from "./player-answers.ts";
import { createAnswerCache, createPublicAnswerCache, type PublicAnswerCache } from "./public-answers.ts";
import { gameCollectionGames, gameCollections, gameFavorites, gamePlayed, gameProviders, gameRecentSearches, games } from "./catalogue.schema.ts";

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

export type RecentSearch = { id: string; text: string; createdAt: string };
export type PlayedGame = Game & { lastPlayedAt: string };

export type CatalogueService = GameCatalogueReads & {
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
  listRecentSearches(playerId: string): Promise<RecentSearch[]>;
  rememberSearch(playerId: string, text: string): Promise<void>;
  /** Removes the given recent searches, or all of them without ids. */
  deleteRecentSearches(playerId: string, ids: readonly string[] | undefined): Promise<void>;
  /** What a game's or provider's artwork is drawn from; null for an unknown identity. */
  artworkSubject(kind: "game" | "provider", identity: string): Promise<{ identity: string; name: string; categories: string[] } | null>;
  operator: CatalogueOperations;
  /** Guests' encoded answers, dropped whenever the operator changes the catalogue. */
  publicAnswers: PublicAnswerCache;
};

export type CatalogueOperations = {
  addGame(input: OperatorGameInput): Promise<GameRow>;
  updateGame(identity: string, patch: OperatorGamePatch): Promise<GameRow>;
  getGame(identity: string): Promise<GameRow>;
  listCollections(): Promise<OperatorCollection[]>;
  putCollection(input: OperatorCollectionInput): Promise<OperatorCollection>;
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

export function createCatalogueService(dependencies: { db: AppDatabase; now: () => Date }): CatalogueService {
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

  // One statement, prepared once (every search sends it), so a search costs one round trip and one
  // commit here: the text becomes the newest, and of the other texts only the newest
  // RECENT_SEARCHES_KEPT - 1 stay. (The delete cannot see a row the insert has just added, hence
  // "other texts" rather than the first ten of the list.)
  const rememberSearchStatement = (() => {
    const playerId = sql.placeholder("playerId");
    const text = sql.placeholder("text");
    const remembered = db.$with("remembered").as(
      db
        .insert(gameRecentSearches)
        .values({ playerId, text, createdAt: sql.placeholder("at") })
        .onConflictDoUpdate({ target: [gameRecentSearches.playerId, gameRecentSearches.text], set: { createdAt: sql`excluded.created_at` } }),
    );
    const othersKept = db
      .select({ id: gameRecentSearches.id })
      .from(gameRecentSearches)
      .where(and(eq(gameRecentSearches.playerId, playerId), ne(gameRecentSearches.text, text)))
      .orderBy(desc(gameRecentSearches.createdAt), desc(gameRecentSearches.id))
      .limit(RECENT_SEARCHES_KEPT - 1);
    return db
      .with(remembered)
      .delete(gameRecentSearches)
      .where(and(eq(gameRecentSearches.playerId, playerId), ne(gameRecentSearches.text, text), notInArray(gameRecentSearches.id, othersKept)))
      .prepare("catalogue_remember_search");
  })();

  async function rememberSearch(playerId: string, text: string): Promise<void> {
    const normalized = text.trim().replace(/\s+/g, " ").slice(0, 100);
    if (normalized === "") return;
    await rememberSearchStatement.execute({ playerId, text: normalized, at: now() });
  }

  const operator: CatalogueOperations = {
    async addGame(input) {
      const [provider] = await db.select().from(gameProviders).where(eq(gameProviders.identity, input.provider));
      if (!provider) throw new AppError("VALIDATION_FAILED", "Unknown provider.", { fieldErrors: { provider: [`No provider "${input.provider}".`] } });
      const inserted = await db
        .insert(games)
        .values({
          identity: input.identity,
          name: input.name,
          providerId: provider.id,
          rtp: input.rtp,
          volatility: input.volatility,
          features: input.features,
          categories: input.categories,
          hasDemo: input.hasDemo,
          devices: input.devices,
          restrictedCountries: input.restrictedCountries,
          releasedAt: input.releasedAt ? new Date(`${input.releasedAt}T00:00:00Z`) : now(),
          popularity: input.popularity,
          aggregatorCode: input.aggregatorCode ?? null,
          mathModel: input.mathModel ?? null,
          searchText: searchTextOf([input.name], provider.name),
        })
        .onConflictDoNothing({ target: games.identity })
        .returning({ id: games.id });
      if (inserted.length === 0) throw new AppError("CONFLICT", `A game "${input.identity}" exists already.`);
      return operator.getGame(input.identity);
    },
    async updateGame(identity, patch) {
      const updated = await db
        .update(games)
        .set({ ...patch, updatedAt: now() })
        .where(eq(games.identity, identity))
        .returning({ id: games.id });
      if (updated.length === 0) throw notFound(`No game "${identity}".`);
      return operator.getGame(identity);
    },
    async getGame(identity) {
      const [row] = await db
        .select({ game: games, providerIdentity: gameProviders.identity, providerName: gameProviders.name })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(eq(games.identity, identity));
      if (!row) throw notFound(`No game "${identity}".`);
      return { ...row.game, providerIdentity: row.providerIdentity, providerName: row.providerName, isFavorite: false };
    },
    async listCollections() {
      const collections = await db.select().from(gameCollections).orderBy(asc(gameCollections.position), asc(gameCollections.identity));
      const members = await db
        .select({ collectionId: gameCollectionGames.collectionId, identity: games.identity })
        .from(gameCollectionGames)
        .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
        .orderBy(asc(gameCollectionGames.position));
      return collections.map((collection) => ({
        id: collection.id,
        identity: collection.identity,
        names: collection.names,
        isHidden: collection.isHidden,
        countries: collection.countries,
        position: collection.position,
        games: members.filter((member) => member.collectionId === collection.id).map((member) => member.identity),
      }));
    },
    async putCollection(input) {
      await db.transaction(async (tx) => {
        const found = input.games.length > 0 ? await tx.select({ id: games.id, identity: games.identity }).from(games).where(inArray(games.identity, input.games)) : [];
        const idOf = new Map(found.map((row) => [row.identity, row.id]));
        const unknown = input.games.filter((identity) => !idOf.has(identity));
        if (unknown.length > 0) throw new AppError("VALIDATION_FAILED", "Unknown games.", { fieldErrors: { games: [`No game ${unknown.map((identity) => `"${identity}"`).join(", ")}.`] } });
        const values = { names: input.names, isHidden: input.isHidden, countries: input.countries, position: input.position };
        const [collection] = await tx
          .insert(gameCollections)
          .values({ identity: input.identity, ...values })
          .onConflictDoUpdate({ target: gameCollections.identity, set: values })
          .returning({ id: gameCollections.id });
        if (!collection) throw new Error("collection upsert returned nothing");
        await tx.delete(gameCollectionGames).where(eq(gameCollectionGames.collectionId, collection.id));
        const ordered = [...new Set(input.games)];
        if (ordered.length > 0) {
          await tx.insert(gameCollectionGames).values(ordered.map((identity, position) => ({ collectionId: collection.id, gameId: idOf.get(identity) as string, position })));
        }
      });
      const all = await operator.listCollections();
      const saved = all.find((collection) => collection.identity === input.identity);
      if (!saved) throw new Error("saved collection not found");
      return saved;
    },
  };

  /** Every change the operator makes is seen by the next guest. */
  const changing = <T>(write: Promise<T>): Promise<T> =>
    write.finally(() => {
      publicAnswers.clear();
      sharedPages.clear();
      sharedSearches.clear();
    });
  const operatorApi: CatalogueOperations = {
    ...operator,
    addGame: (input) => changing(operator.addGame(input)),
    updateGame: (identity, patch) => changing(operator.updateGame(identity, patch)),
    putCollection: (input) => changing(operator.putCollection(input)),
  };

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
    async listRecentSearches(playerId) {
      const rows = await db
        .select()
        .from(gameRecentSearches)
        .where(eq(gameRecentSearches.playerId, playerId))
        .orderBy(desc(gameRecentSearches.createdAt), desc(gameRecentSearches.id))
        .limit(RECENT_SEARCHES_KEPT);
      return rows.map((row) => ({ id: row.id, text: row.text, createdAt: row.createdAt.toISOString() }));
    },
    rememberSearch,
    async artworkSubject(kind, identity) {
      if (kind === "provider") {
        const [provider] = await db.select({ identity: gameProviders.identity, name: gameProviders.name }).from(gameProviders).where(eq(gameProviders.identity, identity));
        return provider ? { ...provider, categories: [] } : null;
      }
      const [game] = await db.select({ identity: games.identity, name: games.name, categories: games.categories }).from(games).where(eq(games.identity, identity));
      return game ?? null;
    },
    async deleteRecentSearches(playerId, ids) {
      if (ids === undefined) {
        await db.delete(gameRecentSearches).where(eq(gameRecentSearches.playerId, playerId));
        return;
      }
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return;
      await db.delete(gameRecentSearches).where(and(eq(gameRecentSearches.playerId, playerId), inArray(gameRecentSearches.id, uuids)));
    },
    operator: operatorApi,
  };
}

