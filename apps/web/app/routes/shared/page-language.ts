import { data } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#app/lib/i18n.ts";
import { servedLanguage } from "#app/lib/locale.ts";

/**
 * The language of a page from its route params: no `locale` param means the default language
 * (the unprefixed twin of every route). A prefix that is not one of our languages cannot serve a
 * page, so it answers 404 instead of quietly showing English under a wrong address. One of our
 * languages whose texts are incomplete serves the default language (servedLanguage).
 */
export function languageFromParams(params: { locale?: string }): Language {
  if (params.locale === undefined) return DEFAULT_LANGUAGE;
  const candidate = params.locale.toLowerCase();
  if (!isLanguage(candidate)) throw data(null, { status: 404 });
  return servedLanguage(candidate);
}

/** Like languageFromParams, for meta functions that must not throw: falls back to the default. */
export function metaLanguage(params: { locale?: string }): Language {
  const candidate = params.locale?.toLowerCase();
  return candidate !== undefined && isLanguage(candidate) ? servedLanguage(candidate) : DEFAULT_LANGUAGE;
}
