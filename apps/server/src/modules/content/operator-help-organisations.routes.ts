import {
  HelpOrganisationAllSchema,
  HelpOrganisationIdParamsSchema,
  HelpOrganisationInputSchema,
  HelpOrganisationResponseSchema,
} from "@playfair/contracts/help-organisations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../notification/operator-keys.ts";

// The operator's list of help organisations (the responsible-gaming page), registered under
// /api/operator/help-organisations. Authenticated like the rest of the operator API:
// `Authorization: Bearer <operator key>` (OPERATOR_API_KEYS, or the generated demo key).

export const operatorHelpOrganisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const help = app.services.helpOrganisations;
  requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));

  app.get("/", { schema: { tags: ["operator"], summary: "Every help organisation, by country", response: { 200: HelpOrganisationAllSchema } } }, async () => ({
    data: await help.listAll(),
  }));

  app.post(
    "/",
    { schema: { tags: ["operator"], summary: "Add a help organisation", body: HelpOrganisationInputSchema, response: { 201: HelpOrganisationResponseSchema } } },
    async (request, reply) => reply.status(201).send({ data: await help.create(request.body) }),
  );

  app.put(
    "/:id",
    {
      schema: { tags: ["operator"], summary: "Replace a help organisation", params: HelpOrganisationIdParamsSchema, body: HelpOrganisationInputSchema, response: { 200: HelpOrganisationResponseSchema } },
    },
    async (request) => ({ data: await help.replace(request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    { schema: { tags: ["operator"], summary: "Remove a help organisation", params: HelpOrganisationIdParamsSchema } },
    async (request, reply) => {
      await help.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
