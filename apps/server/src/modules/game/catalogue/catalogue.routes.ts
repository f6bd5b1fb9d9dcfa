import { ApiErrorSchema } from "@playfair/contracts/api-error";
import {
  DeleteRecentSearchesSchema,
  GameDeviceSchema,
  GamesPageSchema,
  GamesQuerySchema,
  GameSearchQuerySchema,
  type CatalogueViewer,
} from "@playfair/contracts/game/catalogue";
import {
  CatalogueIdentityParamsSchema,
  GameCollectionListSchema,
  GameFeatureListSchema,
  GameResponseSchema,
  GameSearchResponseSchema,
  PlayedGamesPageSchema,
  ProviderListSchema,
  ProviderResponseSchema,
  RecentSearchListSchema,
} from "@playfair/contracts/game/catalogue-api";
import { paginationQuerySchema } from "@playfair/contracts/pagination";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../lib/app-error.ts";
import { ifNoneMatchMatches, strongEtagOf } from "../../../lib/etag.ts";
import { requestLocale } from "../../messaging/contact-fields.ts";
import { ARTWORK_CACHE_CONTROL, parseArtworkVariant } from "./artwork.ts";

// The catalogue calls of spec 7 (Games), registered under /api/game. Guests may browse (spec 6:
// collections, providers, games, single game); favourites, played games, search and recent
// searches need a session.

/** Guests' catalogue answers may sit in shared caches briefly; they differ per country and language. */
const PUBLIC_CACHE_CONTROL = "public, max-age=60";

const ListQuerySchema = paginationQuerySchema({ defaultPerPage: 24, maxPerPage: 100 });
const DeviceQuerySchema = z.object({ device: GameDeviceSchema.optional() });
const ImageParamsSchema = z.object({ identity: z.string().max(80), file: z.string().max(40) });

