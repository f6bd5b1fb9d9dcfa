import { en, expect, expectRouteName, gotoHydrated, readCatalogue, test, type EnglishCatalogue } from "./fixtures.ts";

// Every route of apps/web/app/routes.ts (spec 2.2), with sample values for its dynamic segments,
// and the route name the page must report. Content pages and game ids are ones the seeds ship.
// Parents without a page of their own send the visitor on to a child (`redirectsTo`).
const ROUTES: Array<{ path: string; name: string; redirectsTo?: string }> = [
  { path: "/wallet", name: "wallet" },
  { path: "/wallet/history", name: "wallet-history" },
  { path: "/bonuses", name: "bonuses" },
  { path: "/contact", name: "contact" },
  { path: "/profile", name: "profile", redirectsTo: "/profile/info" },
  { path: "/profile/info", name: "profile-info" },
  { path: "/profile/limits", name: "profile-limits" },
  { path: "/profile/personal", name: "profile-personal" },
  { path: "/profile/sessions", name: "profile-sessions" },
  { path: "/profile/bonuses", name: "profile-bonuses" },
  { path: "/profile/settings", name: "profile-settings", redirectsTo: "/profile/settings/account" },
  { path: "/profile/settings/account", name: "profile-settings-account" },
  { path: "/profile/settings/notifications", name: "profile-settings-notifications" },
  { path: "/support", name: "support" },
  { path: "/referral", name: "referral" },
  { path: "/questions", name: "questions" },
  { path: "/questions/registration", name: "questions-pageIdentity" },
  { path: "/games", name: "games" },
  { path: "/games/providers", name: "games-providers" },
  { path: "/games/category/slots/sort/new", name: "games-params" },
  { path: "/game/playfair-dice", name: "games-id" },
  { path: "/favorites", name: "favorites" },
  { path: "/recently-played", name: "recently-played" },
  { path: "/sport", name: "sport" },
  { path: "/sport/live/football/england", name: "sport-slug" },
  { path: "/welcome-package", name: "welcome-package" },
  { path: "/bonus/welcome-bonus", name: "bonus-pageIdentity" },
  { path: "/static/terms", name: "static-pageIdentity" },
  { path: "/auth/autologin", name: "auth-autologin" },
  { path: "/auth/social/google/callback", name: "auth-social-connection-callback" },
  { path: "/verify/3f9c2a7d", name: "verify-confirmCode" },
  { path: "/password-reset/8b1e4f60", name: "password-reset-resetCode" },
  { path: "/redirect", name: "redirect" },
];

// Pages whose unprefixed and prefixed names do not follow the `locale-` rule.
const SPECIAL: Array<{ path: string; name: string; prefixedPath: (prefix: string) => string; prefixedName: string }> = [
  { path: "/", name: "index", prefixedPath: (prefix) => prefix, prefixedName: "locale" },
  { path: "/about-us", name: "slug", prefixedPath: (prefix) => `${prefix}/about-us`, prefixedName: "locale-slug" },
];

const PREFIXES = ["de", "pt-br"] as const;

/** Path and query of a Location header, absolute or not. */
function redirectTarget(location: string | undefined): string {
  const url = new URL(location ?? "", "http://placeholder.invalid");
  return `${url.pathname}${url.search}`;
}

