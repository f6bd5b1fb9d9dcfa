import { ApiErrorSchema } from "@playfair/contracts/api-error";
import {
  CatalogueIdentityParamsSchema,
  OperatorCollectionInputSchema,
  OperatorCollectionListSchema,
  OperatorCollectionResponseSchema,
  OperatorGameInputSchema,
  OperatorGamePatchSchema,
  OperatorGameResponseSchema,
} from "@playfair/contracts/game/catalogue-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../../notification/operator-keys.ts";
import { artworkVersion, gameImageUrls } from "./artwork.ts";
import type { GameRow } from "./catalogue.repository.ts";

// The operator's catalogue under /api/operator: add and hide games, write collections (titles,
// countries, position and the ordered game list). Authenticated like the rest of the operator API.

function operatorGameOf(row: GameRow) {
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    provider: { id: row.providerId, identity: row.providerIdentity, name: row.providerName },
    images: gameImageUrls(row.identity, artworkVersion(row)),
    rtp: row.rtp,
    volatility: row.volatility as "low" | "medium" | "high",
    features: row.features as never[],
    categories: row.categories as never[],
    hasDemo: row.hasDemo,
    devices: row.devices as never[],
    isOriginal: row.isOriginal,
    hidden: row.hidden,
    restrictedCountries: row.restrictedCountries,
    popularity: row.popularity,
    releasedAt: row.releasedAt.toISOString(),
    aggregatorCode: row.aggregatorCode,
    mathModel: row.mathModel,
  };
}

export const operatorCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = app.services.catalogue.operator;
  requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));

  app.post(
    "/games",
    { schema: { tags: ["operator"], summary: "Add a game to the catalogue", body: OperatorGameInputSchema, response: { 201: OperatorGameResponseSchema, 409: ApiErrorSchema } } },
    async (request, reply) => reply.status(201).send({ data: operatorGameOf(await operator.addGame(request.body)) }),
  );

  app.get(
    "/games/:id",
    { schema: { tags: ["operator"], summary: "A game as the operator sees it (hidden ones too)", params: CatalogueIdentityParamsSchema, response: { 200: OperatorGameResponseSchema, 404: ApiErrorSchema } } },
    async (request) => ({ data: operatorGameOf(await operator.getGame(request.params.id)) }),
  );

  app.patch(
    "/games/:id",
    {
      schema: { tags: ["operator"], summary: "Hide or show a game, change its popularity or restricted countries", params: CatalogueIdentityParamsSchema, body: OperatorGamePatchSchema, response: { 200: OperatorGameResponseSchema, 404: ApiErrorSchema } },
    },
    async (request) => ({ data: operatorGameOf(await operator.updateGame(request.params.id, request.body)) }),
  );

  app.get(
    "/game-collections",
    { schema: { tags: ["operator"], summary: "Every game collection with its ordered games", response: { 200: OperatorCollectionListSchema } } },
    async () => ({ data: await operator.listCollections() }),
  );

  app.put(
    "/game-collections",
    { schema: { tags: ["operator"], summary: "Create or replace a collection: titles, countries, position, ordered games", body: OperatorCollectionInputSchema, response: { 200: OperatorCollectionResponseSchema } } },
    async (request) => ({ data: await operator.putCollection(request.body) }),
  );
};
