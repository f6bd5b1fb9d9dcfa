import { describe, expect, it } from "vitest";
import { baseRouteName, routeNameOf } from "./route-name.ts";

const ENABLED = ["en", "de", "pt-br"] as const;
const match = (id: string, params: Record<string, string> = {}) => ({ id, params });

describe("routeNameOf", () => {
  it("names a page by its deepest route", () => {
    expect(routeNameOf([match("root"), match("default-layout"), match("wallet-layout"), match("wallet-history")], ENABLED)).toBe("wallet-history");
    expect(
      routeNameOf([match("root"), match("default-layout"), match("locale-layout", { locale: "de" }), match("locale-games-id", { locale: "de", id: "7" })], ENABLED),
    ).toBe("locale-games-id");
  });

  it("names the one-segment dispatcher 'locale' for an enabled language and 'slug' otherwise", () => {
    const dispatcher = (segment: string) => [match("root"), match("default-layout"), match("locale-layout", { locale: segment }), match("locale", { locale: segment })];
    expect(routeNameOf(dispatcher("de"), ENABLED)).toBe("locale");
    expect(routeNameOf(dispatcher("pt-br"), ENABLED)).toBe("locale");
    expect(routeNameOf(dispatcher("about-us"), ENABLED)).toBe("slug");
    // Supported but not enabled, and the default language (which has no prefix), are slugs too.
    expect(routeNameOf(dispatcher("ru"), ENABLED)).toBe("slug");
    expect(routeNameOf(dispatcher("en"), ENABLED)).toBe("slug");
  });

  it("is empty when nothing matched", () => {
    expect(routeNameOf([], ENABLED)).toBe("");
  });
});

describe("baseRouteName", () => {
  it("drops the locale twin's prefix only", () => {
    expect(baseRouteName("locale-wallet-history")).toBe("wallet-history");
    expect(baseRouteName("wallet-history")).toBe("wallet-history");
    expect(baseRouteName("locale")).toBe("locale");
    expect(baseRouteName("locale-slug")).toBe("slug");
  });
});
