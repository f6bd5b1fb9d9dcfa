import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import {
  CreateLimitRequestSchema,
  LimitIdParamsSchema,
  LimitListSchema,
  LimitResponseSchema,
  UpdateLimitRequestSchema,
} from "@playfair/contracts/player/limits";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Principal } from "../../plugins/authentication.ts";

// Spec 7 "Player": GET and POST /api/player/limits; PUT and DELETE /api/player/limits/{id}.
// Registered under /api/player/limits. The rules live in limits.service.ts.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits, sessions } = app.services;
  const authenticated = { config: { auth: "player" } } as const;

  app.get(
    "/",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: { tags: ["limits"], summary: "The player's responsible-gaming limits, by definition then period", response: { 200: LimitListSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await limits.list(principalOf(request).playerId) };
    },
  );

  app.post(
    "/",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: {
        tags: ["limits"],
        summary: "Set a limit (applies at once), or start a self-exclusion or cooling-off (ends every session)",
        body: CreateLimitRequestSchema,
        response: { 201: LimitResponseSchema },
      },
    },
    async (request, reply) => {
      const { playerId } = principalOf(request);
      const reason = request.body.definition === LIMIT_DEFINITION.selfExclusion ? "self-exclusion" : "cooling-off";
      const limit = await limits.create(playerId, request.body, {
        endSessions: async (executor) => {
          await sessions.revokeSessions({ playerId, reason, executor });
        },
      });
      reply.status(201);
      return { data: limit };
    },
  );

  app.put(
    "/:id",
    {
      ...authenticated,
      schema: {
        tags: ["limits"],
        summary: "Change a limit: a decrease applies at once, an increase after 24 hours",
        params: LimitIdParamsSchema,
        body: UpdateLimitRequestSchema,
        response: { 200: LimitResponseSchema },
      },
    },
    async (request) => ({ data: await limits.update(principalOf(request).playerId, request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    {
      ...authenticated,
      schema: {
        tags: ["limits"],
        summary: "Remove a limit: it stays in force for 24 more hours",
        params: LimitIdParamsSchema,
        response: { 200: LimitResponseSchema },
      },
    },
    async (request) => ({ data: await limits.remove(principalOf(request).playerId, request.params.id) }),
  );
};