/** An answer encoded by the service; its route's response schema still documents it. */
function sendEncoded(reply: FastifyReply, json: string): FastifyReply {
  return reply.header("content-type", "application/json; charset=utf-8").send(json);
}

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue, players, artwork } = app.services;

  /** The caller as the catalogue sees them: a player's profile country first, else the edge's. */
  async function viewerOf(request: FastifyRequest, device?: CatalogueViewer["device"]): Promise<CatalogueViewer> {
    const playerId = request.principal?.playerId ?? null;
    const profile = playerId ? await players.getProfile(playerId) : null;
    return {
      playerId,
      country: profile?.country ?? request.client.country,
      language: requestLocale(request),
      ...(device ? { device } : {}),
    };
  }

  async function playerViewerOf(request: FastifyRequest): Promise<CatalogueViewer & { playerId: string }> {
    const viewer = await viewerOf(request);
    return { ...viewer, playerId: viewer.playerId as string };
  }

  /**
   * A guest's answer is the same for everyone of their country and language: encoded once and kept
   * briefly (public-answers.ts), with a strong ETag a client revalidates for the cost of the
   * headers. A player's answer carries their favourites: built for them and never stored (the
   * private-answers plugin makes it no-store). `encoded` answers a player's call already encoded
   * with its tag (player-answers.ts).
   */
  async function sendPublic(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: CatalogueViewer,
    build: () => Promise<unknown>,
    encoded?: (viewer: CatalogueViewer & { playerId: string }) => Promise<{ json: string; etag: string }>,
  ): Promise<FastifyReply> {
    let json: Buffer | string;
    let etag: string;
    if (viewer.playerId === null) {
      json = await catalogue.publicAnswers.get(`${request.routeOptions.url}|${JSON.stringify(request.params)}|${JSON.stringify(request.query)}|${viewer.country}|${viewer.language}`, build);
      etag = strongEtagOf(json);
    } else if (encoded) {
      ({ json, etag } = await encoded({ ...viewer, playerId: viewer.playerId }));
    } else {
      json = Buffer.from(JSON.stringify(await build()));
      etag = strongEtagOf(json);
    }
    reply.header("cache-control", PUBLIC_CACHE_CONTROL).header("vary", `accept-language, ${app.config.countryHeader}, authorization`).header("etag", etag);
    if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
    return reply.header("content-type", "application/json; charset=utf-8").send(json);
  }

  app.get(
    "/collections",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "Game collections shown in the visitor's country, in the operator's order", response: { 200: GameCollectionListSchema } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      return sendPublic(request, reply, viewer, async () => ({ data: await catalogue.listCollections(viewer) }));
    },
  );

  app.get(
    "/providers",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "Game providers with the number of games the visitor may see", querystring: DeviceQuerySchema, response: { 200: ProviderListSchema } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request, request.query.device);
      return sendPublic(request, reply, viewer, async () => ({ data: await catalogue.listProviders(viewer) }));
    },
  );

  app.get(
    "/providers/:id",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "One game provider by identity", params: CatalogueIdentityParamsSchema, response: { 200: ProviderResponseSchema, 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      return sendPublic(request, reply, viewer, async () => {
        const provider = await catalogue.getProvider(request.params.id, viewer);
        if (!provider) throw notFound(`No game provider "${request.params.id}".`);
        return { data: provider };
      });
    },
  );

  app.get(
    "/games",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "Games by collection, provider, feature, category, text and device, sorted and paginated", querystring: GamesQuerySchema, response: { 200: GamesPageSchema } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      return sendPublic(
        request,
        reply,
        viewer,
        () => catalogue.listGames(request.query, viewer),
        (player) => catalogue.playerGamesPageJson(request.query, player),
      );
    },
  );

  app.get(
    "/games/features",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "The features the games filter offers", response: { 200: GameFeatureListSchema } },
    },
    async () => ({ data: catalogue.listFeatures() }),
  );

  app.get(
    "/games/favorites",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "The player's favourite games", querystring: ListQuerySchema, response: { 200: GamesPageSchema } },
    },
    async (request) => catalogue.listFavorites(request.query, await playerViewerOf(request)),
  );

  app.get(
    "/games/played",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "The games the player played, the most recent first", querystring: ListQuerySchema, response: { 200: PlayedGamesPageSchema } },
    },
    async (request) => catalogue.listPlayed(request.query, await playerViewerOf(request)),
  );

  app.get(
    "/games/search",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "Typo-tolerant search over game and provider names; remembered as a recent search", querystring: GameSearchQuerySchema, response: { 200: GameSearchResponseSchema } },
    },
    async (request, reply) => {
      const viewer = await playerViewerOf(request);
      const result = await catalogue.playerSearchJson(request.query, viewer);
      // Only a search that answered becomes a recent search; it is written behind the answer.
      catalogue.rememberSearch(viewer.playerId, request.query.search);
      // Already encoded from the shared result (player-answers.ts).
      return sendEncoded(reply, `{"data":${result}}`);
    },
  );

  app.get(
    "/games/:id",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "One game by identity", params: CatalogueIdentityParamsSchema, response: { 200: GameResponseSchema, 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      return sendPublic(request, reply, viewer, async () => {
        const game = await catalogue.getGame(request.params.id, viewer);
        if (!game) throw notFound(`No game "${request.params.id}".`);
        return { data: game };
      });
    },
  );

  app.post(
    "/games/:id/favorite",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "Mark a game as a favourite", params: CatalogueIdentityParamsSchema },
    },
    async (request, reply) => {
      await catalogue.addFavorite(request.params.id, await playerViewerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/games/:id/favorite",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "Unmark a favourite game", params: CatalogueIdentityParamsSchema },
    },
    async (request, reply) => {
      await catalogue.removeFavorite(request.params.id, await playerViewerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/search/recent",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "The player's last searches, the newest first", response: { 200: RecentSearchListSchema } },
    },
    async (request) => ({ data: await catalogue.listRecentSearches((request.principal as { playerId: string }).playerId) }),
  );

  app.delete(
    "/search/recent",
    {
      config: { auth: "player" },
      schema: { tags: ["game"], summary: "Forget some recent searches (ids) or all of them (no ids)", body: DeleteRecentSearchesSchema, response: { 200: RecentSearchListSchema } },
    },
    async (request) => {
      const playerId = (request.principal as { playerId: string }).playerId;
      await catalogue.deleteRecentSearches(playerId, request.body.ids);
      return { data: await catalogue.listRecentSearches(playerId) };
    },
  );

  // Artwork: immutable addresses (the ?v= tag changes with the drawing), rendered on first use.
  app.get(
    "/images/games/:identity/:file",
    { schema: { tags: ["game"], summary: "A game's generated artwork (WebP, 1x1 or 3x4 at 1x-3x)", params: ImageParamsSchema } },
    async (request, reply) => {
      const variant = parseArtworkVariant("game", request.params.file);
      const subject = variant ? await catalogue.artworkSubject("game", request.params.identity) : null;
      if (!variant || !subject) throw notFound("No such image.");
      return reply.header("cache-control", ARTWORK_CACHE_CONTROL).type("image/webp").send(await artwork.image(subject, variant));
    },
  );

  app.get(
    "/images/providers/:identity/:file",
    { schema: { tags: ["game"], summary: "A provider's generated logo (WebP at 1x-3x)", params: ImageParamsSchema } },
    async (request, reply) => {
      const variant = parseArtworkVariant("provider", request.params.file);
      const subject = variant ? await catalogue.artworkSubject("provider", request.params.identity) : null;
      if (!variant || !subject) throw notFound("No such image.");
      return reply.header("cache-control", ARTWORK_CACHE_CONTROL).type("image/webp").send(await artwork.image(subject, variant));
    },
  );
};
