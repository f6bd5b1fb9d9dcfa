import { NO_SITE_INTEGRATIONS, type SiteSettings } from "@playfair/contracts/web-services";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** What the site runs with when the root data is missing (an error page before it loaded). */
const UNCONFIGURED_SITE: SiteSettings = {
  // Links of an error page without site data stay relative to wherever the page is.
  publicOrigin: "",
  buildId: "",
  affiliateTagDays: 30,
  countryHeader: "cf-ipcountry",
  integrations: NO_SITE_INTEGRATIONS,
};

/** The root loader's data (language, enabled locales, site settings, theme), when it loaded. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/**
 * Public site configuration (origin, build id, affiliate tag lifetime, third-party integrations).
 * Integrations are null when not configured, which is also what an error page without data gets.
 */
export function useSiteSettings(): SiteSettings {
  return useRootData()?.site ?? UNCONFIGURED_SITE;
}
