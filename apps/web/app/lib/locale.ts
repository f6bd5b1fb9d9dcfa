// Locale prefixes in addresses (spec 2.1): every page exists without a prefix (the default
// language, en) and under `/<code>/` for every other enabled locale, with the code in lower case.
// Pure functions of a path and the enabled languages, shared by loaders, hooks and entry.client.
import { COMPLETE_LOCALES, DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES, type SupportedLocaleCode } from "@playfair/contracts/constants";
import type { Locale } from "@playfair/contracts/settings";

type Language = SupportedLocaleCode;

/** What a locale prefix looks like, in any letter case: "de", "pt-br", "PT-BR". */
const LOCALE_SHAPE = /^[a-z]{2}(?:-[a-z]{2})?$/i;

// A Set: this runs for every link a page renders (through the enabled list and prefix checks).
const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set(SUPPORTED_LOCALE_CODES);

export function isSupportedLanguage(value: string): value is Language {
  return SUPPORTED_LANGUAGES.has(value);
}

const COMPLETE_LANGUAGES: ReadonlySet<string> = new Set(COMPLETE_LOCALES);

/**
 * Whether every text of the site exists in this language (COMPLETE_LOCALES, kept true by
 * i18n.test.ts). Only these are offered and announced; the others' prefixes still open the page,
 * in the default language, so links already sent in e-mails keep working.
 */
export function isCompleteLanguage(value: string): boolean {
  return COMPLETE_LANGUAGES.has(value);
}

/** The language a page under this language's prefix is shown in: its own when complete, else the default. */
export function servedLanguage(language: Language): Language {
  return isCompleteLanguage(language) ? language : DEFAULT_LOCALE;
}

const shownLanguagesByList = new WeakMap<readonly Language[], readonly Language[]>();

/** The enabled languages a page can really be shown in: the switcher's choices and the hreflang alternates. */
export function shownLanguages(enabled: readonly Language[]): readonly Language[] {
  const cached = shownLanguagesByList.get(enabled);
  if (cached) return cached;
  const shown = enabled.filter(isCompleteLanguage);
  shownLanguagesByList.set(enabled, shown);
  return shown;
}

const enabledLanguagesByList = new WeakMap<readonly Pick<Locale, "code" | "isEnabled">[], readonly Language[]>();

/** The languages that may appear as a prefix or in hreflang links: enabled and ones we can show, default first. */
export function enabledLanguages(locales: readonly Pick<Locale, "code" | "isEnabled">[]): readonly Language[] {
  // Every link of a server render asks for the list of the same root data: derive it once per list.
  const cached = enabledLanguagesByList.get(locales);
  if (cached) return cached;
  const enabled = locales.filter((locale) => locale.isEnabled && isSupportedLanguage(locale.code)).map((locale) => locale.code as Language);
  const languages: readonly Language[] = [DEFAULT_LOCALE, ...enabled.filter((code) => code !== DEFAULT_LOCALE)];
  enabledLanguagesByList.set(locales, languages);
  return languages;
}

/** "/de/wallet?x=1" -> ["de", "/wallet?x=1"]: the first path segment and everything after it. */
function splitFirstSegment(path: string): [segment: string, rest: string] {
  const match = /^\/([^/?#]*)(.*)$/s.exec(path);
  if (!match) return ["", path];
  return [match[1] ?? "", match[2] ?? ""];
}

/** A rest of "" or "?q" or "#h" belongs to the site root: "/de?q" is the home page "/?q". */
function rootedRest(rest: string): string {
  return rest.startsWith("/") ? rest : `/${rest}`;
}

export type LocalizedPathname = {
  /**
   * The language the path is shown in: its prefix's, or the default when it has none or its
   * language is not complete ("/fr/wallet" is the English wallet page).
   */
  language: Language;
  /** The enabled language named by the prefix, complete or not; null without a prefix. */
  prefix: Language | null;
  /** The same address without the prefix, as the default language would show it. */
  unprefixed: string;
};

/**
 * Reads the language prefix of a path. Only an enabled language other than the default counts:
 * "/de/wallet" is German, "/about-us" and "/xx/wallet" are not prefixed at all.
 */
export function splitLocalePrefix(path: string, enabled: readonly Language[]): LocalizedPathname {
  const [segment, rest] = splitFirstSegment(path);
  if (segment !== DEFAULT_LOCALE && isSupportedLanguage(segment) && enabled.includes(segment)) {
    return { language: servedLanguage(segment), prefix: segment, unprefixed: rootedRest(rest) };
  }
  return { language: DEFAULT_LOCALE, prefix: null, unprefixed: path };
}

export function languageFromPathname(pathname: string, enabled: readonly Language[]): Language {
  return splitLocalePrefix(pathname, enabled).language;
}

/**
 * The language whose catalogues a path may need, before the enabled list is known (entry.client
 * and the language preloading on navigation): any language we have, whether enabled or not.
 * Loading one too many is harmless; the page itself still decides.
 */
export function requestedLanguage(pathname: string): Language {
  const [segment] = splitFirstSegment(pathname);
  return isSupportedLanguage(segment) ? servedLanguage(segment) : DEFAULT_LOCALE;
}

/**
 * Puts a language's prefix on a site path: localizePath("/wallet?x=1", "de") is "/de/wallet?x=1"
 * and localizePath("/", "pt-br") is "/pt-br". The default language has no prefix. Paths that are not
 * site-absolute (relative, "?query", "#hash", "//host", "https://…") come back unchanged, and so
 * does a path that already carries this language's prefix.
 */
export function localizePath(path: string, language: Language): string {
  if (language === DEFAULT_LOCALE || !path.startsWith("/") || path.startsWith("//")) return path;
  const [segment, rest] = splitFirstSegment(path);
  if (segment === language) return path;
  if (segment === "") return `/${language}${rest}`;
  return `/${language}${path}`;
}

/**
 * Where a request whose prefix is not the canonical spelling belongs, or null when it is fine:
 * an upper-case prefix goes to the lower-case one ("/DE/wallet" -> "/de/wallet", "/PT-BR" -> "/pt-br"),
 * and the default language's prefix is dropped ("/en/wallet" -> "/wallet", "/EN" -> "/").
 */
export function canonicalPrefixRedirect(path: string, enabled: readonly Language[]): string | null {
  const [segment, rest] = splitFirstSegment(path);
  if (!LOCALE_SHAPE.test(segment)) return null;
  const lowerCase = segment.toLowerCase();
  if (lowerCase === DEFAULT_LOCALE) return rootedRest(rest);
  if (segment !== lowerCase && isSupportedLanguage(lowerCase) && enabled.includes(lowerCase)) return `/${lowerCase}${rest}`;
  return null;
}
