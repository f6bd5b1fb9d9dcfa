import { LISTED_PLAYER_BONUS_STATUSES } from "@playfair/contracts/constants";
import { PlayerBonusIdParamsSchema, PlayerBonusListQuerySchema, PlayerFreespinListSchema, PlayerFreespinResponseSchema } from "@playfair/contracts/bonus/player-bonuses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Principal } from "../../plugins/authentication.ts";
import { requestLocale } from "../messaging/contact-fields.ts";

// Spec 7: GET /api/game/player-freespins (status list 1,2), PUT .../{id}/activate and /cancel.
// Registered from bonus.routes.ts under /api/game.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const freespinRoutes: FastifyPluginAsyncZod = async (app) => {
  const freespins = app.services.bonus.freespins;
  // Reading is allowed in restricted mode (the player sees what they hold); changing is not.
  const reading = { auth: "player", restrictedMode: "allowed" } as const;
  const player = { auth: "player" } as const;

  app.get(
    "/player-freespins",
    { config: reading, schema: { tags: ["bonus"], summary: "The player's free spins in the given statuses (default 1,2), newest first", querystring: PlayerBonusListQuerySchema, response: { 200: PlayerFreespinListSchema } } },
    async (request) => ({ data: await freespins.list(principalOf(request).playerId, request.query.status ?? [...LISTED_PLAYER_BONUS_STATUSES], requestLocale(request)) }),
  );

  app.put(
    "/player-freespins/:id/activate",
    { config: player, schema: { tags: ["bonus"], summary: "Activate issued free spins: their play period starts", params: PlayerBonusIdParamsSchema, response: { 200: PlayerFreespinResponseSchema } } },
    async (request) => ({ data: await freespins.activate(principalOf(request).playerId, request.params.id, requestLocale(request)) }),
  );

  app.put(
    "/player-freespins/:id/cancel",
    {
      config: player,
      schema: { tags: ["bonus"], summary: "Cancel free spins; what the played spins won still becomes a bonus", params: PlayerBonusIdParamsSchema, response: { 200: PlayerFreespinResponseSchema } },
    },
    async (request) => ({ data: await freespins.cancel(principalOf(request).playerId, request.params.id, requestLocale(request)) }),
  );
};
