import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { en, expect, expectAccessibleInBothThemes, gotoHydrated, test, waitForIdle } from "./fixtures.ts";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type siteCatalogue from "../apps/web/app/locales/en/site.json";

const site = JSON.parse(readFileSync(new URL("../apps/web/app/locales/en/site.json", import.meta.url), "utf8")) as typeof siteCatalogue;
const accounts = JSON.parse(readFileSync(new URL("../apps/web/app/locales/en/accounts.json", import.meta.url), "utf8")) as typeof accountsCatalogue;
const DAY_MS = 86_400_000;

type StoredTag = { value: string; expiresAt: number } | null;

function storedAffiliateTag(page: Page): Promise<StoredTag> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("affiliateTag") ?? "null") as StoredTag);
}

/** The preloader has gone (hidden, then removed from the page). */
async function expectPreloaderGone(page: Page) {
  await expect(page.locator("#site-preloader")).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator("html")).toHaveAttribute("data-preloader", "removed");
}

test.describe("entry query parameters", () => {
  test("an affiliate tag from ?stag is stored for 30 days, leaves the address, and a second one does not overwrite it", async ({ page, pageErrors }) => {
    await gotoHydrated(page, "/games?stag=abc&ref_id=friend-1");
    await expect(page).toHaveURL(/\/games\?ref_id=friend-1$/);
    const first = await storedAffiliateTag(page);
    expect(first?.value).toBe("abc");
    const lifetime = (first?.expiresAt ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS);
    expect(await page.evaluate(() => localStorage.getItem("referralId"))).toContain("friend-1");

    await gotoHydrated(page, "/?stag=xyz");
    await expect(page).toHaveURL(/\/$/);
    expect(await storedAffiliateTag(page)).toEqual(first);
    expect(pageErrors).toEqual([]);
  });

  test("?botURL switches on messenger mode storage and ?preview keeps its token for the tab", async ({ page }) => {
    await gotoHydrated(page, `/?botURL=${encodeURIComponent("http://127.0.0.1:9/bot")}&preview=draft-1`);
    // Stored once their rules have loaded, which only an address with entry parameters does.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("botURL"))).toBe("http://127.0.0.1:9/bot");
    expect(await page.evaluate(() => sessionStorage.getItem("previewToken"))).toBe("draft-1");
  });
});

test.describe("analytics", () => {
  test("the visit pixel is in window.dataLayer after the app mounts, with its action id and client code", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])).toContainEqual({ event: "pixel_visit", pixel_action_id: 80, pixel_client_code: 5 });
  });

  test("nothing is requested from another host: no pixel endpoint, tag manager or other third party is configured", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const path of ["/", "/games", "/auth/autologin?state=x"]) {
      await gotoHydrated(page, path);
      await expectPreloaderGone(page);
    }
    // Third-party scripts would start after load and idle.
    await waitForIdle(page);
    expect(requested.length).toBeGreaterThan(3);
    const foreign = requested.filter((url) => !url.startsWith("data:") && new URL(url).hostname !== "127.0.0.1");
    expect(foreign).toEqual([]);
    expect(await page.locator("script[data-integration]").count()).toBe(0);
  });
});

test.describe("version check", () => {
  test("builds/latest.json is served and names the running build", async ({ page, request }) => {
    const response = await request.get(`/builds/latest.json?t=${Date.now()}`);
    expect(response.status()).toBe(200);
    const latest = (await response.json()) as { buildId: string; builtAt: string };
    expect(Number.isNaN(Date.parse(latest.builtAt))).toBe(false);
    await gotoHydrated(page, "/");
    const running = await page.evaluate(() => (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version);
    expect(latest.buildId).toBe(running);
  });
});

test.describe("version check: a new build", () => {
  test("makes the next navigation a full page load", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectPreloaderGone(page);
    // A deploy happened: the build file now names another build.
    await page.route("**/builds/latest.json?t=*", (route) => route.fulfill({ json: { buildId: "newer-build", builtAt: new Date().toISOString() } }));
    const asked = page.waitForRequest((request) => /\/builds\/latest\.json\?t=\d+$/.test(request.url()));
    // The tab comes back into view (the browser fires visibilitychange with state "visible").
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await asked;
    const documentLoad = page.waitForRequest((request) => request.isNavigationRequest() && request.resourceType() === "document");
    await page.locator('a[href="/games"]:visible').first().click();
    await documentLoad;
    await expect(page).toHaveURL(/\/games$/);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  });
});

