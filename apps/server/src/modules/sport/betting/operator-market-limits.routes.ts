import { MarketLimitInputSchema, MarketLimitKeySchema, MarketLimitListSchema, MarketLimitResponseSchema } from "@playfair/contracts/sport/market-limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../../notification/operator-keys.ts";
import { createCurrencyPrecision } from "./currency-precision.ts";
import { createMarketLimits } from "./market-limits.ts";

// The operator's per-market stake limits (ADR 035), registered under /api/operator/sport-market-limits.
// Authenticated like the rest of the operator API: `Authorization: Bearer <operator key>`.

export const operatorMarketLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = createMarketLimits({ db: app.database.db, now: () => new Date(), precision: createCurrencyPrecision() });
  requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));

  app.get("/", { schema: { tags: ["operator"], summary: "Every per-market stake limit of the sportsbook", response: { 200: MarketLimitListSchema } } }, async () => ({
    data: await limits.listMarketLimits(),
  }));

  app.put(
    "/",
    {
      schema: {
        tags: ["operator"],
        summary: "Set the most one player may stake on one market of a type (every event, or one event's)",
        body: MarketLimitInputSchema,
        response: { 200: MarketLimitResponseSchema },
      },
    },
    async (request) => ({ data: await limits.setMarketLimit(request.body) }),
  );

  app.delete("/", { schema: { tags: ["operator"], summary: "Remove a per-market stake limit", querystring: MarketLimitKeySchema } }, async (request, reply) => {
    await limits.removeMarketLimit(request.query);
    return reply.status(204).send(null);
  });
};
