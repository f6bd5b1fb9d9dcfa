import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { selectPlayer, type PlayerRow } from "../player/player.repository.ts";

/**
 * The player row of a bearer-authenticated request, for handlers that need more than the id (the
 * password hash, the addresses). 401 without a valid token, and when the player row is gone.
 */
export async function signedInPlayer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<PlayerRow> {
  await app.requireAuthentication.call(app, request, reply);
  const playerId = request.principal?.playerId;
  const player = playerId ? await selectPlayer(app.database.db, playerId) : undefined;
  if (!player) throw new AppError("UNAUTHORIZED", "Sign in to continue.", { headers: { "www-authenticate": "Bearer" } });
  return player;
}
