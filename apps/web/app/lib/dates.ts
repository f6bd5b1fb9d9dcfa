// Dates in the visitor's language with dayjs (spec 9: date locales for all 26 site languages).
// English is built into dayjs; every other locale file is its own small chunk, loaded with the
// language (loadLanguage in the browser, the root loader on the server) before a page shows it.
import dayjs, { type ConfigType } from "dayjs";
import { dayjsLocaleName, isDateLocaleLoaded, type Language } from "./date-locales.ts";

export { DATE_LOCALE_LOADERS, dayjsLocaleName, isDateLocaleLoaded, loadDateLocale } from "./date-locales.ts";

/**
 * A date in a dayjs format pattern ("DD.MM.YY, HH:mm", "D MMMM YYYY") with the language's month
 * and day names. A language whose locale is not loaded yet is written in English rather than fail.
 */
export function formatDate(date: ConfigType, pattern: string, language: Language): string {
  const locale = isDateLocaleLoaded(language) ? dayjsLocaleName(language) : "en";
  return dayjs(date).locale(locale).format(pattern);
}
