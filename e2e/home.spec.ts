import { readFileSync } from "node:fs";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import { en, enErrors, expect, gotoHydrated, readCatalogue, test, type EnglishCatalogue } from "./fixtures.ts";

const layout = readCatalogue<typeof layoutCatalogue>("en", "layout");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");

type CurrencyListItem = { code: string; type: "fiat" | "crypto"; isEnabled: boolean };

test.describe("home page", () => {
  test("is rendered on the server with translated text and the accepted currencies", async ({ request }) => {
    const apiResponse = await request.get("/api/settings/currencies?visible=true");
    expect(apiResponse.status()).toBe(200);
    const { data } = (await apiResponse.json()) as { data: CurrencyListItem[] };
    const accepted = data.filter((currency) => currency.isEnabled);
    expect(accepted.length).toBeGreaterThan(0);

    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();

    expect(html).toMatch(/<html[^>]*\slang="en"/);
    expect(html).toMatch(/<html[^>]*\sdir="ltr"/);
    expect(html).toContain(`<title>${en.meta.title}</title>`);
    expect(html).toContain(en.home.hero.title);
    expect(html).toContain(en.home.hero.titleAccent);
    expect(html).toContain(pages.homeSections.pillars.title);
    expect(html).toContain(pages.homeSections.currencies.title);
    // No untranslated keys leak into the markup.
    expect(html).not.toContain("home.hero.title");

    for (const type of ["fiat", "crypto"] as const) {
      const codes = accepted.filter((currency) => currency.type === type).map((currency) => currency.code);
      if (codes.length === 0) continue;
      const group = new RegExp(`<ul[^>]*data-currency-group="${type}"[^>]*>(.*?)</ul>`, "s").exec(html)?.[1] ?? "";
      for (const code of codes) expect(group, `${type} currency ${code}`).toContain(`>${code}<`);
    }
  });

  test("is rendered in German under /de, with the same currencies read in-process", async ({ request }) => {
    const german = JSON.parse(readFileSync(new URL("../apps/web/app/locales/de/common.json", import.meta.url), "utf8")) as EnglishCatalogue;
    const response = await request.get("/de");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\slang="de"/);
    expect(html).toContain(`<title>${german.meta.title}</title>`);
    expect(html).toContain(german.home.hero.title);
    expect(html).toMatch(/<ul[^>]*data-currency-group="fiat"[^>]*>.*>USD<.*<\/ul>/s);
    // Links keep the prefix.
    expect(html).toContain('href="/de/games"');
  });

  test("hydrates without errors and the theme toggle works afterwards", async ({ page, pageErrors }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await gotoHydrated(page, "/");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");

    const themes = page.getByRole("group", { name: layout.theme.label });
    await themes.getByRole("button", { name: layout.theme.dark }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(themes.getByRole("button", { name: layout.theme.dark })).toHaveAttribute("aria-pressed", "true");

    // The choice survives a reload and is applied before hydration by the inline script.
    await page.reload({ waitUntil: "commit" });
    await page.waitForSelector("html[data-theme]", { state: "attached" });
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(html).toHaveAttribute("data-hydrated", "true");

    await themes.getByRole("button", { name: layout.theme.light }).click();
    await expect(html).toHaveAttribute("data-theme", "light");

    // "System" follows the operating system's preference.
    await page.emulateMedia({ colorScheme: "dark" });
    await themes.getByRole("button", { name: layout.theme.system }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    expect(await page.evaluate(() => localStorage.getItem("playfair-theme"))).toBeNull();

    expect(pageErrors).toEqual([]);
  });

  test("fits a 360 px wide screen without horizontal scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/");
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });

  test("serves hashed assets with an immutable cache policy", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // Attributes, and the module list of the script that starts the page's modules after its paint.
    const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"#]+\.(?:js|css))#?"/g)].map((match) => match[1]!))];
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toContain("immutable");
    }
  });

  test("an unknown path shows the translated error page with a way home", async ({ page, request }) => {
    const response = await request.get("/no-such-page-here");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain(enErrors.page.title);
    expect(html).toContain(enErrors.page.description);

    await gotoHydrated(page, "/no-such-page-here");
    await page.getByRole("link", { name: enErrors.page.homepage }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(en.home.hero.title);
  });
});
