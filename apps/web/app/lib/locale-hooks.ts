import { DEFAULT_LOCALE, type SupportedLocaleCode } from "@playfair/contracts/constants";
import type { Locale } from "@playfair/contracts/settings";
import { useCallback, useMemo } from "react";
import { useLocation } from "react-router";
import { enabledLanguages, languageFromPathname, localizePath } from "#app/lib/locale.ts";
import { useRootData } from "#app/lib/site-settings.ts";

type Language = SupportedLocaleCode;

const DEFAULT_ONLY: readonly Language[] = [DEFAULT_LOCALE];

/** The enabled locales (code, native name, direction), default first; for the language switcher. */
export function useEnabledLocales(): Locale[] {
  return useRootData()?.locales ?? [];
}

/** Codes of the enabled languages, default first. */
export function useEnabledLanguages(): readonly Language[] {
  const locales = useRootData()?.locales;
  return useMemo(() => (locales ? enabledLanguages(locales) : DEFAULT_ONLY), [locales]);
}

/**
 * The language of the page being shown, read from the address's prefix. It follows client-side
 * navigation at the moment the new page is shown (its catalogues are loaded before that).
 */
export function useLanguage(): Language {
  const { pathname } = useLocation();
  return languageFromPathname(pathname, useEnabledLanguages());
}

/** A function that puts the current language's prefix on a site path ("/wallet" -> "/de/wallet"). */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}
