import { CampaignRequestSchema, CampaignResponseSchema, CommunicationListQuerySchema, CommunicationListSchema } from "@playfair/contracts/notification";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error.ts";
import { bearerTokenFrom } from "../../plugins/authentication.ts";
import type { OperatorIdentity } from "./operator-keys.ts";

// The operator API (campaigns, communications); registered under
// /api/operator. Authenticated by `Authorization: Bearer <operator key>` (OPERATOR_API_KEYS, or the
// generated demo key of <DATA_DIR>/operator-key), never by a player's session.

declare module "fastify" {
  interface FastifyRequest {
    operator: OperatorIdentity | null;
  }
}

function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw new Error("operator authentication did not run");
  return request.operator;
}

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notification;

  app.addHook("onReady", async () => {
    await notifications.operatorKeys.announceDemoKey().catch((error: unknown) => app.log.warn({ err: error }, "operator key not announced at start-up"));
  });

  app.decorateRequest("operator", null);
  app.addHook("onRequest", async (request) => {
    const identity = await notifications.operatorKeys.authenticate(bearerTokenFrom(request.headers.authorization));
    if (!identity) throw new AppError("UNAUTHORIZED", "A valid operator key is required.", { headers: { "www-authenticate": "Bearer" } });
    request.operator = identity;
  });

  app.post(
    "/campaigns",
    {
      schema: {
        tags: ["operator"],
        summary: "Send a message or push to one player, a segment or everyone",
        body: CampaignRequestSchema,
        response: { 201: CampaignResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await notifications.sendCampaign(
        {
          kind: body.kind,
          audience: body.audience,
          ...(body.playerId ? { playerId: body.playerId } : {}),
          ...(body.email ? { email: body.email } : {}),
          ...(body.segment ? { segment: body.segment } : {}),
          title: body.title,
          body: body.body,
          ...(body.url ? { url: body.url } : {}),
        },
        operatorOf(request).label,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/communications",
    {
      schema: { tags: ["operator"], summary: "Contact-form messages, newest first", querystring: CommunicationListQuerySchema, response: { 200: CommunicationListSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notifications.listCommunications(request.query);
    },
  );
};
