import { z } from "zod";
import { PageMetaSchema, paginationQuerySchema } from "../pagination.ts";

/**
 * The casino catalogue as the lobby reads it (spec 3: Game, Game collection; spec 7: the Games calls).
 * The server is the authority: it filters by the visitor's country and device before answering.
 */

/** A URL-safe identity: lowercase letters, digits and hyphens (games, providers, collections). */
export const CatalogueIdentitySchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const GAME_DEVICES = ["desktop", "mobile"] as const;
export const GameDeviceSchema = z.enum(GAME_DEVICES);
export type GameDevice = z.infer<typeof GameDeviceSchema>;

export const GAME_VOLATILITIES = ["low", "medium", "high"] as const;
export const GameVolatilitySchema = z.enum(GAME_VOLATILITIES);

/** Catalogue features a game can carry; the games-filter modal offers these (GET /api/game/games/features). */
export const GAME_FEATURES = [
  "provably-fair",
  "free-spins",
  "bonus-buy",
  "megaways",
  "jackpot",
  "multiplier",
  "cascading-reels",
  "hold-and-win",
  "live",
  "multiplayer",
] as const;
export const GameFeatureSchema = z.enum(GAME_FEATURES);
export type GameFeature = z.infer<typeof GameFeatureSchema>;

/** Categories of the categories modal; a game belongs to one or more. */
export const GAME_CATEGORIES = ["slots", "table", "live", "instant", "crash", "card", "lottery"] as const;
export const GameCategorySchema = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategorySchema>;

/** Spec 3: images in 1x1 and 3x4 at 1x, 2x and 3x (URLs of our own generated artwork). */
const DensitiesSchema = z.object({ "1x": z.string(), "2x": z.string(), "3x": z.string() });
export const GameImagesSchema = z.object({ "1x1": DensitiesSchema, "3x4": DensitiesSchema }).meta({ id: "GameImages" });
export type GameImages = z.infer<typeof GameImagesSchema>;

export const GameProviderRefSchema = z.object({ id: z.string(), identity: z.string(), name: z.string() });

export const GameSchema = z
  .object({
    id: z.string(),
    identity: CatalogueIdentitySchema,
    name: z.string(),
    provider: GameProviderRefSchema,
    images: GameImagesSchema,
    /** Declared return to player in percent, a decimal string ("96.50"). */
    rtp: z.string(),
    volatility: GameVolatilitySchema,
    features: z.array(GameFeatureSchema),
    categories: z.array(GameCategorySchema),
    hasDemo: z.boolean(),
    devices: z.array(GameDeviceSchema),
    /** Our own provably-fair originals (played through our studio, verifiable on /fairness). */
    isOriginal: z.boolean(),
    /** Whether the signed-in player marked it (false for guests). */
    isFavorite: z.boolean(),
  })
  .meta({ id: "Game" });
export type Game = z.infer<typeof GameSchema>;

export const ProviderSchema = z
  .object({
    id: z.string(),
    identity: CatalogueIdentitySchema,
    name: z.string(),
    /** Logo artwork URL (our own, generated). */
    image: z.string(),
    gamesCount: z.number().int(),
  })
  .meta({ id: "GameProvider" });
export type Provider = z.infer<typeof ProviderSchema>;

export const GameCollectionSchema = z
  .object({
    id: z.string(),
    identity: CatalogueIdentitySchema,
    /** The collection's title in the request's language. */
    name: z.string(),
    isHidden: z.boolean(),
    /** ISO country codes; empty means everywhere. */
    countries: z.array(z.string()),
    position: z.number().int(),
  })
  .meta({ id: "GameCollection" });
export type GameCollection = z.infer<typeof GameCollectionSchema>;

export const GAME_SORTS = ["popular", "new", "name", "rtp"] as const;
export const GameSortSchema = z.enum(GAME_SORTS);

const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter((part) => part !== "") : value),
    z.array(item).max(20),
  );

/** GET /api/game/games query: every filter optional, lists comma-separated. */
export const GamesQuerySchema = paginationQuerySchema({ defaultPerPage: 24, maxPerPage: 100 }).extend({
  collection: CatalogueIdentitySchema.optional(),
  provider: listParam(CatalogueIdentitySchema).optional(),
  feature: listParam(GameFeatureSchema).optional(),
  category: listParam(GameCategorySchema).optional(),
  search: z.string().trim().max(100).optional(),
  sort: GameSortSchema.default("popular"),
  device: GameDeviceSchema.optional(),
});
export type GamesQuery = z.infer<typeof GamesQuerySchema>;

export const GamesPageSchema = z.object({ data: z.array(GameSchema), meta: PageMetaSchema }).meta({ id: "GamesPage" });
export type GamesPage = z.infer<typeof GamesPageSchema>;

/** GET /api/game/games/search: the global-search modal (typo-tolerant, names and providers). */
export const GameSearchQuerySchema = z.object({
  search: z.string().trim().min(1).max(100),
  perPage: z.coerce.number().int().min(1).max(50).default(12),
  device: GameDeviceSchema.optional(),
});
export type GameSearchQuery = z.infer<typeof GameSearchQuerySchema>;

export const GameSearchResultSchema = z
  .object({ games: z.array(GameSchema), providers: z.array(ProviderSchema) })
  .meta({ id: "GameSearchResult" });
export type GameSearchResult = z.infer<typeof GameSearchResultSchema>;

/** A player's recent searches (GET /api/game/search/recent; DELETE with body removes some or all). */
export const RecentSearchSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export const DeleteRecentSearchesSchema = z.object({ ids: z.array(z.string()).max(100).optional() });

export { LAZY_LOAD_MARGIN, PLAYED_GAMES_STORAGE_KEY } from "./catalogue-constants.ts";

/** Who is looking at the catalogue: the server filters by country and device, and marks favourites. */
export type CatalogueViewer = {
  playerId: string | null;
  /** The visitor's country (profile country, else the edge country header); null when unknown. */
  country: string | null;
  language: string;
  device?: GameDevice;
};

/**
 * The catalogue reads server-rendered pages make in-process (part of WebServices as `game`); the
 * browser calls the same reads over HTTP. Path parameters named `{id}` take a game's or provider's
 * identity (the spec's links are /game/{identity}).
 */
export type GameCatalogueReads = {
  listCollections(viewer: CatalogueViewer): Promise<GameCollection[]>;
  listGames(query: GamesQuery, viewer: CatalogueViewer): Promise<GamesPage>;
  getGame(identity: string, viewer: CatalogueViewer): Promise<Game | null>;
  listProviders(viewer: CatalogueViewer): Promise<Provider[]>;
  getProvider(identity: string, viewer: CatalogueViewer): Promise<Provider | null>;
};
