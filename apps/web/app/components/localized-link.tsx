import type { SupportedLocaleCode } from "@playfair/contracts/constants";
import { Link, NavLink, type LinkProps, type NavLinkProps, type PrefetchBehavior, type To } from "react-router";
import { canPrefetch } from "#app/features/site-services/network.ts";
import { localizePath } from "#app/lib/locale.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

/**
 * Links inside the site keep the visitor's locale prefix (spec 2.1): give them the unprefixed path
 * ("/wallet") and they point at "/de/wallet" on a German page. Query-only ("?wallet=deposit"),
 * hash-only and relative targets are left as they are: they already stay under the prefix.
 */
export function LocalizedLink({ to, prefetch, ...props }: LinkProps) {
  const language = useLanguage();
  return <Link to={localizeTo(to, language)} prefetch={prefetch ?? defaultPrefetch()} {...props} />;
}

/** NavLink with the locale prefix kept; "active" compares against the prefixed address. */
export function LocalizedNavLink({ to, prefetch, ...props }: NavLinkProps) {
  const language = useLanguage();
  return <NavLink to={localizeTo(to, language)} prefetch={prefetch ?? defaultPrefetch()} {...props} />;
}

/**
 * Route modules and data are fetched when the pointer rests on a link or it gets focus, so the
 * click usually finds them ready; not on slow connections or with data saver (spec 9). The server
 * renders the same markup either way: "intent" adds nothing until the pointer arrives.
 */
function defaultPrefetch(): PrefetchBehavior {
  return canPrefetch() ? "intent" : "none";
}

function localizeTo(to: To, language: SupportedLocaleCode): To {
  if (typeof to === "string") return localizePath(to, language);
  if (to.pathname === undefined) return to;
  return { ...to, pathname: localizePath(to.pathname, language) };
}
