import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useUnprefixedPathname } from "./locale-path.tsx";
import { translatedOnce } from "#app/components/translated-once.ts";
import { isNavItemActive, NAV_LABEL_KEYS, type NavItem, type NavLabelKey } from "./nav-items.tsx";

/** The navigation entries' labels in the page's language (translated once per language). */
export function useNavLabels(): Readonly<Record<NavLabelKey, string>> {
  const { t, i18n } = useTranslation("layout");
  return translatedOnce(i18n, "layout:nav-labels", () => {
    const labels: Partial<Record<NavLabelKey, string>> = {};
    for (const key of NAV_LABEL_KEYS) labels[key] = t(key);
    return labels as Record<NavLabelKey, string>;
  });
}

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
  const active = useIsNavItemActive(item);
  const label = useNavLabels()[item.labelKey];
  return (
    <li>
      <LocalizedLink
        to={item.to}
        data-nav-item={item.id}
        aria-current={active ? "page" : undefined}
        title={compact ? label : undefined}
        onClick={onNavigate}
        className={cx("group/entry nav-entry", active ? "bg-brand-soft text-brand-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg")}
      >
        {active ? (
          <span aria-hidden="true" className="absolute inset-y-2.5 -start-3 w-1 rounded-e-full bg-brand drawer-compact:-start-2.5" />
        ) : null}
        <span className={cx("nav-entry-icon", active ? "text-brand-fg" : "text-fg-subtle group-hover/entry:text-fg")}>
          {item.icon("size-5")}
        </span>
        <span className="nav-entry-label">{label}</span>
      </LocalizedLink>
    </li>
  );
}
