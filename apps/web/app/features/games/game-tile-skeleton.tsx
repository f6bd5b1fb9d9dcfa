// Apart from the tile: only the load-more grid and the player lists draw it, never the lobby's
// first screen, so it stays out of the lobby's first load.
import { cx } from "#app/lib/cx.ts";
import type { TileShape } from "./game-tile.tsx";

/** A tile's place while its page of games loads. */
export function GameTileSkeleton({ shape = "portrait" }: { shape?: TileShape }) {
  return (
    <div aria-hidden="true" data-tile-skeleton="">
      <div className={cx("skeleton rounded-lg", shape === "portrait" ? "aspect-[3/4]" : "aspect-square")} />
      <div className="skeleton mt-2 h-3.5 w-3/4 rounded-full" />
      <div className="skeleton mt-1.5 h-3 w-1/2 rounded-full" />
    </div>
  );
}
