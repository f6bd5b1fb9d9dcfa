import type { GameCategory, Provider } from "@playfair/contracts/game/catalogue";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ChevronEndIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { GameTile, type TileGame, type TileShape } from "./game-tile.tsx";
import { categoryPath, providerPath } from "./games-links.ts";

/** A titled row of games that scrolls sideways, with a "see all" link to its filter page. */
export function GameRail({
  title,
  games,
  seeAllTo,
  total,
  shape = "portrait",
  eagerCount = 0,
}: {
  title: string;
  games: TileGame[];
  seeAllTo: string;
  total: number;
  shape?: TileShape;
  eagerCount?: number;
}) {
  const { t } = useTranslation("pages");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 first:mt-0" data-game-rail="">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="rail-heading">
          {title}
        </h2>
        <LocalizedLink
          to={seeAllTo}
          className="rail-see-all"
          aria-label={t("games.seeAllOf", { title })}
          data-see-all={total}
        >
          {t("games.seeAll")}
          <ChevronEndIcon />
        </LocalizedLink>
      </div>
      <ul className="rail-row snap-x gap-3 [scrollbar-width:thin]">
        {games.map((game, index) => (
          <li key={game.id} className={cx("shrink-0 snap-start", shape === "portrait" ? "w-32 sm:w-40" : "w-28 sm:w-32")}>
            <GameTile game={game} shape={shape} eager={index < eagerCount} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The studios, each a link to its games; the last one leads to the full list. */
export function ProvidersStrip({ providers }: { providers: Pick<Provider, "id" | "identity" | "name">[] }) {
  const { t } = useTranslation("pages");
  const headingId = useId();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10" data-providers-strip="">
      <h2 id={headingId} className="rail-heading mb-3">
        {t("games.providers")}
      </h2>
      <ul className="rail-row">
        {providers.map((provider) => (
          <li key={provider.id}>
            <LocalizedLink to={providerPath(provider.identity)} className="lobby-chip">
              {provider.name}
            </LocalizedLink>
          </li>
        ))}
        <li>
          <LocalizedLink to="/games/providers" className="lobby-chip border-brand/40 text-brand-fg">
            {t("games.allProviders")}
          </LocalizedLink>
        </li>
      </ul>
    </section>
  );
}

/** The categories as links (the categories modal shows the same list in a sheet). */
export function CategoryChips({ categories, label }: { categories: readonly GameCategory[]; label: string }) {
  const { t } = useTranslation("pages");
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="rail-row" data-category-chips="">
        {categories.map((category) => (
          <li key={category}>
            <LocalizedLink to={categoryPath(category)} className="lobby-chip">
              {t(`games.categories.${category}`)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
