import {
  BonusCodeListQuerySchema,
  BonusCodeRequestSchema,
  BonusStatusListSchema,
  BonusStatusQuerySchema,
  DeleteBonusCodeRequestSchema,
  DepositBonusListSchema,
  DepositBonusQuerySchema,
  PlayerBonusCodeListSchema,
  PlayerBonusCodeResponseSchema,
  WelcomePackageQuerySchema,
  WelcomePackageResponseSchema,
} from "@playfair/contracts/bonus/player-bonuses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Principal } from "../../plugins/authentication.ts";
import { requestLocale } from "../messaging/contact-fields.ts";

// Registered under /api/game from bonus.routes.ts (spec 7 "Quests and bonuses"): deposit offers,
// their status, the welcome package and bonus codes.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const bonusOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deposits, codes } = app.services.bonus;
  // Reads stay open in restricted mode (ADR 016): such a player is shown no offer, not an error.
  const reading = { auth: "player", restrictedMode: "allowed" } as const;
  const tags = ["bonus"];

  app.get(
    "/bonuses",
    { config: reading, schema: { tags, summary: "The deposit bonuses a deposit of `amount` in `currency` could take now (welcome package step first)", querystring: DepositBonusQuerySchema, response: { 200: DepositBonusListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await deposits.offers(principalOf(request).playerId, request.query.currency, request.query.amount ?? null, requestLocale(request)) };
    },
  );

  app.get(
    "/bonuses/status",
    { config: reading, schema: { tags, summary: "Whether each deposit bonus can still be taken, and why not", querystring: BonusStatusQuerySchema, response: { 200: BonusStatusListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await deposits.status(principalOf(request).playerId, request.query.bonusIds, request.query.currency) };
    },
  );

  app.get(
    "/bonuses/package",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: { tags, summary: "The welcome package: each step's terms and the player's progress (guests: the steps alone)", querystring: WelcomePackageQuerySchema, response: { 200: WelcomePackageResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await deposits.welcomePackage(request.principal?.playerId ?? null, request.query.currency ?? null, requestLocale(request)) };
    },
  );

  app.get(
    "/bonuses/bonuscodes",
    { config: reading, schema: { tags, summary: "The codes the player entered (removed ones left out), newest first", querystring: BonusCodeListQuerySchema, response: { 200: PlayerBonusCodeListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await codes.list(principalOf(request).playerId, request.query.trigger, requestLocale(request)) };
    },
  );

  app.post(
    "/bonuses/bonuscodes",
    {
      config: { auth: "player" },
      schema: {
        tags,
        summary: "Enter a bonus code: it gives its bonus now, or waits for the next deposit (status 1); refused: 422 with reason 3 (incorrect) or 4 (not available)",
        body: BonusCodeRequestSchema,
        response: { 201: PlayerBonusCodeResponseSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const data = await codes.enter(principal.playerId, request.body.bonusCode, request.body.trigger, {
        sessionId: principal.sessionId,
        client: { userAgent: request.client.userAgent, ip: request.client.ip },
        locale: requestLocale(request),
      });
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    "/bonuses/bonuscodes",
    { config: { auth: "player" }, schema: { tags, summary: "Remove a code still waiting for its deposit", body: DeleteBonusCodeRequestSchema, response: { 200: PlayerBonusCodeResponseSchema } } },
    async (request) => ({ data: await codes.remove(principalOf(request).playerId, request.body.playerBonusCodeId) }),
  );
};
