import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/locale";
import { canonicalPrefixRedirect, enabledLanguages, splitLocalePrefix } from "#app/lib/locale.ts";
import { readEnabledLocales } from "#app/lib/locale-loaders.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/** A path of one segment ("/about-us", "/de", "/de/"): the dispatcher's, locale or slug. */
function isSingleSegment(pathname: string): boolean {
  return /^\/[^/]+\/?$/.test(pathname);
}

/**
 * The `/:locale/` prefix's validity check (spec 2.1). Permanent redirects put the prefix into its
 * one canonical spelling (lower case; none for en). An enabled language passes. Anything else is
 * not a locale: one segment may still be a content page's slug (the dispatcher decides), a longer
 * path is no page at all, which is the fatal 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const enabled = enabledLanguages(await readEnabledLocales(context));
  const target = canonicalPrefixRedirect(`${url.pathname}${url.search}`, enabled);
  if (target !== null) throw redirect(target, 301);
  // An enabled language's prefix passes even when its texts are incomplete: the page is shown in
  // the default language then (splitLocalePrefix's `language`), under the address that was asked for.
  const { language, prefix } = splitLocalePrefix(url.pathname, enabled);
  if (prefix !== null) return { language };
  if (isSingleSegment(url.pathname)) return { language: null };
  throw data(null, { status: 404 });
}

export default function LocaleLayout() {
  return <Outlet />;
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
