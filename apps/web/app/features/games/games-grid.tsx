import type { PageMeta } from "@playfair/contracts/pagination";
import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { GameTile, type TileGame } from "./game-tile.tsx";
import { GameTileSkeleton } from "./game-tile-skeleton.tsx";

export type TilePage = { data: TileGame[]; meta: PageMeta };

/** How many tiles of the first page carry their art in the server's HTML (the first screen). */
const EAGER_TILES = 6;
const SKELETONS = 12;

export const gridClassName = "grid grid-cols-3 gap-3 xs:grid-cols-4 sm:grid-cols-5 lg:grid-cols-6 xl:grid-cols-8";

/**
 * A page of games and "load more": the first page usually comes with the page's HTML (`initial`),
 * the next ones through the query client, appended below; skeletons hold their places meanwhile.
 */
export function GamesGrid({
  queryKey,
  fetchPage,
  initial,
  empty,
}: {
  queryKey: QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<TilePage>;
  initial?: TilePage;
  empty: React.ReactNode;
}) {
  const { t } = useTranslation("pages");
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TilePage) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    ...(initial ? { initialData: { pages: [initial], pageParams: [1] } } : {}),
  });
  const games = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.meta.totalRows ?? 0;

  if (query.isPending) {
    return (
      <div aria-busy="true" className="mt-6">
        <span className="sr-only">{t("gameLists.loading")}</span>
        <ul className={gridClassName}>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <li key={index}>
              <GameTileSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError || games.length === 0) return empty;

  return (
    <div className="mt-6" data-games-grid="">
      <ul className={gridClassName} aria-busy={query.isFetchingNextPage}>
        {games.map((game, index) => (
          <li key={game.id}>
            <GameTile game={game} eager={index < EAGER_TILES} />
          </li>
        ))}
        {query.isFetchingNextPage &&
          Array.from({ length: SKELETONS }, (_, index) => (
            <li key={`skeleton-${index}`}>
              <GameTileSkeleton />
            </li>
          ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-fg-muted" role="status" data-games-shown="">
          {t("gameLists.shown", { shown: games.length, total })}
        </p>
        {query.hasNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-load-more="">
            {t("gameLists.loadMore")}
          </Button>
        )}
      </div>
    </div>
  );
}
