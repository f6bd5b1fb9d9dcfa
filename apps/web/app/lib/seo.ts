// Alternate-language and canonical links (spec 2.1): rendered into every page's <head> on the
// server, so crawlers see them without running JavaScript, and kept current on navigation.
import { DEFAULT_LOCALE, type SupportedLocaleCode } from "@playfair/contracts/constants";
import { localizePath, shownLanguages, splitLocalePrefix } from "#app/lib/locale.ts";

type Language = SupportedLocaleCode;

export type AlternateLink = { hrefLang: Language | "x-default"; href: string };

export type SeoLinks = {
  /** The address of this page in its own language, without query or hash; also its og:url. */
  canonical: string;
  /** One link per enabled language with complete texts, then x-default (the unprefixed address). */
  alternates: AlternateLink[];
};

/**
 * The origin links are built on: the site's configured one, never the request's (a page, and a
 * cached one above all, must not name a host a visitor sent).
 */
export function siteOrigin(publicOrigin: string): string {
  return publicOrigin.replace(/\/+$/, "");
}

export function seoLinks({ origin, pathname, enabled }: { origin: string; pathname: string; enabled: readonly Language[] }): SeoLinks {
  // "/wallet/" and "/wallet" are one page: links name it without the trailing slash.
  const { language, unprefixed } = splitLocalePrefix(pathname.replace(/(.)\/+$/, "$1"), enabled);
  const absolute = (path: string) => `${origin}${path}`;
  return {
    canonical: absolute(localizePath(unprefixed, language)),
    alternates: [
      // An incomplete language's address shows the default language's page: no alternate of its own.
      ...shownLanguages(enabled).map((code) => ({ hrefLang: code, href: absolute(localizePath(unprefixed, code)) })),
      { hrefLang: "x-default" as const, href: absolute(localizePath(unprefixed, DEFAULT_LOCALE)) },
    ],
  };
}
