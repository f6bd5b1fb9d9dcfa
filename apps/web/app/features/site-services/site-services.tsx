import { useEffect, useRef } from "react";
import { createPath, useLocation, useNavigate, useNavigation, type Location } from "react-router";
import type { SiteIntegrations } from "@playfair/contracts/web-services";
import { useSiteSettings } from "#app/lib/site-settings.ts";
import { configurePixel, firePixel } from "./analytics.ts";
import { storeEntryParameters } from "./entry-address.ts";
import { Preloader } from "./preloader.tsx";
import { tryAcquireReloadGuard } from "./reload-guard.ts";
import { whenPageIsIdle } from "./idle.ts";

// Once per page load, even when React runs effects twice (development) or remounts the root.
let entryHandled = false;

/**
 * Entry query parameters (stag, ref_id, preview, botURL): stored, then stag leaves the address.
 * Their rules load only when the arrival address carries one (entry-address.ts).
 */
function useEntryParameters(affiliateTagDays: number) {
  const location = useLocation();
  const navigate = useNavigate();
  // The address when the rules have loaded: the visitor may have opened a modal meanwhile.
  const current = useRef(location);
  useEffect(() => {
    current.current = location;
  }, [location]);
  useEffect(() => {
    if (entryHandled) return;
    entryHandled = true;
    storeEntryParameters(location.search, { affiliateTagDays })
      .then(async (result) => {
        if (result?.replacementSearch == null) return;
        const { searchWithoutAffiliateTag } = await import("./entry-parameters.ts");
        const { pathname, search, hash, state } = current.current;
        const replacement = searchWithoutAffiliateTag(search);
        // Through the router, so its idea of the address (and every later search-param update)
        // no longer carries the tag.
        if (replacement !== null) void navigate({ pathname, search: replacement, hash }, { replace: true, preventScrollReset: true, state });
      })
      .catch((error: unknown) => console.warn("Entry parameters could not be stored", error));
    // Entry parameters are read once, from the address the visitor arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

let visitFired = false;

/** Pixel endpoint from the settings, and the visit pixel when the app mounts (spec 4). */
function useAnalyticsStart(pixelUrl: string | null) {
  useEffect(() => {
    configurePixel(pixelUrl);
    if (visitFired) return;
    visitFired = true;
    firePixel("visit");
  }, [pixelUrl]);
}

/** Whether any script-loading integration is configured (kept here so third-party.ts can stay lazy). */
function hasScriptIntegrations(integrations: SiteIntegrations): boolean {
  return Boolean(integrations.tagManagerId || integrations.metricsId || integrations.sessionRecordingUrl || (integrations.chatHost && integrations.chatToken));
}

/** Tag manager, metrics, session recording and chat: only when configured, after load and idle. */
function useThirdPartyScripts(integrations: SiteIntegrations) {
  const configured = hasScriptIntegrations(integrations);
  useEffect(() => {
    // With nothing configured (the default) not even the loader is downloaded.
    if (!configured) return;
    return whenPageIsIdle(() => {
      import("./third-party.ts")
        .then(({ loadThirdPartyScripts }) => loadThirdPartyScripts(integrations))
        .catch((error: unknown) => console.warn("Third-party scripts could not be started", error));
    });
  }, [configured, integrations]);
}

const VERSION_POLL_INTERVAL_MS = 5 * 60_000;
/** A tab that keeps flipping between visible and hidden asks at most this often. */
const VISIBILITY_RECHECK_MS = 60_000;

/**
 * Version check (spec 4): polls builds/latest.json; once a newer build is out, the next
 * navigation becomes a full page load of its target. The fetching code loads with the first
 * check (minutes in, or a tab coming back), not with the page.
 */
function useVersionCheck(runningBuildId: string) {
  const updateAvailable = useRef(false);
  const navigation = useNavigation();
  const location = useLocation();
  const firstLocationKey = useRef(location.key);

  useEffect(() => {
    if (!runningBuildId) return;
    // The page itself is fresh, so polling starts a period from now; a tab coming back into view
    // is checked at once the first time (it may have slept through a deploy).
    let lastCheck = 0;
    let stopped = false;
    const check = async () => {
      lastCheck = Date.now();
      const { fetchLatestBuild, isNewerBuild } = await import("./version-check.ts");
      const latest = await fetchLatestBuild();
      if (!stopped && isNewerBuild(latest, runningBuildId)) updateAvailable.current = true;
    };
    const interval = window.setInterval(() => void check(), VERSION_POLL_INTERVAL_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible" && Date.now() - lastCheck >= VISIBILITY_RECHECK_MS) void check();
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stopped = true;
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [runningBuildId]);

  // The navigation is starting: load its target as a document instead.
  useEffect(() => {
    if (!updateAvailable.current || navigation.state === "idle") return;
    // A form submission completes first; the navigation after it reloads.
    if (navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET") return;
    if (tryAcquireReloadGuard()) window.location.assign(createPath(navigation.location));
  }, [navigation]);

  // A navigation that finished without a loading phase: reload where it arrived.
  useEffect(() => {
    if (location.key === firstLocationKey.current || !updateAvailable.current) return;
    if (tryAcquireReloadGuard()) window.location.reload();
  }, [location.key]);
}

/**
 * A lazily loaded chunk that fails (usually a deploy removed it) reloads the page at the address
 * the visitor was going to, at most once per reload-guard window, so it cannot loop.
 */
function useChunkErrorReload() {
  const navigation = useNavigation();
  const target = useRef<Location | undefined>(undefined);
  useEffect(() => {
    target.current = navigation.location;
  }, [navigation.location]);
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (!tryAcquireReloadGuard()) return; // Reloaded moments ago: let the error page explain.
      event.preventDefault();
      const destination = target.current ? createPath(target.current) : `${window.location.pathname}${window.location.search}${window.location.hash}`;
      window.location.assign(destination);
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
}

/** Entry query parameters, analytics, third-party scripts, version check and the preloader. */
export function SiteServices() {
  const settings = useSiteSettings();
  useEntryParameters(settings.affiliateTagDays);
  useAnalyticsStart(settings.integrations.pixelUrl);
  useThirdPartyScripts(settings.integrations);
  useVersionCheck(settings.buildId);
  useChunkErrorReload();
  return <Preloader />;
}
