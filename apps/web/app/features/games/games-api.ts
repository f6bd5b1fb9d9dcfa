// The lobby's calls (spec 7, Games), typed by the catalogue contracts. Guests may read collections,
// providers and single games; the rest need a session (spec 6).
import type { Game, GameSearchResult, GamesPage, Provider } from "@playfair/contracts/game/catalogue";
import type { GameLaunch, GameLaunchRequest } from "@playfair/contracts/game/launch";
import { apiRequest } from "#app/lib/api-client.ts";
import { FAVORITES_QUERY_KEY } from "./favorite-api.ts";
import { gamesApiQuery, type GamesFilter } from "./games-url.ts";

type List<T> = { data: T[] };
export type RecentSearch = { id: string; text: string; createdAt: string };

export const GAMES_PER_PAGE = 24;

export const gamesKeys = {
  games: (filter: GamesFilter) => ["game", "games", filter] as const,
  favorites: FAVORITES_QUERY_KEY,
  played: ["game", "played"] as const,
  providers: ["game", "providers"] as const,
  search: (text: string, signedIn: boolean) => ["game", "search", text, signedIn] as const,
  recentSearches: ["game", "search", "recent"] as const,
};

const id = (value: string) => encodeURIComponent(value);

export function fetchGames(filter: GamesFilter, page: number, signal?: AbortSignal): Promise<GamesPage> {
  return apiRequest<GamesPage>("/api/game/games", { query: gamesApiQuery(filter, page, GAMES_PER_PAGE), signal });
}

/** Spec 8: a provider list that fails to load is shown as an empty list. */
export function fetchProviders(signal?: AbortSignal): Promise<Provider[]> {
  return apiRequest<List<Provider>>("/api/game/providers", { signal }).then(
    (answer) => answer.data,
    (error: unknown) => {
      console.warn("Game providers could not be loaded", error);
      return [];
    },
  );
}

export function fetchFavorites(page: number, signal?: AbortSignal): Promise<GamesPage> {
  return apiRequest<GamesPage>("/api/game/games/favorites", { auth: "required", query: { page, perPage: GAMES_PER_PAGE }, signal });
}

export function fetchPlayed(page: number, signal?: AbortSignal): Promise<GamesPage> {
  return apiRequest<GamesPage>("/api/game/games/played", { auth: "required", query: { page, perPage: GAMES_PER_PAGE }, signal });
}

/** A guest's played games, one by one (their ids are kept in the browser). Spec 8: a failure is logged only. */
export function fetchGame(identity: string, signal?: AbortSignal): Promise<Game | null> {
  return apiRequest<{ data: Game }>(`/api/game/games/${id(identity)}`, { signal }).then(
    (answer) => answer.data,
    (error: unknown) => {
      console.warn("Game info could not be loaded", identity, error);
      return null;
    },
  );
}

export const SEARCH_RESULTS = 12;

/**
 * The global search. A player's goes to GET /api/game/games/search, which also keeps it among their
 * recent searches; a guest may not call it (spec 6), so their games come from the guests' list
 * call with the same typo-tolerant text match and their providers from the provider list.
 */
export async function searchGames(text: string, signedIn: boolean, signal?: AbortSignal): Promise<GameSearchResult> {
  if (signedIn) {
    return apiRequest<{ data: GameSearchResult }>("/api/game/games/search", { auth: "required", query: { search: text, perPage: SEARCH_RESULTS }, signal }).then((answer) => answer.data);
  }
  const needle = text.toLocaleLowerCase();
  const [games, providers] = await Promise.all([
    apiRequest<GamesPage>("/api/game/games", { query: { search: text, perPage: SEARCH_RESULTS }, signal }),
    fetchProviders(signal),
  ]);
  return { games: games.data, providers: providers.filter((provider) => provider.name.toLocaleLowerCase().includes(needle)) };
}

export function fetchRecentSearches(signal?: AbortSignal): Promise<RecentSearch[]> {
  return apiRequest<List<RecentSearch>>("/api/game/search/recent", { auth: "required", signal }).then((answer) => answer.data);
}

/** Removes some recent searches, or all of them when `ids` is omitted. */
export function deleteRecentSearches(ids?: string[]): Promise<void> {
  return apiRequest<void>("/api/game/search/recent", { auth: "required", method: "DELETE", body: ids ? { ids } : {} });
}

/** The play call answers the launch itself, not wrapped in `data` (GameLaunchSchema is the whole body). */
export function launchGame(identity: string, request: GameLaunchRequest): Promise<GameLaunch> {
  return apiRequest<GameLaunch>(`/api/game/games/${id(identity)}/play`, {
    auth: request.demo ? "optional" : "required",
    method: "POST",
    body: request,
  });
}
