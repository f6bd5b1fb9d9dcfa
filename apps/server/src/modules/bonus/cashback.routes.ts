import { CashbackQuerySchema, CashbackResponseSchema } from "@playfair/contracts/bonus/player-bonuses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../messaging/contact-fields.ts";

// Spec 7: GET /api/game/bonuses/cashback?currency, the running period's cashback (cashback.ts).
// A read: open in restricted mode like the other reads (ADR 016).

export const cashbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashback = app.services.bonus.cashback;
  app.get(
    "/bonuses/cashback",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: { tags: ["bonus"], summary: "The running cashback period: net loss so far and what it would pay", querystring: CashbackQuerySchema, response: { 200: CashbackResponseSchema } },
    },
    async (request) => {
      if (!request.principal) throw new Error("the route does not declare config.auth");
      return { data: await cashback.cashbackOf(request.principal.playerId, request.query.currency, requestLocale(request)) };
    },
  );
};
