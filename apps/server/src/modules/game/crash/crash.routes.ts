import {
  CrashBetParamsSchema,
  CrashBetResponseSchema,
  CrashBetsPageSchema,
  CrashBetsQuerySchema,
  CrashHistoryPageSchema,
  CrashHistoryQuerySchema,
  CrashRoundParamsSchema,
  CrashRoundRecordResponseSchema,
  CrashSessionParamsSchema,
  CrashStateResponseSchema,
  PlaceCrashBetRequestSchema,
} from "@playfair/contracts/game/crash";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeyHeadersSchema } from "@playfair/contracts/payment/invoices";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Registered under /api/game/crash: the shared round (state, history, a round's public record),
// bets and cash-outs with a game session from POST /api/game/games/playfair-crash/play, and the
// player's own bets.

export const crashRoutes: FastifyPluginAsyncZod = async (app) => {
  const crash = app.services.crash;
  const guestsToo = { auth: "optional" } as const;
  const reading = { auth: "player", restrictedMode: "allowed" } as const;
  const callerOf = (request: FastifyRequest) => ({ playerId: request.principal?.playerId ?? null });

  app.get(
    "/round",
    { schema: { tags: ["game"], summary: "The crash round in play (or the last one) with its real-money bets, names masked", response: { 200: CrashStateResponseSchema } } },
    async () => ({ data: await crash.state() }),
  );

  app.get(
    "/rounds",
    { schema: { tags: ["game"], summary: "Played crash rounds, newest first: point, hash, salt and the chain's commitment", querystring: CrashHistoryQuerySchema, response: { 200: CrashHistoryPageSchema } } },
    async (request) => crash.history(request.query),
  );

  app.get(
    "/rounds/:roundId",
    { schema: { tags: ["game"], summary: "One crash round's public record (hash and point once it is over)", params: CrashRoundParamsSchema, response: { 200: CrashRoundRecordResponseSchema } } },
    async (request) => ({ data: await crash.record(request.params.roundId) }),
  );

  app.get(
    "/bets",
    { config: reading, schema: { tags: ["game"], summary: "The player's crash bets, newest first", querystring: CrashBetsQuerySchema, response: { 200: CrashBetsPageSchema } } },
    async (request) => crash.playerBets(request.principal!.playerId, request.query),
  );

  app.post(
    "/:sessionId/bets",
    {
      config: guestsToo,
      schema: {
        tags: ["game"],
        summary: "Bet on the round while it takes bets, with an optional auto cash-out; an Idempotency-Key header makes retries safe",
        params: CrashSessionParamsSchema,
        headers: IdempotencyKeyHeadersSchema,
        body: PlaceCrashBetRequestSchema,
        response: { 201: CrashBetResponseSchema },
      },
    },
    async (request, reply) => {
      const { bet, balance, replayed } = await crash.bets.place(request.params.sessionId, callerOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send({ data: bet, balance });
    },
  );

  app.post(
    "/:sessionId/bets/:betId/cashout",
    {
      config: guestsToo,
      schema: { tags: ["game"], summary: "Cash a bet out at the running round's multiplier now", params: CrashBetParamsSchema, response: { 200: CrashBetResponseSchema } },
    },
    async (request) => {
      const { bet, balance } = await crash.bets.cashOut(request.params.sessionId, request.params.betId, callerOf(request));
      return { data: bet, balance };
    },
  );
};
