import { BetListSchema, BetResponseSchema, BetsPageSchema, BetsQuerySchema, CashOutRequestSchema, OpenBetsQuerySchema, PlaceBetRequestSchema } from "@playfair/contracts/sport/bets";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../lib/app-error.ts";
import type { Principal } from "../../../plugins/authentication.ts";
import type { Bettor } from "./place-bet.ts";

// The bet routes (ADR 035). Under /api/sportsbook the widget's calls, authorised by the sportsbook
// token from the start-game call; under /api/game the spec's bets history, with the site session.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

function bettorOf(request: FastifyRequest): Bettor {
  const principal = principalOf(request);
  if (!principal.currency) throw new Error("a sportsbook route was called without a sportsbook token");
  return { playerId: principal.playerId, currency: principal.currency };
}

const BetParamsSchema = z.object({ id: z.uuid() });

/** Registered under /api/sportsbook. */
export const sportsbookBetRoutes: FastifyPluginAsyncZod = async (app) => {
  const betting = app.services.sportBetting;
  const sportsbook = { auth: "sportsbook" } as const;

  app.post(
    "/bets",
    {
      config: sportsbook,
      schema: { tags: ["sportsbook"], summary: "Place a bet slip: single, multiple or system; a live bet answers pending until its delay ends", body: PlaceBetRequestSchema, response: { 201: BetResponseSchema } },
    },
    async (request, reply) => {
      const { bet, replayed } = await betting.placeBet(bettorOf(request), request.body);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send({ data: bet });
    },
  );

  app.get(
    "/bets",
    { config: sportsbook, schema: { tags: ["sportsbook"], summary: "The player's open bets with the cash-out offer standing now", querystring: OpenBetsQuerySchema, response: { 200: BetListSchema } } },
    async (request) => ({ data: await betting.openBets(bettorOf(request).playerId) }),
  );

  app.get(
    "/bets/history",
    {
      config: sportsbook,
      schema: { tags: ["sportsbook"], summary: "The player's bets for the widget's history: settled (default) or still open, newest first", querystring: BetsQuerySchema, response: { 200: BetsPageSchema } },
    },
    async (request) => betting.listBets(bettorOf(request).playerId, request.query),
  );

  app.get(
    "/bets/:id",
    { config: sportsbook, schema: { tags: ["sportsbook"], summary: "One of the player's bets (a pending live bet is asked again until decided)", params: BetParamsSchema, response: { 200: BetResponseSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const bet = await betting.bet(bettorOf(request).playerId, request.params.id);
      if (!bet) throw notFound("This bet does not exist.");
      return { data: bet };
    },
  );

  app.post(
    "/bets/:id/cash-out",
    {
      config: sportsbook,
      schema: { tags: ["sportsbook"], summary: "Cash a bet out at the offer named, if it still stands", params: BetParamsSchema, body: CashOutRequestSchema, response: { 200: BetResponseSchema } },
    },
    async (request) => ({ data: await betting.cashOut(bettorOf(request), request.params.id, request.body.offerId) }),
  );
};

/** Registered under /api/game: spec 7's `GET /bets`. */
export const gameBetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/bets",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: { tags: ["game"], summary: "The player's sports bets, newest first: settled ones (default) or those still open", querystring: BetsQuerySchema, response: { 200: BetsPageSchema } },
    },
    async (request) => app.services.sportBetting.listBets(principalOf(request).playerId, request.query),
  );
};
