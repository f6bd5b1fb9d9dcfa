// Which dayjs locale each site language uses, and loading it. Kept apart from dates.ts (which
// imports dayjs itself) so that the language loading every page runs does not bring dayjs into the
// first load: an English page needs no locale file, and the others bring dayjs with theirs.
import type { SupportedLocaleCode } from "@playfair/contracts/constants";

export type Language = SupportedLocaleCode;
type DateLanguage = Exclude<Language, "en">;

/**
 * dayjs locale files by site language. The keys are our codes, the files dayjs's: our `se` is
 * Swedish, which dayjs calls `sv` (its own `se` is Northern Sami).
 */
export const DATE_LOCALE_LOADERS: Record<DateLanguage, () => Promise<unknown>> = {
  "en-ca": () => import("dayjs/locale/en-ca.js"),
  de: () => import("dayjs/locale/de.js"),
  fr: () => import("dayjs/locale/fr.js"),
  es: () => import("dayjs/locale/es.js"),
  "es-mx": () => import("dayjs/locale/es-mx.js"),
  pt: () => import("dayjs/locale/pt.js"),
  "pt-br": () => import("dayjs/locale/pt-br.js"),
  ru: () => import("dayjs/locale/ru.js"),
  tr: () => import("dayjs/locale/tr.js"),
  hi: () => import("dayjs/locale/hi.js"),
  fa: () => import("dayjs/locale/fa.js"),
  uz: () => import("dayjs/locale/uz.js"),
  kk: () => import("dayjs/locale/kk.js"),
  it: () => import("dayjs/locale/it.js"),
  et: () => import("dayjs/locale/et.js"),
  fi: () => import("dayjs/locale/fi.js"),
  el: () => import("dayjs/locale/el.js"),
  id: () => import("dayjs/locale/id.js"),
  nb: () => import("dayjs/locale/nb.js"),
  pl: () => import("dayjs/locale/pl.js"),
  ro: () => import("dayjs/locale/ro.js"),
  se: () => import("dayjs/locale/sv.js"),
  cs: () => import("dayjs/locale/cs.js"),
  da: () => import("dayjs/locale/da.js"),
  nl: () => import("dayjs/locale/nl.js"),
};

/** The name dayjs registers each locale under, where it differs from our code. */
const DAYJS_NAMES: Partial<Record<Language, string>> = { se: "sv" };

export function dayjsLocaleName(language: Language): string {
  return DAYJS_NAMES[language] ?? language;
}

const loadedDateLocales = new Set<string>(["en"]);

/** Registers a language's dayjs locale; resolves at once when it already is (or for en). */
export async function loadDateLocale(language: Language): Promise<void> {
  const name = dayjsLocaleName(language);
  if (loadedDateLocales.has(name) || language === "en") return;
  await DATE_LOCALE_LOADERS[language]();
  loadedDateLocales.add(name);
}

export function isDateLocaleLoaded(language: Language): boolean {
  return loadedDateLocales.has(dayjsLocaleName(language));
}
