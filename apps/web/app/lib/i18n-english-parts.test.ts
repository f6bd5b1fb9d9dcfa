import { describe, expect, it } from "vitest";
import { i18nFor, registerEnglishCatalogue } from "./i18n.ts";
import pages from "#app/locales/en/pages.json";

// The browser build registers English text in parts (vite.config.ts): a namespace's groups come
// with the chunks of the pages that use them, one after another.
describe("registerEnglishCatalogue", () => {
  it("adds a namespace's group to the text already registered, for instances made later too", () => {
    registerEnglishCatalogue("pages", { games: pages.games });
    registerEnglishCatalogue("pages", { support: pages.support });
    // German has no catalogues loaded here: its instance is made now, falling back to English.
    const { t } = i18nFor("de");
    expect(t("games.title", { ns: "pages" })).toBe(pages.games.title);
    expect(t("support.title", { ns: "pages" })).toBe(pages.support.title);
    expect(t("meta.titleTemplate", { ns: "pages", title: "Casino" })).toBe("Casino | Playfair");
  });
});
