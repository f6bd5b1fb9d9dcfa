import { CatalogueIdentitySchema } from "@playfair/contracts/game/catalogue";
import { GameLaunchRequestSchema, GameLaunchSchema } from "@playfair/contracts/game/launch";
import {
  FairnessRoundParamsSchema,
  FairnessRoundResponseSchema,
  OpenRoundResponseSchema,
  PlaceRoundRequestSchema,
  RecallListSchema,
  RecallParamsSchema,
  RotateSeedRequestSchema,
  RoundActionParamsSchema,
  RoundActionRequestSchema,
  RoundResponseSchema,
  RoundSessionParamsSchema,
  SeedListSchema,
  SeedStateResponseSchema,
  SetClientSeedRequestSchema,
  WinnerListSchema,
} from "@playfair/contracts/game/play";
import { SpinRowsPageSchema, SpinsFilterQuerySchema } from "@playfair/contracts/game/spins";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeyHeadersSchema } from "@playfair/contracts/payment/invoices";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Principal } from "../../../plugins/authentication.ts";

// Registered under /api/game: the launch call of spec 7 for our originals, their rounds, the
// provably-fair seeds and round records (ours: spec 7 has no fairness calls), game recall, the
// spins history and the public big wins.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

const GameIdParamsSchema = z.object({ id: CatalogueIdentitySchema });

export const gamePlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const play = app.services.gamePlay;
  const player = { auth: "player" } as const;
  const reading = { auth: "player", restrictedMode: "allowed" } as const;
  const guestsToo = { auth: "optional" } as const;
  const callerOf = (request: FastifyRequest) => ({ playerId: request.principal?.playerId ?? null, country: request.client.country });

  app.get(
    "/fairness/seeds",
    { config: reading, schema: { tags: ["game"], summary: "The player's seeds per original: the server seed's SHA-256, the client seed, the next nonce, the last seed revealed", response: { 200: SeedListSchema } } },
    async (request) => ({ data: await play.seeds.list(principalOf(request).playerId) }),
  );

  app.put(
    "/fairness/client-seed",
    { config: player, schema: { tags: ["game"], summary: "Set the client seed of the next rounds of one original", body: SetClientSeedRequestSchema, response: { 200: SeedStateResponseSchema } } },
    async (request) => ({ data: await play.seeds.setClientSeed(principalOf(request).playerId, request.body.game, request.body.clientSeed) }),
  );

  app.post(
    "/fairness/rotate",
    {
      config: player,
      schema: { tags: ["game"], summary: "Reveal the server seed in use and commit a new one (refused while a round of it is in play)", body: RotateSeedRequestSchema, response: { 200: SeedStateResponseSchema } },
    },
    async (request) => ({ data: await play.seeds.rotate(principalOf(request).playerId, request.body.game, request.body.clientSeed) }),
  );

  app.get(
    "/fairness/rounds/:id",
    { schema: { tags: ["game"], summary: "A settled round's provably-fair record; the server seed once rotated away", params: FairnessRoundParamsSchema, response: { 200: FairnessRoundResponseSchema } } },
    async (request) => ({ data: await play.history.fairnessRound(request.params.id) }),
  );

  app.post(
    "/games/:id/play",
    {
      config: guestsToo,
      schema: {
        tags: ["game"],
        summary: "Open a game session: real money (signed in) or demo (guests too)",
        params: GameIdParamsSchema,
        body: GameLaunchRequestSchema,
        response: { 201: GameLaunchSchema },
      },
    },
    async (request, reply) => {
      const launch = await play.launcher.launch(request.params.id, request.body, { playerId: request.principal?.playerId ?? null, sessionId: request.principal?.sessionId ?? null, country: request.client.country });
      return reply.status(201).send(launch);
    },
  );

  app.post(
    "/originals/:sessionId/rounds",
    {
      config: guestsToo,
      schema: {
        tags: ["game"],
        summary: "Bet a round of an original (a mines round starts open); an Idempotency-Key header makes retries safe",
        params: RoundSessionParamsSchema,
        headers: IdempotencyKeyHeadersSchema,
        body: PlaceRoundRequestSchema,
        response: { 201: RoundResponseSchema },
      },
    },
    async (request, reply) => {
      const { round, balance, replayed } = await play.rounds.place(request.params.sessionId, callerOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send({ data: round, balance });
    },
  );

  app.post(
    "/originals/:sessionId/rounds/:roundId/actions",
    {
      config: guestsToo,
      schema: { tags: ["game"], summary: "A step of a multi-step round: reveal a tile, cash out", params: RoundActionParamsSchema, body: RoundActionRequestSchema, response: { 200: RoundResponseSchema } },
    },
    async (request) => {
      const { round, balance } = await play.rounds.act(request.params.sessionId, request.params.roundId, callerOf(request), request.body);
      return { data: round, balance };
    },
  );

  app.get(
    "/originals/:sessionId/open-round",
    {
      config: guestsToo,
      schema: { tags: ["game"], summary: "The round left open (mines, blackjack) to continue after a reload, or null; no hidden part shown", params: RoundSessionParamsSchema, response: { 200: OpenRoundResponseSchema } },
    },
    async (request) => {
      const { round, balance } = await play.rounds.openRound(request.params.sessionId, callerOf(request));
      return { data: round, balance };
    },
  );

  app.get(
    "/originals/:identity/recall",
    { config: reading, schema: { tags: ["game"], summary: "Game recall: the player's last 10 rounds of one original", params: RecallParamsSchema, response: { 200: RecallListSchema } } },
    async (request) => ({ data: await app.services.gameSpins.recall(principalOf(request).playerId, request.params.identity) }),
  );

  app.get(
    "/spins",
    {
      config: reading,
      schema: {
        tags: ["game"],
        summary: "The player's rounds of originals and third-party games, newest first; filters by game, status, currency, source and dates",
        querystring: SpinsFilterQuerySchema,
        response: { 200: SpinRowsPageSchema },
      },
    },
    async (request) => app.services.gameSpins.list(principalOf(request).playerId, request.query),
  );

  app.get(
    "/spins/winners",
    { schema: { tags: ["game"], summary: "Recent big wins, names masked", response: { 200: WinnerListSchema } } },
    async () => ({ data: await app.services.gameSpins.winners() }),
  );
};
