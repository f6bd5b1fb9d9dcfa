import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useUnprefixedPathname } from "./locale-path.tsx";
import { isNavItemActive, type NavItem } from "./nav-items.tsx";

/** Whether a navigation entry is the current section. */
export function useIsNavItemActive(item: NavItem): boolean {
  return isNavItemActive(item, useUnprefixedPathname());
}

type DrawerEntryProps = {
  item: NavItem;
  /** The rail is compact: the label becomes the tooltip. */
  compact?: boolean;
  onNavigate?: () => void;
};

/**
 * A drawer row: icon and label. Inside the desktop rail (`data-drawer-rail`) the compact mode
 * keeps only the icon; the label stays for screen readers.
 */
export function DrawerEntry({ item, compact = false, onNavigate }: DrawerEntryProps) {
  const { t } = useTranslation("layout");
  const active = useIsNavItemActive(item);
  const label = t(item.labelKey);
  return (
    <li>
      <LocalizedLink
        to={item.to}
        data-nav-item={item.id}
        aria-current={active ? "page" : undefined}
        title={compact ? label : undefined}
        onClick={onNavigate}
        className={cx(
          "group/entry relative flex min-h-11 items-center gap-3 rounded-xl ps-2 pe-3 text-[0.9375rem] font-medium",
          "transition-colors duration-150 drawer-compact:justify-center drawer-compact:px-0",
          active ? "bg-brand-soft text-brand-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
        )}
      >
        {active ? (
          <span aria-hidden="true" className="absolute inset-y-2.5 -start-3 w-1 rounded-e-full bg-brand drawer-compact:-start-2.5" />
        ) : null}
        <span
          className={cx(
            "grid size-8 shrink-0 place-items-center rounded-lg transition-colors",
            active ? "text-brand-fg" : "text-fg-subtle group-hover/entry:text-fg",
          )}
        >
          {item.icon("size-5")}
        </span>
        <span className="line-clamp-2 py-1 leading-tight drawer-compact:sr-only">{label}</span>
      </LocalizedLink>
    </li>
  );
}
