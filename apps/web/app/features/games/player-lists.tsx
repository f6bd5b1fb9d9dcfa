import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fetchFavorites, fetchGame, fetchPlayed, gamesKeys } from "./games-api.ts";
import { GameTile } from "./game-tile.tsx";
import { GameTileSkeleton } from "./game-tile-skeleton.tsx";
import { GamesGrid, gridClassName } from "./games-grid.tsx";
import { useHydrated } from "./lobby-toolbar.tsx";
import { readPlayedGames } from "./played-games.ts";

/** A player's favourites (GET /api/game/games/favorites), page by page. */
export function FavoriteGames({ empty }: { empty: ReactNode }) {
  return <GamesGrid queryKey={gamesKeys.favorites} fetchPage={(page, signal) => fetchFavorites(page, signal)} empty={empty} />;
}

/** A player's recently played games, from the server (GET /api/game/games/played). */
export function PlayedGames({ empty }: { empty: ReactNode }) {
  return <GamesGrid queryKey={gamesKeys.played} fetchPage={(page, signal) => fetchPlayed(page, signal)} empty={empty} />;
}

/**
 * A guest's recently played games: the ids this browser kept, each read from the catalogue (a game
 * that cannot be read, or is no longer offered, is left out; spec 8 logs it).
 */
export function GuestPlayedGames({ empty }: { empty: ReactNode }) {
  const { t } = useTranslation("pages");
  const ids = useHydrated() ? readPlayedGames() : null;
  const games = useQuery({
    queryKey: ["game", "played", "guest", ids],
    queryFn: ({ signal }) => Promise.all((ids ?? []).map((identity) => fetchGame(identity, signal))),
    enabled: ids !== null && ids.length > 0,
  });
  if (ids !== null && ids.length === 0) return empty;
  if (ids === null || games.isPending) {
    return (
      <div aria-busy="true" className="mt-6">
        <span className="sr-only">{t("gameLists.loading")}</span>
        <ul className={gridClassName}>
          {Array.from({ length: Math.max(ids?.length ?? 6, 1) }, (_, index) => (
            <li key={index}>
              <GameTileSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const found = (games.data ?? []).filter((game) => game !== null);
  if (found.length === 0) return empty;
  return (
    <ul className={`mt-6 ${gridClassName}`} data-games-grid="">
      {found.map((game) => (
        <li key={game.id}>
          <GameTile game={game} />
        </li>
      ))}
    </ul>
  );
}
