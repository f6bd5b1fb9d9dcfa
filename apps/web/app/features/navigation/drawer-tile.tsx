import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { translatedOnce } from "#app/components/translated-once.ts";
import { useIsNavItemActive, useNavLabels } from "./nav-entry.tsx";
import type { NavItem } from "./nav-items.tsx";

const TILE_STYLE: Record<string, { background: string; subtitleKey: "drawer.casinoTile" | "drawer.sportTile" }> = {
  casino: { background: "bg-tile-casino", subtitleKey: "drawer.casinoTile" },
  sport: { background: "bg-tile-sport", subtitleKey: "drawer.sportTile" },
};

type DrawerTileProps = { item: NavItem; compact?: boolean; onNavigate?: () => void };

/** One of the two big section tiles (Casino, Sport) at the top of the drawer. */
export function DrawerTile({ item, compact = false, onNavigate }: DrawerTileProps) {
  const { t, i18n } = useTranslation("layout");
  const active = useIsNavItemActive(item);
  const style = TILE_STYLE[item.id];
  const label = useNavLabels()[item.labelKey];
  const subtitle = style ? translatedOnce(i18n, `layout:${style.subtitleKey}`, () => t(style.subtitleKey)) : null;
  return (
    <LocalizedLink
      to={item.to}
      data-nav-item={item.id}
      aria-current={active ? "page" : undefined}
      title={compact ? label : undefined}
      onClick={onNavigate}
      className={cx(
        "group/tile drawer-tile",
        active ? "ring-2 ring-accent ring-offset-2 ring-offset-surface" : "ring-1 ring-white/10 ring-inset",
        style?.background,
      )}
    >
      {/* A large faded copy of the icon, as texture at the end of the tile. */}
      <span
        aria-hidden="true"
        className="absolute -end-3 top-1/2 -z-10 -translate-y-1/2 text-white/15 transition-transform duration-300 ease-snappy group-hover/tile:scale-110 group-hover/tile:-rotate-6 drawer-compact:hidden"
      >
        {item.icon("size-20")}
      </span>
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/15 ring-1 ring-white/20 ring-inset drawer-compact:bg-transparent drawer-compact:ring-0">
        {item.icon("size-5")}
      </span>
      <span className="flex min-w-0 flex-col drawer-compact:sr-only">
        <span className="font-display text-[0.9375rem] leading-tight font-bold">{label}</span>
        {subtitle ? <span className="line-clamp-2 text-xs leading-snug text-white/75">{subtitle}</span> : null}
      </span>
    </LocalizedLink>
  );
}
