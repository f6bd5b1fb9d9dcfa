import { describe, expect, it } from "vitest";
import { seoLinks, siteOrigin } from "./seo.ts";

const ENABLED = ["en", "de", "pt-br"] as const;
const ORIGIN = "https://playfair.example";

describe("seoLinks", () => {
  it("links every enabled language and x-default to the same page, en and x-default unprefixed", () => {
    const links = seoLinks({ origin: ORIGIN, pathname: "/de/wallet/history", enabled: ENABLED });
    expect(links.canonical).toBe(`${ORIGIN}/de/wallet/history`);
    expect(links.alternates).toEqual([
      { hrefLang: "en", href: `${ORIGIN}/wallet/history` },
      { hrefLang: "de", href: `${ORIGIN}/de/wallet/history` },
      { hrefLang: "pt-br", href: `${ORIGIN}/pt-br/wallet/history` },
      { hrefLang: "x-default", href: `${ORIGIN}/wallet/history` },
    ]);
  });

  it("names the home page by the bare origin and prefix", () => {
    const links = seoLinks({ origin: ORIGIN, pathname: "/", enabled: ENABLED });
    expect(links.canonical).toBe(`${ORIGIN}/`);
    expect(links.alternates.find((link) => link.hrefLang === "de")?.href).toBe(`${ORIGIN}/de`);
    expect(seoLinks({ origin: ORIGIN, pathname: "/pt-br", enabled: ENABLED }).canonical).toBe(`${ORIGIN}/pt-br`);
  });

  it("lists only fully translated languages, and names the default page canonical under an incomplete one's prefix", () => {
    const links = seoLinks({ origin: ORIGIN, pathname: "/fr/games", enabled: [...ENABLED, "fr"] });
    expect(links.canonical).toBe(`${ORIGIN}/games`);
    expect(links.alternates.map((link) => link.hrefLang)).toEqual(["en", "de", "pt-br", "x-default"]);
  });

  it("drops a trailing slash so one page has one canonical address", () => {
    expect(seoLinks({ origin: ORIGIN, pathname: "/wallet/", enabled: ENABLED }).canonical).toBe(`${ORIGIN}/wallet`);
  });
});

describe("siteOrigin", () => {
  it("is the configured origin without a trailing slash", () => {
    expect(siteOrigin("https://playfair.example/")).toBe("https://playfair.example");
    expect(siteOrigin("http://localhost:3000")).toBe("http://localhost:3000");
  });
});
