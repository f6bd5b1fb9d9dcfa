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
        <h2 id={headingId} className="font-display text-lg font-bold tracking-tight sm:text-xl">
          {title}
        </h2>
        <LocalizedLink
          to={seeAllTo}
          className="inline-flex shrink-0 items-center gap-1 rounded-md text-sm font-semibold text-brand-fg outline-none hover:underline focus-visible:ring-2 focus-visible:ring-focus [&>svg]:size-4 rtl:[&>svg]:-scale-x-100"
          aria-label={t("games.seeAllOf", { title })}
          data-see-all={total}
        >
          {t("games.seeAll")}
          <ChevronEndIcon />
        </LocalizedLink>
      </div>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2 [scrollbar-width:thin]">
        {games.map((game, index) => (
          <li key={game.id} className={cx("shrink-0 snap-start", shape === "portrait" ? "w-32 sm:w-40" : "w-28 sm:w-32")}>
            <GameTile game={game} shape={shape} eager={index < eagerCount} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const chipClass =
  "inline-flex h-9 shrink-0 items-center rounded-full border border-border-strong bg-surface px-4 text-sm font-semibold text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-focus";

/** The studios, each a link to its games; the last one leads to the full list. */
export function ProvidersStrip({ providers }: { providers: Pick<Provider, "id" | "identity" | "name">[] }) {
  const { t } = useTranslation("pages");
  const headingId = useId();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10" data-providers-strip="">
      <h2 id={headingId} className="mb-3 font-display text-lg font-bold tracking-tight sm:text-xl">
        {t("games.providers")}
      </h2>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
        {providers.map((provider) => (
          <li key={provider.id}>
            <LocalizedLink to={providerPath(provider.identity)} className={chipClass}>
              {provider.name}
            </LocalizedLink>
          </li>
        ))}
        <li>
          <LocalizedLink to="/games/providers" className={cx(chipClass, "border-brand/40 text-brand-fg")}>
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
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2" data-category-chips="">
        {categories.map((category) => (
          <li key={category}>
            <LocalizedLink to={categoryPath(category)} className={chipClass}>
              {t(`games.categories.${category}`)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
