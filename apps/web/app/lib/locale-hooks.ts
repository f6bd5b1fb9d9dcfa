import { DEFAULT_LOCALE, type SupportedLocaleCode } from "@playfair/contracts/constants";
import type { Locale } from "@playfair/contracts/settings";
import { useCallback, useMemo } from "react";
import { useLocation } from "react-router";
import { enabledLanguages, isCompleteLanguage, languageFromPathname, localizePath } from "#app/lib/locale.ts";
import { useRootData } from "#app/lib/site-settings.ts";

type Language = SupportedLocaleCode;

const DEFAULT_ONLY: readonly Language[] = [DEFAULT_LOCALE];

const NO_LOCALES: Locale[] = [];
const completeByList = new WeakMap<Locale[], Locale[]>();

/**
 * The enabled locales the site is fully translated into (code, native name, direction), default
 * first: what the language switcher and the language field offer.
 */
export function useEnabledLocales(): Locale[] {
  const locales = useRootData()?.locales;
  if (!locales) return NO_LOCALES;
  let complete = completeByList.get(locales);
  if (!complete) {
    complete = locales.filter((locale) => isCompleteLanguage(locale.code));
    completeByList.set(locales, complete);
  }
  return complete;
}

/** Codes of the enabled languages (every prefix the site answers), default first. */
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
