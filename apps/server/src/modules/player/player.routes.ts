import { AvatarListSchema, SetAvatarRequestSchema } from "@playfair/contracts/player/avatars";
import { FIELD_SCENARIOS, FieldListResponseSchema } from "@playfair/contracts/player/fields";
import { PlayerInitSchema } from "@playfair/contracts/player/init";
import { ProfileSchema } from "@playfair/contracts/player/profile";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";
import { AVATARS } from "./avatars.ts";
import { referenceChecks } from "./reference-checks.ts";

// Registered under /api/player (captcha: /api) by app.ts.

const ProfileUpdateSchema = z.record(z.string(), z.unknown()).meta({
  id: "ProfileUpdate",
  description: "Any of EDITABLE_PROFILE_FIELDS that the operator's profile field list enables; others are refused per field",
});
const AVATAR_LIST_JSON = Buffer.from(JSON.stringify({ data: AVATARS }));

/** Ready JSON bytes skip the response schema and serialisation (see lib/json-cache.ts). */
function sendJsonBytes(reply: FastifyReply, json: Buffer, cacheControl: string) {
  return reply.header("cache-control", cacheControl).type("application/json; charset=utf-8").send(json);
}

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { players } = app.services;
  const reference = referenceChecks(app.services.settings);
  const authenticated = { config: { auth: "player" } } as const;

  app.get(
    "/profile",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["player"], summary: "The signed-in player's profile", response: { 200: ProfileSchema } } },
    async (request, reply) => {
      // Served from the in-memory profile cache as ready JSON: the hot path of every page.
      const json = await players.getProfileJson(principalOf(request).playerId);
      if (!json) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
      return sendJsonBytes(reply, json, "no-store");
    },
  );

  app.put(
    "/profile",
    {
      ...authenticated,
      schema: { tags: ["player"], summary: "Change profile fields (e-mail, phone and password have their own flows)", body: ProfileUpdateSchema, response: { 200: ProfileSchema } },
    },
    async (request) => players.updateProfile(principalOf(request).playerId, request.body, reference),
  );

  app.get(
    "/fields/validations",
    {
      schema: {
        tags: ["player"],
        summary: "The operator's field list of the registration or profile form",
        querystring: z.object({ scenario: z.enum(FIELD_SCENARIOS) }),
        response: { 200: FieldListResponseSchema },
      },
    },
    async (request) => players.fields.response(request.query.scenario),
  );

  app.get(
    "/avatar/list",
    { schema: { tags: ["player"], summary: "The avatars a player can choose", response: { 200: AvatarListSchema } } },
    async (_request, reply) => sendJsonBytes(reply, AVATAR_LIST_JSON, "public, max-age=3600"),
  );

  app.post(
    "/avatar/set-avatar",
    { ...authenticated, schema: { tags: ["player"], summary: "Choose an avatar", body: SetAvatarRequestSchema, response: { 200: ProfileSchema } } },
    async (request) => players.setAvatar(principalOf(request).playerId, request.body.avatarId),
  );

  app.get(
    "/init",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["player"], summary: "Profile, wallet accounts, social connections and realtime channels in one call", response: { 200: PlayerInitSchema } } },
    async (request) => players.init(principalOf(request).playerId),
  );
};
