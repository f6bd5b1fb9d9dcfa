import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useProfile } from "#app/lib/session.tsx";
import { SiteFooter } from "#app/features/navigation/site-footer.tsx";
import { SiteHeader } from "#app/features/navigation/site-header.tsx";
import { DRAWER_COMPACT_INIT_SCRIPT } from "#app/lib/drawer-compact.ts";
import { MobileBottomNav } from "#app/features/navigation/mobile-bottom-nav.tsx";
import { ShellStateProvider } from "#app/features/navigation/shell-state.tsx";
import { DrawerRail, OverlayDrawer } from "#app/features/navigation/site-drawer.tsx";

// Only a player in restricted mode (a self-exclusion or cooling-off) ever loads it.
const RestrictedModeBanner = lazy(() => import("#app/features/limits/restricted-mode-banner.tsx"));

/**
 * The frame of the default layout: skip link, sticky header, the drawer (a rail on wide screens,
 * an overlay sheet below), the main landmark, the footer, and the bottom bar in the mobile view.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("layout");
  const restriction = useProfile()?.restriction;
  return (
    <ShellStateProvider>
      {/* Before the rail is parsed: give it the remembered compact width on first paint. Its text
          is in the server's HTML only: a script React puts in the page never runs. */}
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? DRAWER_COMPACT_INIT_SCRIPT : "" }} />
      {/* The mobile bottom bar (4rem and its 1px border) is fixed: keep the page's end clear of it. */}
      <div className="flex min-h-dvh flex-col pb-[calc(4rem+1px+env(safe-area-inset-bottom))] xs:pb-0">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-brand px-4 py-2 font-semibold text-on-brand focus:not-sr-only focus:fixed focus:start-4 focus:top-3"
        >
          {t("skipToContent")}
        </a>
        <SiteHeader />
        <div className="flex flex-1">
          <DrawerRail />
          <div className="flex min-w-0 flex-1 flex-col">
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {restriction ? (
                <Suspense fallback={null}>
                  <RestrictedModeBanner restriction={restriction} />
                </Suspense>
              ) : null}
              {children}
            </main>
            <SiteFooter />
          </div>
        </div>
        <MobileBottomNav />
        <OverlayDrawer />
      </div>
    </ShellStateProvider>
  );
}
