import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { useIsNavItemActive } from "./nav-entry.tsx";
import type { NavItem } from "./nav-items.tsx";

const TILE_STYLE: Record<string, { background: string; subtitleKey: "drawer.casinoTile" | "drawer.sportTile" }> = {
  casino: { background: "bg-tile-casino", subtitleKey: "drawer.casinoTile" },
  sport: { background: "bg-tile-sport", subtitleKey: "drawer.sportTile" },
};

type DrawerTileProps = { item: NavItem; compact?: boolean; onNavigate?: () => void };

/** One of the two big section tiles (Casino, Sport) at the top of the drawer. */
export function DrawerTile({ item, compact = false, onNavigate }: DrawerTileProps) {
  const { t } = useTranslation("layout");
  const active = useIsNavItemActive(item);
  const style = TILE_STYLE[item.id];
  const label = t(item.labelKey);
  return (
    <LocalizedLink
      to={item.to}
      data-nav-item={item.id}
      aria-current={active ? "page" : undefined}
      title={compact ? label : undefined}
      onClick={onNavigate}
      className={cx(
        "group/tile relative isolate flex min-h-16 items-center gap-3 overflow-hidden rounded-xl py-2 ps-3 pe-2 text-white",
        "shadow-card transition-[box-shadow,translate] duration-200 ease-snappy hover:-translate-y-px hover:shadow-raised",
        "drawer-compact:min-h-0 drawer-compact:size-12 drawer-compact:justify-center drawer-compact:p-0",
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
        {style ? <span className="line-clamp-2 text-xs leading-snug text-white/75">{t(style.subtitleKey)}</span> : null}
      </span>
    </LocalizedLink>
  );
}
