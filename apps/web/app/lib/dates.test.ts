import { SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { DATE_LOCALE_LOADERS, dayjsLocaleName, formatDate, isDateLocaleLoaded, loadDateLocale } from "./dates.ts";

const SAMPLE = new Date(Date.UTC(2025, 2, 14, 12, 0, 0));

describe("date locales", () => {
  it("has a loader for every site language except the built-in English", () => {
    const withLoader = Object.keys(DATE_LOCALE_LOADERS).sort();
    expect(withLoader).toEqual(SUPPORTED_LOCALE_CODES.filter((code) => code !== "en").sort());
  });

  it.each(SUPPORTED_LOCALE_CODES.filter((code) => code !== "en"))("loads the dayjs locale of %s", async (language) => {
    await loadDateLocale(language);
    expect(isDateLocaleLoaded(language)).toBe(true);
    // The locale file registered itself: dayjs now formats in it, not in English.
    expect(dayjs(SAMPLE).locale(dayjsLocaleName(language)).locale()).toBe(dayjsLocaleName(language));
    expect(formatDate(SAMPLE, "MMMM", language).length).toBeGreaterThan(0);
  });

  it("maps our 'se' (Swedish) to dayjs's 'sv'", async () => {
    expect(dayjsLocaleName("se")).toBe("sv");
    await loadDateLocale("se");
    expect(formatDate(SAMPLE, "D MMMM YYYY", "se")).toBe("14 mars 2025");
  });

  it("formats with the language's names and the given pattern", async () => {
    await Promise.all([loadDateLocale("de"), loadDateLocale("ru"), loadDateLocale("pt-br")]);
    expect(formatDate(SAMPLE, "D. MMMM YYYY", "de")).toBe("14. März 2025");
    expect(formatDate(SAMPLE, "MMMM", "pt-br")).toBe("março");
    expect(formatDate(SAMPLE, "DD.MM.YY", "ru")).toBe("14.03.25");
    expect(formatDate(SAMPLE, "D MMMM YYYY", "en")).toBe("14 March 2025");
  });
});
