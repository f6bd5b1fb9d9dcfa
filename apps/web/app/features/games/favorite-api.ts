// The favourite call on its own: the toggle on every tile of a player's page loads it, without the
// rest of the lobby's calls and the filter schemas they read.
import { apiRequest } from "#app/lib/api-client.ts";

/** Query key of the player's favourites page (the toggle invalidates it). */
export const FAVORITES_QUERY_KEY = ["game", "favorites"] as const;

/** POST marks a game, DELETE unmarks it (spec 7). */
export function setFavorite(identity: string, favorite: boolean): Promise<void> {
  return apiRequest<void>(`/api/game/games/${encodeURIComponent(identity)}/favorite`, { auth: "required", method: favorite ? "POST" : "DELETE" });
}
