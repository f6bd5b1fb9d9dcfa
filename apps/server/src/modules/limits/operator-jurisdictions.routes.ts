import {
  JurisdictionCountryParamsSchema,
  JurisdictionProfileListSchema,
  JurisdictionProfileResponseSchema,
  JurisdictionRulesSchema,
} from "@playfair/contracts/game/jurisdiction";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../notification/operator-keys.ts";

// The operator's jurisdiction profiles (P11, ADR 031), registered under /api/operator/jurisdictions:
// one per country, the rules its players' games follow. Authenticated like the rest of the
// operator API: `Authorization: Bearer <operator key>`.

export const operatorJurisdictionRoutes: FastifyPluginAsyncZod = async (app) => {
  const jurisdiction = app.services.limits.jurisdiction;
  requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));

  app.get("/", { schema: { tags: ["operator"], summary: "Every country's jurisdiction profile", response: { 200: JurisdictionProfileListSchema } } }, async () => ({
    data: await jurisdiction.list(),
  }));

  app.get(
    "/:country",
    { schema: { tags: ["operator"], summary: "A country's jurisdiction profile", params: JurisdictionCountryParamsSchema, response: { 200: JurisdictionProfileResponseSchema } } },
    async (request) => ({ data: await jurisdiction.get(request.params.country) }),
  );

  app.put(
    "/:country",
    {
      schema: {
        tags: ["operator"],
        summary: "Set a country's jurisdiction profile (created or replaced whole)",
        params: JurisdictionCountryParamsSchema,
        body: JurisdictionRulesSchema,
        response: { 200: JurisdictionProfileResponseSchema },
      },
    },
    async (request) => ({ data: await jurisdiction.put(request.params.country, request.body) }),
  );

  app.delete(
    "/:country",
    { schema: { tags: ["operator"], summary: "Remove a country's jurisdiction profile", params: JurisdictionCountryParamsSchema } },
    async (request, reply) => {
      await jurisdiction.remove(request.params.country);
      return reply.status(204).send(null);
    },
  );
};
