import {
  BonusSumSchema,
  PlayerBonusIdParamsSchema,
  PlayerBonusListQuerySchema,
  PlayerBonusListSchema,
  PlayerBonusResponseSchema,
} from "@playfair/contracts/bonus/player-bonuses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Principal } from "../../plugins/authentication.ts";
import { requestLocale } from "../messaging/contact-fields.ts";

// Spec 7 "Quests and bonuses": GET /api/game/player-bonuses and /player-bonuses/sum, PUT
// /api/game/player-bonuses/{id}/activate and /cancel. Reads stay open in restricted mode (ADR 016:
// a player sees what they hold); activating and cancelling are bonus actions and stay closed.

function playerOf(request: FastifyRequest): string {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return (request.principal as Principal).playerId;
}

const SumQuerySchema = PlayerBonusListQuerySchema.pick({ status: true });

export const playerBonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const api = app.services.bonus.playerBonuses;
  const reading = { auth: "player", restrictedMode: "allowed" } as const;

  app.get(
    "/player-bonuses",
    { config: reading, schema: { tags: ["bonus"], summary: "The player's bonuses (statuses 1 and 2 unless asked)", querystring: PlayerBonusListQuerySchema, response: { 200: PlayerBonusListSchema } } },
    async (request) => ({ data: await api.listBonuses(playerOf(request), request.query, requestLocale(request)) }),
  );

  app.get(
    "/player-bonuses/sum",
    { config: reading, schema: { tags: ["bonus"], summary: "The bonus money of the listed bonuses in the base currency", querystring: SumQuerySchema, response: { 200: BonusSumSchema } } },
    async (request) => api.sumBonuses(playerOf(request), request.query.status, requestLocale(request)),
  );

  app.put(
    "/player-bonuses/:id/activate",
    { config: { auth: "player" }, schema: { tags: ["bonus"], summary: "Activate an issued bonus: its money joins the bonus balance", params: PlayerBonusIdParamsSchema, response: { 200: PlayerBonusResponseSchema } } },
    async (request) => ({ data: await api.activateBonus(playerOf(request), request.params.id, requestLocale(request)) }),
  );

  app.put(
    "/player-bonuses/:id/cancel",
    { config: { auth: "player" }, schema: { tags: ["bonus"], summary: "Cancel a bonus: its money and winnings are forfeited", params: PlayerBonusIdParamsSchema, response: { 200: PlayerBonusResponseSchema } } },
    async (request) => ({ data: await api.cancelBonus(playerOf(request), request.params.id, requestLocale(request)) }),
  );
};
