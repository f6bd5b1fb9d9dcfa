import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { selectPlayer, type PlayerRow } from "../player/player.repository.ts";

/**
 * The player row of a request whose route declares `config: { auth: "player" }` (or "optional"),
 * for handlers that need more than the id (the password hash, the addresses). 401 for a guest,
 * and when the player row is gone.
 */
export async function signedInPlayer(app: FastifyInstance, request: FastifyRequest): Promise<PlayerRow> {
  const playerId = request.principal?.playerId;
  const player = playerId ? await selectPlayer(app.database.db, playerId) : undefined;
  if (!player) throw new AppError("UNAUTHORIZED", "Sign in to continue.", { headers: { "www-authenticate": "Bearer" } });
  return player;
}
