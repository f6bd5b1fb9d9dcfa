import { useTranslation } from "react-i18next";
import { MenuIcon } from "#app/components/icons.tsx";
import { cx } from "#app/lib/cx.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useIsNavItemActive, useNavLabels } from "./nav-entry.tsx";
import { BOTTOM_NAV, type NavItem } from "./nav-items.tsx";
import { OVERLAY_DRAWER_ID, useShellState } from "./shell-state.tsx";

// The item's layout and type: the `bottom-nav-item` component class in app.css.
const item = "bottom-nav-item";

/**
 * The mobile view's bottom bar (width 528 px or less, spec 1): Home, Casino, Sport, Bonuses and
 * the menu button that opens the drawer. Hidden from the `xs` breakpoint up.
 */
export function MobileBottomNav() {
  const { t } = useTranslation("layout");
  const { drawerOpen, openDrawer } = useShellState();
  return (
    <nav
      aria-label={t("bottomNav.label")}
      data-mobile-bottom-nav=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_-16px_rgb(15_20_38/0.35)] xs:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch px-1">
        {BOTTOM_NAV.map((entry) => (
          <BottomNavLink key={entry.id} entry={entry} />
        ))}
        <li className="flex flex-1">
          <button
            type="button"
            onClick={openDrawer}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={OVERLAY_DRAWER_ID}
            className={cx(item, drawerOpen ? "text-brand-fg" : "text-fg-subtle hover:text-fg")}
          >
            <MenuIcon className="size-6" />
            <span className="max-w-full truncate px-0.5">{t("bottomNav.menu")}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

function BottomNavLink({ entry }: { entry: NavItem }) {
  const label = useNavLabels()[entry.labelKey];
  const active = useIsNavItemActive(entry);
  return (
    <li className="flex flex-1">
      <LocalizedLink
        to={entry.to}
        data-nav-item={entry.id}
        aria-current={active ? "page" : undefined}
        className={cx(item, active ? "text-brand-fg" : "text-fg-subtle hover:text-fg")}
      >
        {active ? <span aria-hidden="true" className="absolute top-0 h-0.5 w-8 rounded-b-full bg-brand" /> : null}
        {entry.icon("size-6")}
        <span className="max-w-full truncate px-0.5">{label}</span>
      </LocalizedLink>
    </li>
  );
}
