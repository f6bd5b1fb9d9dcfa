import { describe, expect, it } from "vitest";
import {
  canonicalPrefixRedirect,
  enabledLanguages,
  isCompleteLanguage,
  languageFromPathname,
  localizePath,
  requestedLanguage,
  shownLanguages,
  splitLocalePrefix,
} from "./locale.ts";

describe("shownLanguages", () => {
  it("keeps the enabled languages whose texts are complete, in order", () => {
    expect(shownLanguages(["en", "fr", "de", "it", "fa", "nl"])).toEqual(["en", "de", "fa"]);
    expect(["en", "de", "es", "pt-br", "ru", "tr", "hi", "fa"].every(isCompleteLanguage)).toBe(true);
    expect(isCompleteLanguage("fr")).toBe(false);
  });
});

const ENABLED = ["en", "de", "pt-br", "fa"] as const;

describe("splitLocalePrefix", () => {
  it("reads an enabled language's prefix and the path after it", () => {
    expect(splitLocalePrefix("/de/wallet/history", ENABLED)).toEqual({ language: "de", prefix: "de", unprefixed: "/wallet/history" });
    expect(splitLocalePrefix("/pt-br", ENABLED)).toEqual({ language: "pt-br", prefix: "pt-br", unprefixed: "/" });
    expect(splitLocalePrefix("/de/", ENABLED)).toEqual({ language: "de", prefix: "de", unprefixed: "/" });
  });

  it("shows the page of an enabled but incompletely translated language's prefix in the default language", () => {
    const withFrench = [...ENABLED, "fr", "it"] as const;
    expect(splitLocalePrefix("/fr/wallet", withFrench)).toEqual({ language: "en", prefix: "fr", unprefixed: "/wallet" });
    expect(splitLocalePrefix("/it", withFrench)).toEqual({ language: "en", prefix: "it", unprefixed: "/" });
    expect(languageFromPathname("/fr/games", withFrench)).toBe("en");
    expect(requestedLanguage("/fr/games")).toBe("en");
  });

  it("treats paths without an enabled prefix as the default language", () => {
    expect(splitLocalePrefix("/wallet", ENABLED)).toEqual({ language: "en", prefix: null, unprefixed: "/wallet" });
    expect(splitLocalePrefix("/", ENABLED)).toEqual({ language: "en", prefix: null, unprefixed: "/" });
    // A slug, a supported but disabled language, an unknown code, the default's own code.
    expect(splitLocalePrefix("/about-us", ENABLED).language).toBe("en");
    expect(splitLocalePrefix("/ru/wallet", ENABLED)).toEqual({ language: "en", prefix: null, unprefixed: "/ru/wallet" });
    expect(splitLocalePrefix("/xx/wallet", ENABLED).language).toBe("en");
    expect(splitLocalePrefix("/en/wallet", ENABLED).language).toBe("en");
    // Prefixes are lower case only.
    expect(splitLocalePrefix("/DE/wallet", ENABLED).language).toBe("en");
  });

  it("is what languageFromPathname reports", () => {
    expect(languageFromPathname("/fa/profile", ENABLED)).toBe("fa");
    expect(languageFromPathname("/profile", ENABLED)).toBe("en");
  });
});

describe("localizePath", () => {
  it("adds the language's prefix to site paths, keeping query and hash", () => {
    expect(localizePath("/wallet", "de")).toBe("/de/wallet");
    expect(localizePath("/wallet/history?page=2#top", "pt-br")).toBe("/pt-br/wallet/history?page=2#top");
    expect(localizePath("/", "de")).toBe("/de");
    expect(localizePath("/?sign-up=true", "de")).toBe("/de?sign-up=true");
    expect(localizePath("/#faq", "fa")).toBe("/fa#faq");
  });

  it("leaves the default language's paths without a prefix", () => {
    expect(localizePath("/wallet", "en")).toBe("/wallet");
    expect(localizePath("/", "en")).toBe("/");
  });

  it("leaves relative, query-only, hash-only and external targets alone", () => {
    for (const target of ["history", "../games", "?wallet=deposit", "#section", "//cdn.example/x", "https://example.com/a", "mailto:help@example.com"]) {
      expect(localizePath(target, "de")).toBe(target);
    }
  });

  it("does not add a prefix that is already there", () => {
    expect(localizePath("/de/wallet", "de")).toBe("/de/wallet");
    expect(localizePath("/de", "de")).toBe("/de");
  });
});

describe("canonicalPrefixRedirect", () => {
  it("sends an upper-case prefix of an enabled language to the lower-case one", () => {
    expect(canonicalPrefixRedirect("/DE/wallet", ENABLED)).toBe("/de/wallet");
    expect(canonicalPrefixRedirect("/PT-BR", ENABLED)).toBe("/pt-br");
    expect(canonicalPrefixRedirect("/Pt-Br/games?provider=x", ENABLED)).toBe("/pt-br/games?provider=x");
  });

  it("drops the default language's prefix in any letter case", () => {
    expect(canonicalPrefixRedirect("/en/wallet", ENABLED)).toBe("/wallet");
    expect(canonicalPrefixRedirect("/EN/wallet/history", ENABLED)).toBe("/wallet/history");
    expect(canonicalPrefixRedirect("/en", ENABLED)).toBe("/");
    expect(canonicalPrefixRedirect("/en?x=1", ENABLED)).toBe("/?x=1");
  });

  it("leaves canonical prefixes, unknown codes and slugs alone", () => {
    expect(canonicalPrefixRedirect("/de/wallet", ENABLED)).toBeNull();
    expect(canonicalPrefixRedirect("/wallet", ENABLED)).toBeNull();
    expect(canonicalPrefixRedirect("/XX/wallet", ENABLED)).toBeNull();
    expect(canonicalPrefixRedirect("/RU/wallet", ENABLED)).toBeNull();
    expect(canonicalPrefixRedirect("/about-us", ENABLED)).toBeNull();
    expect(canonicalPrefixRedirect("/", ENABLED)).toBeNull();
  });
});

describe("enabledLanguages", () => {
  it("keeps enabled languages we can show, the default first even when the list omits it", () => {
    const locales = [
      { code: "de", isEnabled: true },
      { code: "ru", isEnabled: false },
      { code: "xx", isEnabled: true },
      { code: "fa", isEnabled: true },
    ];
    expect(enabledLanguages(locales)).toEqual(["en", "de", "fa"]);
    expect(enabledLanguages([{ code: "tr", isEnabled: true }, { code: "en", isEnabled: true }])).toEqual(["en", "tr"]);
  });
});

describe("requestedLanguage", () => {
  it("names the catalogues a path may need, enabled or not", () => {
    expect(requestedLanguage("/ru/wallet")).toBe("ru");
    expect(requestedLanguage("/about-us")).toBe("en");
    expect(requestedLanguage("/")).toBe("en");
  });
});
