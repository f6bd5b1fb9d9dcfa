import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, unstable_useRouterState as useRouterState, type OutletProps } from "react-router";
import { useEnabledLanguages } from "#app/lib/locale-hooks.ts";
import { routeNameOf } from "#app/lib/route-name.ts";

/** A navigation quicker than this never shows a skeleton, so fast pages do not flicker. */
export const SKELETON_DELAY_MS = 150;

// The skeletons are drawn only on a slow navigation: a first visit does not download them. Their
// chunk starts loading as a navigation starts, well before SKELETON_DELAY_MS is up.
const loadRouteSkeleton = () => import("./route-skeleton-page.tsx");
const RouteSkeleton = lazy(loadRouteSkeleton);

type PendingPage = { key: string; routeName: string };

/**
 * The page being navigated to, while it loads: its location key (new for every navigation) and
 * route name. Null when idle, and when only the query or hash changes (a modal is not a new page).
 */
function usePendingPage(): PendingPage | null {
  const { active, pending } = useRouterState();
  const enabled = useEnabledLanguages();
  if (!pending || pending.state !== "loading") return null;
  if (pending.location.pathname === active.location.pathname) return null;
  const routeName = routeNameOf(pending.matches, enabled);
  return routeName ? { key: pending.location.key, routeName } : null;
}

/**
 * The page area of a layout: the current page, or while another page loads, that page's skeleton.
 * The old page stays in place, invisible and inert, underneath the skeleton: the document keeps its
 * height, so the scroll position saved for the back button is the one the visitor really had.
 */
export function RouteSkeletonOutlet(props: OutletProps) {
  const pendingPage = usePendingPage();
  const pendingKey = pendingPage?.key ?? null;
  // The navigation whose skeleton is due: set once it has been loading for SKELETON_DELAY_MS.
  const [dueKey, setDueKey] = useState<string | null>(null);

  useEffect(() => {
    if (pendingKey === null) return;
    void loadRouteSkeleton();
    const timer = setTimeout(() => setDueKey(pendingKey), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pendingKey]);

  const loading = pendingPage !== null && dueKey === pendingPage.key;
  return (
    // "contents" while idle: the wrapper takes no part in the layout. While loading, both layers
    // share one grid cell, the skeleton sticking to the top of the viewport.
    <div className={loading ? "grid" : "contents"} aria-busy={loading || undefined}>
      <div className={loading ? "invisible col-start-1 row-start-1" : "contents"} inert={loading}>
        <Outlet {...props} />
      </div>
      {loading && (
        <div className="sticky top-16 col-start-1 row-start-1 self-start">
          <Suspense fallback={null}>
            <RouteSkeleton routeName={pendingPage.routeName} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
