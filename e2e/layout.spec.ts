import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import { expect, gotoHydrated, test } from "./fixtures.ts";

// The layout's own catalogue, so assertions follow the copy instead of repeating it.
const layout = JSON.parse(
  readFileSync(new URL("../apps/web/app/locales/en/layout.json", import.meta.url), "utf8"),
) as typeof layoutCatalogue;

type CurrencyListItem = { code: string; type: "fiat" | "crypto"; isEnabled: boolean };

const WIDTHS = [360, 528, 768, 1280] as const;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

test.describe("default layout", () => {
  test("has the header, the drawer and the footer, with links that keep the locale prefix", async ({ page, pageErrors }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: layout.homeLink })).toHaveAttribute("href", "/");
    const primary = header.getByRole("navigation", { name: layout.nav.primaryLabel });
    for (const [name, href] of [
      [layout.nav.casino, "/games"],
      [layout.nav.sport, "/sport"],
      [layout.nav.bonuses, "/bonuses"],
      [layout.nav.welcomePackage, "/welcome-package"],
    ] as const) {
      await expect(primary.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(header.getByRole("link", { name: layout.header.search })).toBeVisible();
    await expect(header.getByRole("link", { name: layout.header.signIn })).toBeVisible();
    await expect(header.getByRole("link", { name: layout.header.signUp })).toBeVisible();
    await expect(header.getByRole("group", { name: layout.theme.label })).toBeVisible();

    const drawer = page.getByRole("navigation", { name: layout.drawer.label });
    await expect(drawer).toBeVisible();
    for (const [name, href] of [
      [layout.nav.home, "/"],
      [layout.nav.favorites, "/favorites"],
      [layout.nav.recentlyPlayed, "/recently-played"],
      [layout.nav.referral, "/referral"],
      [layout.nav.questions, "/questions"],
      [layout.nav.support, "/support"],
      [layout.nav.contact, "/contact"],
    ] as const) {
      await expect(drawer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(drawer.getByRole("link", { name: layout.nav.home, exact: true })).toHaveAttribute("aria-current", "page");

    const footer = page.getByRole("contentinfo");
    const footerNav = footer.getByRole("navigation", { name: layout.footer.label });
    for (const [name, href] of [
      [layout.footer.links.terms, "/static/terms"],
      [layout.footer.links.privacy, "/static/privacy"],
      [layout.footer.links.responsibleGaming, "/static/responsible-gaming"],
      [layout.footer.links.cookiePolicy, "/static/cookie-policy"],
      [layout.footer.links.aboutUs, "/about-us"],
      [layout.nav.questions, "/questions"],
      [layout.nav.contact, "/contact"],
      [layout.nav.support, "/support"],
    ] as const) {
      await expect(footerNav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("img", { name: layout.footer.ageBadgeLabel })).toBeVisible();
    await expect(footer).toContainText(layout.footer.responsible);

    // Following a drawer link marks its section as current.
    await drawer.getByRole("link", { name: layout.nav.favorites, exact: true }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(drawer.getByRole("link", { name: layout.nav.favorites, exact: true })).toHaveAttribute("aria-current", "page");
    expect(pageErrors).toEqual([]);
  });

  test("links keep the German prefix and the language switcher changes it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/de/bonuses");
    await expect(page.locator('[data-site-drawer="rail"] [data-nav-item="favorites"]')).toHaveAttribute("href", "/de/favorites");
    await expect(page.locator('[data-site-header] [data-nav-item="casino"]')).toHaveAttribute("href", "/de/games");
    await expect(page.locator('[data-site-footer] a[href="/de/static/terms"]')).toBeVisible();

    const switcher = page.locator("[data-language-switcher]");
    await expect(switcher).toHaveValue("de");
    const languages = await switcher.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(languages).toEqual(expect.arrayContaining(["en", "de", "fa"]));

    await switcher.selectOption("es");
    await expect(page).toHaveURL(/\/es\/bonuses$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.locator("[data-language-switcher]").selectOption("en");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/bonuses$/);
  });

  test("search, sign in and sign up open their modals by address", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/games");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: layout.header.search })).toHaveAttribute("href", "/games?global-search=true");
    await expect(header.getByRole("link", { name: layout.header.signIn })).toHaveAttribute("href", "/games?sign-in=true");
    await header.getByRole("link", { name: layout.header.signUp }).click();
    await expect(page).toHaveURL(/\/games\?sign-up=true$/);
  });

  test("the compact drawer is remembered across a reload and applied before hydration", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");
    const rail = page.locator('[data-site-drawer="rail"]');
    const toggle = page.getByRole("button", { name: layout.drawer.compact });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const expandedWidth = (await rail.boundingBox())?.width ?? 0;
    expect(expandedWidth).toBeGreaterThan(200);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await rail.boundingBox())?.width ?? 0).toBeLessThan(100);
    expect(await page.evaluate(() => localStorage.getItem("drawerCompact"))).toBe("true");
    // Icons only, but every entry keeps its accessible name.
    await expect(page.getByRole("navigation", { name: layout.drawer.label }).getByRole("link", { name: layout.nav.support })).toBeVisible();

    // On reload the width is right as soon as the document is parsed, before React hydrates.
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-drawer-compact"))).toBe(true);
    expect((await rail.boundingBox())?.width ?? 0).toBeLessThan(100);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await rail.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await page.evaluate(() => localStorage.getItem("drawerCompact"))).toBe("false");
  });

  test("the user panel opens and closes from the keyboard and invites guests to sign in", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");
    const trigger = page.getByRole("button", { name: layout.header.accountMenu });
    const panel = page.getByRole("dialog", { name: layout.header.accountMenu });
    await expect(panel).toBeHidden();

    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toContainText(layout.userPanel.title);
    await expect(panel.getByRole("link", { name: layout.header.signIn })).toHaveAttribute("href", "/?sign-in=true");
    await expect(panel.getByRole("link", { name: layout.header.signUp })).toHaveAttribute("href", "/?sign-up=true");

    // Tab moves from the button into the panel.
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: layout.header.signIn })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    // A click outside closes it too.
    await trigger.click();
    await expect(panel).toBeVisible();
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await expect(panel).toBeHidden();
  });

  test("the currency panel lists the accepted currencies once opened", async ({ page, request }) => {
    const { data } = (await (await request.get("/api/settings/currencies?visible=true")).json()) as { data: CurrencyListItem[] };
    const accepted = data.filter((currency) => currency.isEnabled);
    expect(accepted.length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    const currencyCalls: string[] = [];
    page.on("request", (call) => {
      if (call.url().includes("/api/settings/currencies")) currencyCalls.push(call.url());
    });
    await gotoHydrated(page, "/games");
    // Nothing is fetched until the panel is opened.
    expect(currencyCalls).toEqual([]);

    const trigger = page.getByRole("button", { name: layout.header.currencies });
    const panel = page.getByRole("dialog", { name: layout.header.currencies });
    await trigger.focus();
    await page.keyboard.press("Space");
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(layout.currencyPanel.title);
    for (const type of ["fiat", "crypto"] as const) {
      const codes = accepted.filter((currency) => currency.type === type).map((currency) => currency.code);
      const group = panel.locator(`[data-currency-group="${type}"]`);
      if (codes.length === 0) continue;
      for (const code of codes) await expect(group.getByText(code, { exact: true })).toBeVisible();
    }
    expect(currencyCalls.length).toBe(1);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  for (const width of WIDTHS) {
    const mobile = width <= 528;
    test(`at ${width} px the bottom bar is ${mobile ? "shown" : "hidden"} and nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/games", "/fa"]) {
        await gotoHydrated(page, path);
        expect(await horizontalOverflow(page), `${path} overflow`).toBeLessThanOrEqual(0);
      }
      await gotoHydrated(page, "/");
      const bottomBar = page.getByRole("navigation", { name: layout.bottomNav.label });
      if (mobile) {
        await expect(bottomBar).toBeVisible();
        for (const name of [layout.nav.home, layout.nav.casino, layout.nav.sport, layout.nav.bonuses]) {
          await expect(bottomBar.getByRole("link", { name, exact: true })).toBeVisible();
        }
        // Scrolled to the end, the footer ends above the fixed bar instead of under it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footerBottom = await page.getByRole("contentinfo").evaluate((element) => element.getBoundingClientRect().bottom);
        const barTop = await bottomBar.evaluate((element) => element.getBoundingClientRect().top);
        expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
      } else {
        await expect(bottomBar).toBeHidden();
      }
      await expect(page.locator('[data-site-drawer="rail"]')).toBeVisible({ visible: width >= 1024 });
    });
  }

  test("on a phone the menu button opens the drawer as an overlay that closes again", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/");
    const menu = page.getByRole("navigation", { name: layout.bottomNav.label }).getByRole("button", { name: layout.bottomNav.menu });
    const drawer = page.getByRole("dialog", { name: layout.drawer.label });
    await expect(drawer).toBeHidden();

    await menu.click();
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(drawer.getByRole("link", { name: layout.nav.support, exact: true })).toBeVisible();
    await expect(drawer.getByRole("group", { name: layout.theme.label })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // Following a link closes it.
    await menu.click();
    await drawer.getByRole("link", { name: layout.nav.questions, exact: true }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expect(drawer).toBeHidden();
  });

  test("the chosen dark theme is in the server's HTML on the next request, so a reload cannot flash", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("group", { name: layout.theme.label }).getByRole("button", { name: layout.theme.dark }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    const cookies = await page.context().cookies();
    const themeCookie = cookies.find((cookie) => cookie.name === "theme");
    expect(themeCookie?.value).toBe("dark");
    expect(themeCookie?.path).toBe("/");
    expect(themeCookie?.sameSite).toBe("Lax");
    expect(themeCookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 60 * 60);

    // The server renders <html data-theme="dark"> itself (page.request sends the page's cookies).
    const html = await (await page.request.get("/wallet")).text();
    expect(html).toMatch(/<html[^>]*\sdata-theme="dark"/);
    // The toggle shows the choice before hydration too.
    expect(html).toContain('data-theme-option="dark" aria-pressed="true"');

    // And the document is dark from its first parse, in a light-preferring browser.
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.dataset["theme"])).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");

    // "System" hands the choice back to the browser.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: layout.theme.system }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    const systemHtml = await (await page.request.get("/")).text();
    expect(systemHtml).not.toMatch(/<html[^>]*\sdata-theme="dark"/);
  });

  test("Persian pages are right-to-left with the drawer on the right", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/fa");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(html).toHaveAttribute("lang", "fa");
    const rail = await page.locator('[data-site-drawer="rail"]').boundingBox();
    expect(rail?.x ?? 0).toBeGreaterThan(1280 / 2);
    expect((rail?.x ?? 0) + (rail?.width ?? 0)).toBeGreaterThanOrEqual(1279);
    await expect(page.locator('[data-site-drawer="rail"] [data-nav-item="support"]')).toHaveAttribute("href", "/fa/support");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator("[data-mobile-bottom-nav] button").click();
    const overlay = page.locator('[data-site-drawer="overlay"]');
    await expect(overlay).toBeVisible();
    await expect.poll(async () => {
      const box = await overlay.boundingBox();
      return Math.round((box?.x ?? 0) + (box?.width ?? 0));
    }).toBe(360);
  });
});
