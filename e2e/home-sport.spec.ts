// The home page's sport carousels: the sportsbook's top events (15) and live events (7), rendered
// on the server from whatever the e2e server's feed provides (the in-house simulator by default).
// The tests compare the page with the sportsbook's own read API, never with event names.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";

type HomeSportText = { topTitle: string; liveTitle: string; allSports: string; allLive: string; live: string };
const text = (language: string) => readCatalogue<{ homeSport: HomeSportText }>(language, "pages").homeSport;
const en = text("en");

type ListedEvent = { id: number };

async function listed(request: APIRequestContext, carousel: "top-events" | "live"): Promise<number[]> {
  const response = await request.get(`/api/sportsbook/${carousel}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ListedEvent[] }).data.map((event) => event.id);
}

/** Waits until the feed has open events for both carousels (a starting simulator needs a moment). */
async function waitForEvents(request: APIRequestContext): Promise<void> {
  await expect.poll(async () => (await listed(request, "top-events")).length, { timeout: 60_000, intervals: [1_000] }).toBeGreaterThan(0);
  await expect.poll(async () => (await listed(request, "live")).length, { timeout: 60_000, intervals: [1_000] }).toBeGreaterThan(0);
}

/**
 * How old a page's carousels may be: renders share one language's carousels for a second
 * (sport-carousels.server.tsx), and a guest's page may come from the guest page cache, a second old.
 */
const CAROUSELS_AT_MOST_MS = 2_000;

/**
 * Every event the two lists named while watched for `windowMs`: a page loaded now may show the
 * lists as they were that long ago, so that is how far back a test looks.
 */
async function observedFor(request: APIRequestContext, windowMs: number): Promise<{ top: number[]; live: number[]; topCounts: number[] }> {
  const observed = { top: new Set<number>(), live: new Set<number>(), topCounts: [] as number[] };
  const until = Date.now() + windowMs;
  do {
    const [top, live] = await Promise.all([listed(request, "top-events"), listed(request, "live")]);
    top.forEach((id) => observed.top.add(id));
    live.forEach((id) => observed.live.add(id));
    observed.topCounts.push(top.length);
  } while (Date.now() < until);
  return { top: [...observed.top], live: [...observed.live], topCounts: observed.topCounts };
}

/** The event id a card's address names: `/{eventId}-{slug}`, `/sport/event/{eventId}` or `?eventId=`. */
function eventIdOf(href: string): number {
  const url = new URL(href, "http://site");
  const fromQuery = url.searchParams.get("eventId");
  if (fromQuery) return Number(fromQuery);
  const last = url.pathname.split("/").at(-1) ?? "";
  return Number(/^(\d+)/.exec(last)?.[1]);
}

async function cardAddresses(page: Page, listName: string): Promise<string[]> {
  const links = page.getByRole("list", { name: listName }).getByRole("listitem").getByRole("link");
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
}

test.describe("home page sport carousels", () => {
  test.beforeEach(async ({ request }) => {
    await waitForEvents(request);
  });

  test("list the sportsbook's top events (15) and live events (7), each card a link into its event", async ({ page, request }) => {
    const before = await observedFor(request, CAROUSELS_AT_MOST_MS);
    const scripts: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
    });
    await gotoHydrated(page, "/");
    const after = { top: await listed(request, "top-events"), live: await listed(request, "live") };

    const top = page.getByRole("list", { name: en.topTitle });
    const live = page.getByRole("list", { name: en.liveTitle });
    // The feed may still be opening events while the page renders: the page shows the list as it
    // was read before or after.
    const topCount = await top.getByRole("listitem").count();
    expect([...before.topCounts, after.top.length].map((count) => Math.min(15, count))).toContain(topCount);
    const liveCount = await live.getByRole("listitem").count();
    expect(liveCount).toBeGreaterThan(0);
    expect(liveCount).toBeLessThanOrEqual(7);

    const address = /^\/sport(\/event\/\d+|\/[^/?]+\/[^/?]+\/[^/?]+\/\d+-[^/?]*(\?.*)?|\?eventId=\d+)$/;
    for (const [carousel, name] of [["top", en.topTitle], ["live", en.liveTitle]] as const) {
      const known = new Set([...before[carousel], ...after[carousel]]);
      for (const href of await cardAddresses(page, name)) {
        expect(href).toMatch(address);
        expect(known, `${href} is one of the sportsbook's ${carousel} events`).toContain(eventIdOf(href));
      }
    }
    // Every live card says so.
    await expect(live.getByRole("listitem").filter({ hasText: en.live })).toHaveCount(liveCount);
    // The carousels bring no script: the sportsbook widget loads on the sport pages only.
    expect(scripts.filter((path) => path.startsWith("/sportsbook/"))).toEqual([]);
  });

  test("are reached with the keyboard, and a card opens its event in the sportsbook", async ({ page }) => {
    await gotoHydrated(page, "/");
    const seeAll = page.getByRole("link", { name: en.allSports });
    await expect(seeAll).toHaveAttribute("href", "/sport");
    await seeAll.focus();
    await page.keyboard.press("Tab");
    const first = page.getByRole("list", { name: en.topTitle }).getByRole("link").first();
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    const href = (await first.getAttribute("href")) ?? "";
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
    await expect(page.getByRole("list", { name: en.topTitle })).toHaveCount(0);
  });

  for (const width of [360, 528, 1280]) {
    test(`scroll sideways inside their lists at ${width} px while the page does not`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, "/");
      const list = page.getByRole("list", { name: en.topTitle });
      const sizes = await list.evaluate((element) => ({
        snap: getComputedStyle(element).scrollSnapType,
        scrolls: element.scrollWidth > element.clientWidth,
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(sizes.snap).toBe("x mandatory");
      expect(sizes.scrolls).toBe(true);
      expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
      // The first card is whole on screen.
      await list.scrollIntoViewIfNeeded();
      await expect(list.getByRole("listitem").first()).toBeInViewport({ ratio: 1 });
    });
  }

  test("are written in the page's language and direction (fa, right to left)", async ({ page }) => {
    const fa = text("fa");
    await gotoHydrated(page, "/fa");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const top = page.getByRole("list", { name: fa.topTitle });
    await expect(top.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("list", { name: fa.liveTitle })).toBeVisible();
    for (const href of await cardAddresses(page, fa.topTitle)) expect(href).toMatch(/^\/fa\/sport[/?]/);
    await expect(page.getByRole("link", { name: fa.allLive })).toHaveAttribute("href", "/fa/sport/live");
  });

  test.describe("in the visitor's time zone", () => {
    test.use({ timezoneId: "Asia/Kolkata" });

    test("write start times in the browser's zone without the UTC label, and a live card says Live once", async ({ page }) => {
      await gotoHydrated(page, "/");
      const time = page.getByRole("list", { name: en.topTitle }).locator("time[data-start-time]").first();
      await expect(time).toBeVisible();
      const start = new Date((await time.getAttribute("datetime")) ?? "");
      // India is UTC+5:30 all year: the hour and the minute differ from the UTC ones the server wrote.
      const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
      await expect(time).toHaveText(new RegExp(`${clock}$`));
      await expect(time.locator("xpath=..").getByText("UTC")).toBeHidden();

      const liveCard = page.getByRole("list", { name: en.liveTitle }).getByRole("listitem").first();
      const shownLive = await liveCard.getByText(en.live, { exact: true }).evaluateAll((elements) => elements.filter((element) => !element.classList.contains("sr-only")).length);
      expect(shownLive).toBe(1);
    });
  });

  // accessibility.spec.ts scans "/" (with the carousels once the feed has events); this scans them right to left.
  test("pass axe in the light and dark themes, right to left", async ({ page }) => {
    await gotoHydrated(page, "/fa");
    await expect(page.getByRole("list", { name: text("fa").liveTitle })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