function htmlAttribute(html: string, name: string): string | undefined {
  return new RegExp(`<html[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
}

test.describe("routes", () => {
  for (const { path, name } of [...ROUTES.filter((route) => !route.redirectsTo), ...SPECIAL]) {
    test(`${path} renders on the server as ${name}, unprefixed and under ${PREFIXES.join(" and ")}`, async ({ request }) => {
      const unprefixed = await request.get(path, { maxRedirects: 0 });
      expect(unprefixed.status(), path).toBe(200);
      const html = await unprefixed.text();
      expect(htmlAttribute(html, "data-route-name"), path).toBe(name);
      expect(htmlAttribute(html, "lang"), path).toBe("en");

      for (const language of PREFIXES) {
        const special = SPECIAL.find((entry) => entry.path === path);
        const prefixedPath = special ? special.prefixedPath(`/${language}`) : `/${language}${path}`;
        const prefixedName = special ? special.prefixedName : `locale-${name}`;
        const prefixed = await request.get(prefixedPath, { maxRedirects: 0 });
        expect(prefixed.status(), prefixedPath).toBe(200);
        const prefixedHtml = await prefixed.text();
        expect(htmlAttribute(prefixedHtml, "data-route-name"), prefixedPath).toBe(prefixedName);
        expect(htmlAttribute(prefixedHtml, "lang"), prefixedPath).toBe(language);
      }
    });
  }

  for (const { path, name, redirectsTo } of ROUTES.filter((route) => route.redirectsTo)) {
    test(`${path} (${name}) sends the visitor on to ${redirectsTo!}, keeping the prefix`, async ({ request }) => {
      for (const prefix of ["", ...PREFIXES.map((language) => `/${language}`)]) {
        const response = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
        expect(response.status(), `${prefix}${path}`).toBeGreaterThanOrEqual(300);
        expect(response.status(), `${prefix}${path}`).toBeLessThan(400);
        expect(redirectTarget(response.headers().location), `${prefix}${path}`).toBe(`${prefix}${redirectsTo!}`);
      }
    });
  }
});

test.describe("locale prefix", () => {
  test("an upper-case prefix redirects permanently to the lower-case one", async ({ request }) => {
    for (const [from, to] of [
      ["/DE/wallet", "/de/wallet"],
      ["/PT-BR", "/pt-br"],
      ["/Pt-Br/games?provider=demo", "/pt-br/games?provider=demo"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(redirectTarget(response.headers().location), from).toBe(to);
    }
  });

  test("the default language's prefix redirects to the unprefixed address", async ({ request }) => {
    for (const [from, to] of [
      ["/en/wallet", "/wallet"],
      ["/en", "/"],
      ["/EN/wallet/history", "/wallet/history"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(redirectTarget(response.headers().location), from).toBe(to);
    }
  });

  test("an unknown prefix is not a locale: 404", async ({ request }) => {
    for (const path of ["/xx/wallet", "/zz-yy/games/providers", "/xx/redirect"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
  });

  test("Persian pages are right-to-left, rendered so on the server", async ({ request }) => {
    const html = await (await request.get("/fa/wallet")).text();
    expect(htmlAttribute(html, "lang")).toBe("fa");
    expect(htmlAttribute(html, "dir")).toBe("rtl");
  });

  test("links keep the prefix, and client-side navigation stays in the language", async ({ page, pageErrors }) => {
    const german = readCatalogue<EnglishCatalogue>("de", "common");
    await gotoHydrated(page, "/de");
    await expectRouteName(page, "locale");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(german.home.hero.title);

    const gamesLink = page.getByRole("link", { name: german.home.hero.exploreGames });
    await expect(gamesLink).toHaveAttribute("href", "/de/games");
    const documentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentRequests.push(request.url());
    });
    await gamesLink.click();
    await expect(page).toHaveURL(/\/de\/games$/);
    await expectRouteName(page, "locale-games");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(documentRequests, "navigated inside the app, without loading a new document").toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("client-side navigation into another language loads it before showing the page", async ({ page, pageErrors }) => {
    const russian = readCatalogue<EnglishCatalogue>("ru", "common");
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(en.home.hero.title);

    // What the browser does on back/forward to an entry of this app: a popstate the router handles.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/ru");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expectRouteName(page, "locale");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(russian.home.hero.title);
    await expect(page.getByRole("link", { name: russian.home.hero.exploreGames })).toHaveAttribute("href", "/ru/games");

    await page.evaluate(() => {
      window.history.pushState(null, "", "/fa/games");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expectRouteName(page, "locale-games");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(pageErrors).toEqual([]);
  });
});

test.describe("document shell", () => {
  test("the server renders the colour mode of the theme cookie, so a reload cannot flash", async ({ request }) => {
    for (const theme of ["dark", "light"] as const) {
      const html = await (await request.get("/de/wallet", { headers: { cookie: `theme=${theme}` } })).text();
      expect(htmlAttribute(html, "data-theme"), theme).toBe(theme);
      expect(htmlAttribute(html, "data-theme-preference"), theme).toBe(theme);
    }
    // "system" (or no choice) is resolved in the browser before paint by the inline script.
    const system = await (await request.get("/de/wallet", { headers: { cookie: "theme=system" } })).text();
    expect(htmlAttribute(system, "data-theme")).toBeUndefined();
    expect(htmlAttribute(system, "data-theme-preference")).toBe("system");
  });

  test("the route name on <html> follows client-side navigation", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectRouteName(page, "index");
    await page.getByRole("link", { name: en.home.hero.exploreGames }).click();
    await expectRouteName(page, "games");
    await page.goBack();
    await expectRouteName(page, "index");
  });
});
