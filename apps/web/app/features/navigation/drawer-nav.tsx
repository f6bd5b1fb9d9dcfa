import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ArrowEndIcon, GiftIcon } from "#app/components/icons.tsx";
import { cx } from "#app/lib/cx.ts";
import { DrawerTile } from "./drawer-tile.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { DrawerEntry } from "./nav-entry.tsx";
import { DRAWER_SECTIONS, DRAWER_TILES, WELCOME_PACKAGE } from "./nav-items.tsx";

type DrawerNavProps = {
  /** Compact rail: icons only (the desktop rail in compact mode). */
  compact?: boolean;
  /** Called when a link is followed (the overlay drawer closes itself). */
  onNavigate?: () => void;
  className?: string;
};

/** The drawer's navigation: the Casino and Sport tiles and the section lists. */
export function DrawerNav({ compact = false, onNavigate, className }: DrawerNavProps) {
  const { t } = useTranslation("layout");
  const idPrefix = useId();
  return (
    <nav aria-label={t("drawer.label")} className={cx("flex flex-col gap-5", className)}>
      <div className="flex flex-col gap-2 drawer-compact:items-center">
        {DRAWER_TILES.map((item) => (
          <DrawerTile key={item.id} item={item} compact={compact} onNavigate={onNavigate} />
        ))}
      </div>
      {DRAWER_SECTIONS.map((section) => {
        const headingId = `${idPrefix}-${section.id}`;
        return (
          <div key={section.id} className="flex flex-col gap-1">
            {section.labelKey ? (
              <>
                <p
                  id={headingId}
                  className="px-2 pb-1 text-[0.6875rem] font-semibold tracking-[0.08em] text-fg-subtle uppercase drawer-compact:hidden"
                >
                  {t(section.labelKey)}
                </p>
                <hr aria-hidden="true" className="mx-auto mb-1 hidden w-6 border-border-strong drawer-compact:block" />
              </>
            ) : null}
            <ul aria-labelledby={section.labelKey ? headingId : undefined} className="flex flex-col gap-0.5">
              {section.items.map((item) => (
                <DrawerEntry key={item.id} item={item} compact={compact} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** A small card at the foot of the drawer pointing new visitors to the welcome package. */
export function WelcomePromo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("layout");
  return (
    <LocalizedLink
      to={WELCOME_PACKAGE.to}
      onClick={onNavigate}
      className="group/promo relative isolate block overflow-hidden rounded-xl border border-gold-400/30 bg-gold-400/10 p-4 drawer-compact:hidden dark:bg-gold-400/[0.07]"
    >
      <span aria-hidden="true" className="absolute -end-3 -bottom-4 -z-10 text-gold-500/25 dark:text-gold-300/20">
        <GiftIcon className="size-20 -rotate-12" />
      </span>
      <span className="block text-[0.6875rem] font-semibold tracking-[0.08em] text-gold-700 uppercase dark:text-gold-300">
        {t("drawer.promo.eyebrow")}
      </span>
      <span className="mt-1 block font-display text-base font-bold text-fg">{t("drawer.promo.title")}</span>
      <span className="mt-1 block text-sm text-fg-muted">{t("drawer.promo.text")}</span>
      <span className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-fg">
        {t("drawer.promo.action")}
        <ArrowEndIcon className="size-4 transition-transform group-hover/promo:translate-x-0.5 rtl:group-hover/promo:-translate-x-0.5" />
      </span>
    </LocalizedLink>
  );
}
