import { z } from "zod";
import { PageMetaSchema } from "../pagination.ts";
import {
  CatalogueIdentitySchema,
  GameCategorySchema,
  GameCollectionSchema,
  GameDeviceSchema,
  GameFeatureSchema,
  GameSchema,
  GameSearchResultSchema,
  GameVolatilitySchema,
  ProviderSchema,
  RecentSearchSchema,
} from "./catalogue.ts";

/**
 * The answers of the catalogue's HTTP calls (spec 7, Games) and the operator's catalogue API. The
 * lobby's in-process reads (GameCatalogueReads) return the same shapes without the `data` envelope.
 */

export const GameCollectionListSchema = z.object({ data: z.array(GameCollectionSchema) }).meta({ id: "GameCollectionList" });
export const ProviderListSchema = z.object({ data: z.array(ProviderSchema) }).meta({ id: "GameProviderList" });
export const ProviderResponseSchema = z.object({ data: ProviderSchema }).meta({ id: "GameProviderResponse" });
export const GameResponseSchema = z.object({ data: GameSchema }).meta({ id: "GameResponse" });
export const GameFeatureListSchema = z.object({ data: z.array(GameFeatureSchema) }).meta({ id: "GameFeatureList" });
export const GameSearchResponseSchema = z.object({ data: GameSearchResultSchema }).meta({ id: "GameSearchResponse" });
export const RecentSearchListSchema = z.object({ data: z.array(RecentSearchSchema) }).meta({ id: "RecentSearchList" });

/** A game or provider addressed by its identity (the spec's `{id}`). */
export const CatalogueIdentityParamsSchema = z.object({ id: CatalogueIdentitySchema });

/** Spec 7's played list: the player's games, the most recently played first. */
export const PlayedGameSchema = GameSchema.extend({ lastPlayedAt: z.string() }).meta({ id: "PlayedGame" });
export const PlayedGamesPageSchema = z
  .object({ data: z.array(PlayedGameSchema), meta: PageMetaSchema })
  .meta({ id: "PlayedGamesPage" });

/** How many recent searches a player keeps (the newest first, each text once). */
export const RECENT_SEARCHES_KEPT = 10;

// ---------------------------------------------------------------------------------------------
// Operator API (/api/operator/games, /api/operator/game-collections)

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);
const RtpSchema = z.string().regex(/^\d{2}(?:\.\d{1,2})?$/, "A percentage such as 96.50");

export const OperatorGameInputSchema = z.object({
  identity: CatalogueIdentitySchema,
  name: z.string().trim().min(1).max(120),
  provider: CatalogueIdentitySchema,
  rtp: RtpSchema,
  volatility: GameVolatilitySchema,
  features: z.array(GameFeatureSchema).max(10).default([]),
  categories: z.array(GameCategorySchema).min(1).max(7),
  hasDemo: z.boolean().default(true),
  devices: z.array(GameDeviceSchema).min(1).default(["desktop", "mobile"]),
  restrictedCountries: z.array(CountryCodeSchema).max(250).default([]),
  releasedAt: z.iso.date().optional(),
  popularity: z.number().int().min(0).max(1_000_000).default(0),
  /** The aggregator's code of a third-party game and the sandbox math model it runs. */
  aggregatorCode: z.string().trim().min(1).max(120).optional(),
  mathModel: z.string().trim().min(1).max(60).optional(),
});
export type OperatorGameInput = z.infer<typeof OperatorGameInputSchema>;

export const OperatorGamePatchSchema = z.object({
  hidden: z.boolean().optional(),
  popularity: z.number().int().min(0).max(1_000_000).optional(),
  restrictedCountries: z.array(CountryCodeSchema).max(250).optional(),
});
export type OperatorGamePatch = z.infer<typeof OperatorGamePatchSchema>;

/** A game as the operator sees it: hidden ones included, with the aggregator fields. */
export const OperatorGameSchema = GameSchema.omit({ isFavorite: true })
  .extend({
    hidden: z.boolean(),
    restrictedCountries: z.array(z.string()),
    popularity: z.number().int(),
    releasedAt: z.string(),
    aggregatorCode: z.string().nullable(),
    mathModel: z.string().nullable(),
  })
  .meta({ id: "OperatorGame" });
export const OperatorGameResponseSchema = z.object({ data: OperatorGameSchema });

export const OperatorCollectionInputSchema = z.object({
  identity: CatalogueIdentitySchema,
  /** Titles per locale code; English is required and stands in for a missing locale. */
  names: z.record(z.string().min(2).max(5), z.string().trim().min(1).max(80)).refine((names) => Boolean(names.en), "An English name is required"),
  isHidden: z.boolean().default(false),
  countries: z.array(CountryCodeSchema).max(250).default([]),
  position: z.number().int().min(0).max(10_000).default(0),
  /** Game identities in the order the lobby shows them. */
  games: z.array(CatalogueIdentitySchema).max(1_000).default([]),
});
export type OperatorCollectionInput = z.infer<typeof OperatorCollectionInputSchema>;

export const OperatorCollectionSchema = z
  .object({
    id: z.string(),
    identity: CatalogueIdentitySchema,
    names: z.record(z.string(), z.string()),
    isHidden: z.boolean(),
    countries: z.array(z.string()),
    position: z.number().int(),
    games: z.array(z.string()),
  })
  .meta({ id: "OperatorGameCollection" });
export type OperatorCollection = z.infer<typeof OperatorCollectionSchema>;
export const OperatorCollectionResponseSchema = z.object({ data: OperatorCollectionSchema });
export const OperatorCollectionListSchema = z.object({ data: z.array(OperatorCollectionSchema) });