test.describe("preloader", () => {
  test("is a thin bar in the server HTML that covers nothing, and hides after the home page has loaded", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<div id="site-preloader"[^>]*data-state="visible"/);
    expect(html).not.toContain("data-waits-for-flow");

    // Before any script runs, the server-rendered page is already readable and reachable: the
    // bar is a few pixels along the top edge, and the hero's heading is the topmost element at its centre.
    await page.route(/\.js(?:\?|$)/, (route) => route.abort());
    await page.goto("/");
    const bar = page.getByRole("progressbar", { name: en.routing.loading });
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(4);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    const covered = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top === null || !element.contains(top);
    });
    expect(covered, "the heading is under something").toBe(false);

    await page.unroute(/\.js(?:\?|$)/);
    await gotoHydrated(page, "/");
    await expectPreloaderGone(page);
    await expect(heading).toBeVisible();
  });

  test("stays on /auth/autologin?state=… until the sign-in flow has ended, then hides", async ({ page, request }) => {
    const html = await (await request.get("/auth/autologin?state=x")).text();
    expect(html).toMatch(/<div id="site-preloader"[^>]*data-waits-for-flow/);

    // Record when the flow's outcome appears and when the preloader starts to hide.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { preloaderMarks: Record<string, number> }).preloaderMarks = marks;
      new MutationObserver(() => {
        if (!marks.outcome && document.querySelector('[data-auth-outcome="done"]')) marks.outcome = performance.now();
        if (!marks.hiding && document.querySelector('#site-preloader[data-state="hiding"]')) marks.hiding = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await gotoHydrated(page, "/auth/autologin?state=x");
    await expect(page.getByRole("heading", { name: site.auth.autologin.failedTitle })).toBeVisible();
    await expectPreloaderGone(page);
    const marks = await page.evaluate(() => (window as unknown as { preloaderMarks: Record<string, number> }).preloaderMarks);
    expect(marks.outcome).toBeGreaterThan(0);
    // It began to hide only after the flow ended, and not before the spec's 1000 ms delay.
    expect((marks.hiding ?? 0) - (marks.outcome ?? 0)).toBeGreaterThanOrEqual(900);
  });

  test("does not wait on /auth/autologin without a state, and is the thin bar there", async ({ request }) => {
    const html = await (await request.get("/auth/autologin")).text();
    expect(html).toMatch(/<div id="site-preloader"[^>]*site-preloader--bar/);
    expect(html).not.toContain("data-waits-for-flow");
  });

  test("covers the whole page on the two sign-in flows", async ({ request }) => {
    for (const path of ["/auth/autologin?state=x", "/auth/social/google/callback?code=c&state=s"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<div id="site-preloader"[^>]*site-preloader--cover/);
    }
  });
});

test.describe("/redirect", () => {
  test("sends site paths on, keeping the locale prefix", async ({ page, request }) => {
    const plain = await request.get("/redirect?to=%2Fgames%3Fx%3D1", { maxRedirects: 0 });
    expect(plain.status()).toBe(302);
    expect(plain.headers().location).toBe("/games?x=1");
    const german = await request.get("/de/redirect?to=%2Fgames", { maxRedirects: 0 });
    expect(german.headers().location).toBe("/de/games");

    await page.goto("/redirect?to=%2Fgames");
    await expect(page).toHaveURL(/\/games$/);
  });

  test("refuses external addresses and javascript: addresses with an explanation", async ({ page }) => {
    await gotoHydrated(page, `/redirect?to=${encodeURIComponent("https://elsewhere.example/")}`);
    await expect(page.getByRole("heading", { level: 1, name: site.redirect.title })).toBeVisible();
    await expect(page.getByText(site.redirect.externalNotAllowed)).toBeVisible();

    await gotoHydrated(page, `/redirect?to=${encodeURIComponent("javascript:alert(1)")}`);
    await expect(page.getByText("Cannot navigate to a URL with javascript protocol.")).toBeVisible();
    await expect(page.getByRole("link", { name: site.redirect.home })).toHaveAttribute("href", "/");
  });
});

test.describe("sign-in and account links", () => {
  test("a made-up social return, confirmation link or reset link says honestly that it did not work", async ({ page }) => {
    await gotoHydrated(page, "/auth/social/google/callback?code=c&state=s");
    await expect(page.getByRole("heading", { name: site.auth.social.failedTitle.replace("{{connection}}", "Google") })).toBeVisible();
    await gotoHydrated(page, "/verify/abc123");
    await expect(page.getByRole("heading", { name: accounts.verifyPage.failedTitle })).toBeVisible();
    await gotoHydrated(page, "/password-reset/abc123");
    // The reset page asks for the new password first; the server judges the link on submit.
    await expect(page.getByRole("heading", { name: accounts.passwordResetPage.title })).toBeVisible();
  });
});

test.describe("accessibility of the sign-in, confirmation and redirect pages", () => {
  test("has no serious or critical axe-core violations in the light and dark themes", async ({ page }) => {
    // Three pages, each loaded and scanned twice: more than the default budget on a busy machine.
    test.setTimeout(90_000);
    for (const path of ["/auth/autologin?state=x", "/password-reset/abc", `/redirect?to=${encodeURIComponent("javascript:alert(1)")}`]) {
      await page.emulateMedia({ colorScheme: "light" });
      await gotoHydrated(page, path);
      await expectPreloaderGone(page);
      await expectAccessibleInBothThemes(page);
    }
  });
});
