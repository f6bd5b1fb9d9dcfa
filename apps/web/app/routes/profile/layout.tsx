import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { GiftIcon, SlidersIcon, UserIcon } from "#app/components/icons.tsx";
import { LocalizedNavLink } from "#app/components/localized-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { DevicesIcon, GearIcon, IdCardIcon } from "#app/routes/shared/page-icons.tsx";
import { GuestPrompt, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";

type ProfileSection = "info" | "limits" | "personal" | "sessions" | "bonuses" | "settings";

const SECTIONS: Array<{ section: ProfileSection; icon: ReactNode }> = [
  { section: "info", icon: <UserIcon /> },
  { section: "limits", icon: <SlidersIcon /> },
  { section: "personal", icon: <IdCardIcon /> },
  { section: "sessions", icon: <DevicesIcon /> },
  { section: "bonuses", icon: <GiftIcon /> },
  { section: "settings", icon: <GearIcon /> },
];

/** The profile frame: heading and the section navigation; a guest is asked to sign in instead. */
export default function ProfileLayout() {
  const { t } = useTranslation("pages");
  const session = useSession();
  return (
    <PageFrame>
      <PageIntro icon={<UserIcon />} title={t("profile.title")} subtitle={t("profile.subtitle")} />
      {isSignedIn(session) ? (
        <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
          <ProfileNavigation />
          <div className="min-w-0 [&>*:first-child]:mt-0">
            <Outlet />
          </div>
        </div>
      ) : (
        <GuestPrompt title={t("profile.guest.title")} description={t("profile.guest.description")} />
      )}
    </PageFrame>
  );
}

/** A row of pills that scrolls sideways on small screens, a vertical list beside the content on large ones. */
export function ProfileNavigation() {
  const { t } = useTranslation("pages");
  return (
    <nav aria-label={t("profile.navLabel")} className="-mx-4 px-4 sm:mx-0 sm:px-0 lg:sticky lg:top-24 lg:self-start">
      <ul className="flex gap-1.5 overflow-x-auto pb-1 [scrollbar-width:none] lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0">
        {SECTIONS.map(({ section, icon }) => (
          <li key={section} className="shrink-0">
            <LocalizedNavLink
              to={`/profile/${section}`}
              preventScrollReset
              className={({ isActive }) =>
                cx(
                  "flex h-10 items-center gap-3 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors duration-150 lg:h-11 lg:rounded-lg",
                  "[&>svg]:size-[1.125rem]",
                  isActive
                    ? "bg-brand-soft text-brand-fg ring-1 ring-brand/20 ring-inset"
                    : "border border-border bg-surface text-fg-muted hover:bg-surface-muted hover:text-fg lg:border-transparent lg:bg-transparent",
                )
              }
            >
              {icon}
              {t(`profile.nav.${section}`)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
