import { readFileSync } from "node:fs";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";

type PagesCatalogue = typeof pagesCatalogue;
const catalogue = (language: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/app/locales/${language}/pages.json`, import.meta.url), "utf8")) as PagesCatalogue;
const pages = catalogue("en");
const germanPages = catalogue("de");

test.describe("content pages", () => {
  test("render the server's HTML of the seeded markdown in the first response", async ({ request }) => {
    const response = await request.get("/static/responsible-gaming");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Responsible gaming<\/h1>/);
    expect(html).toContain("<h2>Keep it fun</h2>");
    expect(html).toContain("<p>Gambling should be entertainment, never a way to make money or escape");
    expect(html).toContain('<div class="table-scroll"><table>');
    expect(html).toContain("<title>Responsible gaming | Playfair</title>");

    const bonus = await (await request.get("/bonus/welcome-bonus")).text();
    expect(bonus).toMatch(/<h1[^>]*>How our bonuses work<\/h1>/);
    expect(bonus).toContain("<h2>Wagering, explained</h2>");
  });

  test("serve /:slug pages with and without a locale prefix, keeping the prefix in their links", async ({ request }) => {
    const english = await request.get("/about-us");
    expect(english.status()).toBe(200);
    const englishHtml = await english.text();
    expect(englishHtml).toMatch(/<h1[^>]*>About Playfair<\/h1>/);
    expect(englishHtml).toContain('<a href="/static/responsible-gaming">responsible gaming</a>');

    const german = await request.get("/de/about-us");
    expect(german.status()).toBe(200);
    const germanHtml = await german.text();
    expect(germanHtml).toContain('<a href="/de/static/responsible-gaming">responsible gaming</a>');
    // Not translated yet: shown in English, marked as such for readers and screen readers.
    expect(germanHtml).toContain(germanPages.content.fallbackNotice);
    expect(germanHtml).toMatch(/<div lang="en" dir="ltr"/);
  });

  test("bundled translations are served under their locale prefix, right-to-left for Persian", async ({ request }) => {
    const german = await (await request.get("/de/static/responsible-gaming")).text();
    expect(german).toMatch(/<h1[^>]*>Verantwortungsvolles Spielen<\/h1>/);
    expect(german).not.toContain(germanPages.content.fallbackNotice);
    expect(german).toContain('<a href="/de/profile/limits">Limits</a>');
    const persian = await (await request.get("/fa/questions/registration")).text();
    expect(persian).toMatch(/<html[^>]*\sdir="rtl"/);
    expect(persian).toMatch(/<h1[^>]*>چگونه حساب بسازم؟<\/h1>/);
  });

  test("a missing content page is a 404", async ({ request }) => {
    for (const path of ["/no-such-page-slug", "/de/no-such-page-slug", "/static/no-such-page", "/bonus/no-such-bonus", "/questions/no-such-question"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });

  test("the question list links to a question page and back", async ({ page, pageErrors }) => {
    await gotoHydrated(page, "/questions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.questions.title);
    await page.getByRole("link", { name: /How do I make a deposit\?/ }).click();
    await expect(page).toHaveURL(/\/questions\/deposits$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How do I make a deposit?");
    await expect(page.getByRole("article")).toContainText("Open your wallet and choose");

    // Links inside the answer stay in the app.
    await page.getByRole("article").getByRole("link", { name: "support", exact: true }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.goBack();
    await page.getByRole("link", { name: pages.content.backToQuestions }).click();
    await expect(page).toHaveURL(/\/questions$/);
    expect(pageErrors).toEqual([]);
  });

  test("a content page has no serious accessibility violations in the light and dark themes", async ({ page }) => {
    await gotoHydrated(page, "/static/cookie-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie policy");
    await expectAccessibleInBothThemes(page);
  });
});

test.describe("account pages for a guest", () => {
  for (const [path, prompt] of [
    ["/wallet", pages.wallet.guest.title],
    ["/wallet/history", pages.wallet.guest.title],
    ["/favorites", pages.favorites.guest.title],
    ["/referral", pages.referral.guest.title],
  ] as const) {
    test(`${path} asks to sign in, and the buttons open the modals by address`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { name: prompt })).toBeVisible();
      const promptPanel = page.locator("[data-guest-prompt]");
      await expect(promptPanel.getByRole("link", { name: pages.guest.signUp })).toHaveAttribute("href", new RegExp(`^${path}\\?sign-up=true$`));
      await promptPanel.getByRole("link", { name: pages.guest.signIn }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?sign-in=true$`));
    });
  }

  test("the wallet sign-in prompt has no serious accessibility violations in the dark theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await gotoHydrated(page, "/de/wallet");
    await expect(page.getByRole("heading", { name: germanPages.wallet.guest.title })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("profile pages for a guest", () => {
  for (const path of ["/profile/info", "/de/profile/settings/notifications"]) {
    test(`${path} sends a guest to the home page with the sign-in modal`, async ({ page }) => {
      await gotoHydrated(page, path);
      const home = path.startsWith("/de/") ? "/de" : "/";
      await expect(page).toHaveURL((url) => url.pathname === home && url.search === "?sign-in=true");
      await expect(page.locator('[data-overlay-root="modals"]').getByRole("dialog")).toBeVisible();
    });
  }
});

test.describe("index routes", () => {
  test("/profile and /profile/settings redirect to their first section, keeping the locale prefix and the query", async ({ request, page }) => {
    for (const [from, to] of [
      ["/profile", "/profile/info"],
      ["/de/profile", "/de/profile/info"],
      ["/profile/settings", "/profile/settings/account"],
      ["/fa/profile/settings?sign-in=true", "/fa/profile/settings/account?sign-in=true"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(302);
      expect(response.headers()["location"], from).toBe(to);
    }
    // A guest's browser then goes on to the sign-in modal (the profile is for players).
    await gotoHydrated(page, "/de/profile");
    await expect(page).toHaveURL((url) => url.pathname === "/de" && url.search === "?sign-in=true");
  });
});

test.describe("every page", () => {
  const headings: Array<[path: string, heading: string, title: string]> = [
    ["/wallet", pages.wallet.title, pages.wallet.meta.title],
    ["/wallet/history", pages.wallet.title, pages.walletHistory.meta.title],
    ["/bonuses", pages.bonuses.title, pages.bonuses.meta.title],
    ["/contact", pages.contact.title, pages.contact.meta.title],
    ["/profile/limits", pages.profile.title, pages.profileLimits.meta.title],
    ["/profile/sessions", pages.profile.title, pages.profileSessions.meta.title],
    ["/support", pages.support.title, pages.support.meta.title],
    ["/referral", pages.referral.title, pages.referral.meta.title],
    ["/questions", pages.questions.title, pages.questions.meta.title],
    ["/games", pages.games.title, pages.games.meta.title],
    ["/games/providers", pages.gamesProviders.title, pages.gamesProviders.meta.title],
    ["/games/feature/jackpot/sort/new", pages.gamesParams.title, pages.gamesParams.meta.title],
    ["/favorites", pages.favorites.title, pages.favorites.meta.title],
    ["/recently-played", pages.recentlyPlayed.title, pages.recentlyPlayed.meta.title],
    ["/sport", pages.sport.title, pages.sport.meta.title],
    ["/sport/live/soccer", pages.sport.title, pages.sport.meta.title],
    ["/welcome-package", pages.welcomePackage.title, pages.welcomePackage.meta.title],
  ];

  test("renders its heading and translated title on the server, in English and German", async ({ request }) => {
    for (const [path, heading, title] of headings) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title} | Playfair</title>`);
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[?]/g, "\\?")}</h1>`));
    }
    const german = await (await request.get("/de/sport")).text();
    expect(german).toContain(`<title>${germanPages.sport.meta.title} | Playfair</title>`);
    expect(german).toContain(germanPages.sport.subtitle);
  });

  test("shows honest empty states instead of made-up data", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("link", { name: pages.contact.empty.questions }).click();
    await expect(page).toHaveURL(/\/questions$/);
  });

  test("the support page lists real questions from the FAQ", async ({ page }) => {
    await gotoHydrated(page, "/support");
    const popular = page.getByRole("region", { name: pages.support.popularTitle });
    await expect(popular.getByRole("link")).not.toHaveCount(0);
    await popular.getByRole("link", { name: /How do I create an account\?/ }).click();
    await expect(page).toHaveURL(/\/questions\/registration$/);
  });

  test("content and empty pages fit a 360 px screen in right-to-left Persian", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of ["/fa/static/responsible-gaming", "/fa/questions", "/fa/support"]) {
      await gotoHydrated(page, path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const overflow = await page.locator("main").evaluate((main) => main.scrollWidth - main.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
