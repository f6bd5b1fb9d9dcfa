import { COMPLETE_LOCALES } from "@playfair/contracts/constants";
import { expect, test } from "./fixtures.ts";

type LocaleListItem = { code: string; isEnabled: boolean };

/** The <link> and <meta> tags of a document's <head>, attribute names in lower case. */
function headTags(html: string, tag: "link" | "meta"): Array<Record<string, string>> {
  const head = /<head>(.*?)<\/head>/s.exec(html)?.[1] ?? "";
  return [...head.matchAll(new RegExp(`<${tag}\\s([^>]*?)/?>`, "g"))].map((match) =>
    Object.fromEntries([...(match[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!.toLowerCase(), attribute[2]!])),
  );
}

function localized(path: string, code: string): string {
  if (code === "en") return path;
  return path === "/" ? `/${code}` : `/${code}${path}`;
}

test.describe("SEO links in the server HTML", () => {
  const PAGES = [
    { requested: "/", unprefixed: "/", language: "en" },
    { requested: "/de/wallet/history", unprefixed: "/wallet/history", language: "de" },
    { requested: "/about-us", unprefixed: "/about-us", language: "en" },
    { requested: "/pt-br/games?provider=demo#top", unprefixed: "/games", language: "pt-br" },
    { requested: "/fa", unprefixed: "/", language: "fa" },
    // French is enabled but not fully translated: the English page, which is also its canonical address.
    { requested: "/fr/games", unprefixed: "/games", language: "en" },
  ];

  for (const { requested, unprefixed, language } of PAGES) {
    test(`${requested} has hreflang links for every enabled, fully translated locale, x-default, canonical and og:url`, async ({ request, baseURL }) => {
      const localesResponse = await request.get("/api/settings/locales");
      expect(localesResponse.status()).toBe(200);
      const { data } = (await localesResponse.json()) as { data: LocaleListItem[] };
      const complete: readonly string[] = COMPLETE_LOCALES;
      const enabled = data.filter((locale) => locale.isEnabled && complete.includes(locale.code)).map((locale) => locale.code);
      expect(enabled).toContain("en");
      expect(enabled.length).toBeGreaterThan(1);

      const response = await request.get(requested);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const links = headTags(html, "link");
      const origin = baseURL!.replace(/\/$/, "");
      const expectedCanonical = `${origin}${localized(unprefixed, language)}`;

      const alternates = links.filter((link) => link.rel === "alternate" && link.hreflang);
      expect(alternates.map((link) => link.hreflang).sort()).toEqual([...enabled, "x-default"].sort());
      for (const code of enabled) {
        expect(alternates.find((link) => link.hreflang === code)?.href, code).toBe(`${origin}${localized(unprefixed, code)}`);
      }
      expect(alternates.find((link) => link.hreflang === "x-default")?.href).toBe(`${origin}${unprefixed}`);

      const canonical = links.filter((link) => link.rel === "canonical");
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.href).toBe(expectedCanonical);

      const ogUrl = headTags(html, "meta").filter((meta) => meta.property === "og:url");
      expect(ogUrl).toHaveLength(1);
      expect(ogUrl[0]?.content).toBe(expectedCanonical);
    });
  }

  test("the links follow client-side navigation", async ({ page, baseURL }) => {
    await page.goto("/de");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const origin = baseURL!.replace(/\/$/, "");
    await page.locator('a[href="/de/games"]').first().click();
    await expect(page.locator("html")).toHaveAttribute("data-route-name", "locale-games");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/de/games`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/de/games`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}/games`);
  });
});
