import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useNavigate } from "react-router";
import { GiftIcon, SlidersIcon, UserIcon } from "#app/components/icons.tsx";
import { LocalizedNavLink } from "#app/components/localized-link.tsx";
import { Skeleton, SkeletonText } from "#app/components/ui/skeleton.tsx";
import { isMessengerMode } from "#app/features/session/messenger-mode.ts";
import { readAccessToken } from "#app/features/session/token-storage.ts";
import { cx } from "#app/lib/cx.ts";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { DevicesIcon, GearIcon, IdCardIcon } from "#app/components/page-icons.tsx";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";

type ProfileSection = "info" | "limits" | "personal" | "sessions" | "bonuses" | "settings";

const SECTIONS: Array<{ section: ProfileSection; icon: ReactNode }> = [
  { section: "info", icon: <UserIcon /> },
  { section: "limits", icon: <SlidersIcon /> },
  { section: "personal", icon: <IdCardIcon /> },
  { section: "sessions", icon: <DevicesIcon /> },
  { section: "bonuses", icon: <GiftIcon /> },
  { section: "settings", icon: <GearIcon /> },
];

/** How often, and how long, a guest page waits for a session that may still be restored. */
const RESTORE_POLL_MS = 500;
const RESTORE_WAIT_MS = 12_000;

/**
 * The profile frame: heading and the section navigation. The profile is for signed-in players only
 * (spec 2.4: the sign-in redirect target is the home page with sign-in=true), see useGuestRedirect.
 */
export default function ProfileLayout() {
  const { t } = useTranslation("pages");
  const session = useSession();
  useGuestRedirect(isSignedIn(session));
  return (
    <PageFrame>
      <PageIntro icon={<UserIcon />} title={t("profile.title")} subtitle={t("profile.subtitle")} />
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 sm:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <ProfileNavigation />
        <div className="min-w-0 [&>*:first-child]:mt-0">{isSignedIn(session) ? (
            // The profile pages run queries; the page's shared client loads with this route.
            <SharedQueryClientProvider>
              <Outlet />
            </SharedQueryClientProvider>
          ) : (
            <ProfileSkeleton />
          )}</div>
      </div>
    </PageFrame>
  );
}

/** A session may still arrive: a stored token is being checked, or the messenger app signs in. */
function sessionMayStillArrive(): boolean {
  return readAccessToken() !== null || isMessengerMode();
}

/**
 * A guest is sent to the home page with the sign-in window. The server renders guests a
 * skeleton rather than redirecting: in the messenger app the token lives in localStorage, where
 * only the browser can find it, so the page waits briefly for the session store to restore it.
 * A player who signs out here is not sent anywhere: the session store already goes home.
 */
function useGuestRedirect(signedIn: boolean) {
  const navigate = useNavigate();
  const localizedPath = useLocalizedPath();
  const wasSignedIn = useRef(signedIn);

  // Runs before the redirect below (effects run in order), so a sign-out here is remembered.
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
  }, [signedIn]);

  useEffect(() => {
    if (signedIn || wasSignedIn.current) return;
    const startedAt = Date.now();
    const redirect = () => void navigate(`${localizedPath("/")}?sign-in=true`, { replace: true });
    if (!sessionMayStillArrive()) {
      redirect();
      return;
    }
    const timer = window.setInterval(() => {
      if (!sessionMayStillArrive() || Date.now() - startedAt > RESTORE_WAIT_MS) {
        window.clearInterval(timer);
        redirect();
      }
    }, RESTORE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [signedIn, navigate, localizedPath]);
}

/** Stands in for a section while the session is not known yet. */
function ProfileSkeleton() {
  const { t } = useTranslation("profile");
  return (
    <div aria-busy="true" data-profile-skeleton="" className="rounded-xl border border-border bg-surface p-5 shadow-card sm:p-6">
      <span className="sr-only">{t("common.loading")}</span>
      <div className="flex items-center gap-4">
        <Skeleton shape="circle" className="size-16" />
        <div className="flex-1">
          <Skeleton shape="text" className="w-40" />
          <Skeleton shape="text" className="mt-3 w-24" />
        </div>
      </div>
      <SkeletonText lines={4} className="mt-8" />
    </div>
  );
}

/** A row of pills that scrolls sideways on small screens, a vertical list beside the content on large ones. */
export function ProfileNavigation() {
  const { t } = useTranslation("pages");
  return (
    <nav aria-label={t("profile.navLabel")} className="-mx-4 min-w-0 px-4 sm:mx-0 sm:px-0 lg:sticky lg:top-24 lg:self-start">
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
