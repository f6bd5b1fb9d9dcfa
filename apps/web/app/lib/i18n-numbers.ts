// Values put into a sentence are formatted for the page's language by one formatter, so a number
// in a text ("at most 2 decimals", "page 3 of 7") is written in the same digits as the amounts and
// dates beside it (Persian ۲ on a Persian page, not 2), and otherwise as it is (no grouping). It replaces i18next's built-in formatter
// and keeps the two formats our catalogues use: `{{count, number}}` and `{{date, datetime}}`
// (options per value through `formatParams`, as i18next documents them).
import type { FormatterModule } from "i18next";

type FormatOptions = { interpolationkey?: string; formatParams?: Record<string, Record<string, unknown>> };

function optionsOf(options: unknown): Record<string, unknown> {
  const { interpolationkey, formatParams } = (options ?? {}) as FormatOptions;
  return (interpolationkey !== undefined ? formatParams?.[interpolationkey] : undefined) ?? {};
}

export const pageLanguageFormatter: FormatterModule = {
  type: "formatter",
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Typed as i18next's FormatFunction (a string); anything not formatted goes back as it came, so a
  // missing value stays undefined for i18next's own handling.
  format(value: unknown, format: string | undefined, language: string | undefined, options?: unknown): string {
    const { lng, locale, ...intlOptions } = optionsOf(options);
    const tag = (typeof locale === "string" ? locale : typeof lng === "string" ? lng : language) ?? "en";
    if (format === "datetime" && (value instanceof Date || typeof value === "number" || typeof value === "string")) {
      return new Intl.DateTimeFormat(tag, intlOptions as Intl.DateTimeFormatOptions).format(new Date(value));
    }
    if (typeof value === "number" && format === "number") return new Intl.NumberFormat(tag, intlOptions as Intl.NumberFormatOptions).format(value);
    // A bare number (an index, a count of digits, a step of a calculation) keeps its form and takes
    // only the page's digits: grouping is what `{{value, number}}` asks for.
    if (typeof value === "number") return new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
    return value as string;
  },
};
