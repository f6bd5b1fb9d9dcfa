import type { Game } from "@playfair/contracts/game/catalogue";
import { Suspense, useEffect, useRef, useState } from "react";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { cx } from "#app/lib/cx.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { gamePath } from "./games-links.ts";
import { useNearViewport } from "./lazy-image.ts";

// Guests (most first visits) download none of it: the toggle and the query client load for players.
const FavoriteToggle = lazyWithQueryClient(() => import("./favorite-toggle.tsx"));

export type TileShape = "portrait" | "square";

/**
 * The art's intrinsic size at 1x (spec 3: 3x4 and 1x1), written on the image so the slot keeps its
 * shape before the art arrives (no layout shift); CSS scales it to the column.
 */
const TILE_ART_SIZE: Record<TileShape, { width: number; height: number }> = {
  portrait: { width: 180, height: 240 },
  square: { width: 160, height: 160 },
};

export type TileGame = Pick<Game, "id" | "identity" | "name" | "provider" | "images" | "isFavorite">;

/** `url 1x, url 2x, url 3x` of one of the art's shapes. */
export function tileSrcSet(game: TileGame, shape: TileShape): string {
  const densities = game.images[shape === "portrait" ? "3x4" : "1x1"];
  return `${densities["1x"]} 1x, ${densities["2x"]} 2x, ${densities["3x"]} 3x`;
}

/**
 * One game: its art (loaded as it nears the viewport, a skeleton until it has), name and provider,
 * a link to its page; a player also gets the favourite toggle. `eager` tiles (the first screen)
 * carry their art in the server's HTML so it paints without waiting for scripts.
 */
export function GameTile({ game, shape = "portrait", eager = false, className }: { game: TileGame; shape?: TileShape; eager?: boolean; className?: string }) {
  const session = useSession();
  const [slot, near] = useNearViewport<HTMLDivElement>();
  const image = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  const showArt = eager || near;
  const size = TILE_ART_SIZE[shape];
  const densities = game.images[shape === "portrait" ? "3x4" : "1x1"];

  useEffect(() => {
    // Art in the server's HTML may have finished before hydration attached onLoad.
    if (image.current?.complete && image.current.naturalWidth > 0) setLoaded(true);
  }, [showArt]);

  return (
    <div className={cx("group relative", className)} data-game-tile={game.identity}>
      <LocalizedLink
        to={gamePath(game.identity)}
        className="game-tile-link"
      >
        <div ref={slot} className={cx("game-tile-art", !loaded && "skeleton")} data-tile-art="">
          <img
            ref={image}
            alt=""
            width={size.width}
            height={size.height}
            decoding="async"
            {...(showArt ? { src: densities["1x"], srcSet: tileSrcSet(game, shape) } : {})}
            onLoad={() => setLoaded(true)}
            className={cx("game-tile-img", shape === "portrait" ? "aspect-[3/4]" : "aspect-square", loaded && "opacity-100")}
          />
        </div>
        <span className="game-tile-name">{game.name}</span>
        <span className="game-tile-provider">{game.provider.name}</span>
      </LocalizedLink>
      {isSignedIn(session) && (
        <Suspense fallback={null}>
          <FavoriteToggle gameId={game.identity} name={game.name} initial={game.isFavorite} />
        </Suspense>
      )}
    </div>
  );
}
