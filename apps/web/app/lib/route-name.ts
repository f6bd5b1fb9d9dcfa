// Route names are the route ids of routes.ts (the spec's names, `locale-` in front for the
// prefixed twins). The one exception is the `/:locale` dispatcher, whose single segment is either
// a language (the home page in it: "locale") or a content page slug ("slug").
import { DEFAULT_LOCALE, type SupportedLocaleCode } from "@playfair/contracts/constants";
import { useMatches, type Params } from "react-router";
import { isSupportedLanguage } from "#app/lib/locale.ts";
import { useEnabledLanguages } from "#app/lib/locale-hooks.ts";

type Language = SupportedLocaleCode;

/** Route id of the `/:locale` dispatcher (routes/locale-or-slug.tsx). */
const DISPATCHER_ROUTE_ID = "locale";

const LOCALE_PREFIX = "locale-";

type NamedMatch = { id: string; params: Params };

/** The name of the page a list of matches shows: its deepest route, "" when nothing matched. */
export function routeNameOf(matches: readonly NamedMatch[], enabled: readonly Language[]): string {
  const deepest = matches.at(-1);
  if (!deepest) return "";
  if (deepest.id !== DISPATCHER_ROUTE_ID) return deepest.id;
  const segment = deepest.params.locale ?? "";
  const isLocale = segment !== DEFAULT_LOCALE && isSupportedLanguage(segment) && enabled.includes(segment);
  return isLocale ? "locale" : "slug";
}

/** The name without the locale twin's prefix: "locale-wallet-history" -> "wallet-history". */
export function baseRouteName(name: string): string {
  return name.startsWith(LOCALE_PREFIX) ? name.slice(LOCALE_PREFIX.length) : name;
}

/** The current page's route name (also on <html data-route-name>). */
export function useRouteName(): string {
  return routeNameOf(useMatches(), useEnabledLanguages());
}
