// The sportsbook widget (ADR 035): its own bundle, served by our server under /sportsbook/ and
// loaded by the sport pages only, like a third-party script.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";

const CREST = { shape: 3, primary: "#c8102e", secondary: "#ffffff" };
const MATCH_RESULT = {
  marketKey: "1|",
  marketTypeId: 1,
  specifiers: "",
  status: "active",
  version: 1,
  outcomes: [
    { id: "1", odds: "2.10", active: true },
    { id: "X", odds: "3.40", active: true },
    { id: "2", odds: "3.30", active: true },
  ],
};
const EVENT = {
  id: 4501,
  sportId: 66,
  categoryId: 1,
  categoryName: "England",
  championshipId: 17,
  championshipName: "Premier League",
  name: "Northbridge Rovers vs Eastfield Athletic",
  home: { id: 1, name: "Northbridge Rovers", shortName: "NBR", crest: CREST },
  away: { id: 2, name: "Eastfield Athletic", shortName: "EFA", crest: { ...CREST, shape: 8 } },
  startsAt: new Date(Date.now() + 3_600_000).toISOString(),
  status: "live",
  liveState: { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 1_260 },
  suspended: false,
  marketCount: 24,
  mainMarket: MATCH_RESULT,
};

/** A golf tournament: no home and away, a winner market with one outcome per player. */
const OUTRIGHT = {
  ...EVENT,
  id: 4503,
  sportId: 212,
  categoryName: "World",
  championshipName: "Desert Classic",
  name: "Desert Classic 2026",
  home: null,
  away: null,
  status: "not_started",
  liveState: null,
  marketCount: 3,
  mainMarket: {
    marketKey: "7|",
    marketTypeId: 7,
    specifiers: "",
    status: "active",
    version: 1,
    outcomes: Array.from({ length: 20 }, (_, index) => ({ id: String(101_343 + index), odds: `${index + 3}.50`, active: true })),
  },
};

/** The sportsbook's read API as the server answers it (the widget's own tests cover the calls; this is its look). */
async function answerSportsbookCalls(page: Page) {
  await page.route("**/api/sportsbook/sports", (route) => route.fulfill({ json: { data: [{ sportId: 66, prematch: 120, live: 4 }, { sportId: 67, prematch: 42, live: 2 }, { sportId: 68, prematch: 38, live: 0 }] } }));
  await page.route("**/api/sportsbook/events?**", (route) => route.fulfill({ json: { data: [EVENT, { ...EVENT, id: 4502, name: "Westgate vs Harbour Town", home: { ...EVENT.home, name: "Westgate" }, away: { ...EVENT.away, name: "Harbour Town" } }, OUTRIGHT], meta: { page: 1, perPage: 30, totalPages: 1, totalRows: 3 } } }));
  await page.route("**/api/sportsbook/events/4501", (route) =>
    route.fulfill({ json: { ...EVENT, mainMarket: undefined, markets: [MATCH_RESULT, { ...MATCH_RESULT, marketKey: "18|total=2.5", marketTypeId: 18, specifiers: "total=2.5", outcomes: [{ id: "over", odds: "1.85", active: true }, { id: "under", odds: "1.95", active: true }] }] } }),
  );
}

/** Every list row of the widget (event rows, the tabs) stays inside its list, and every part of a row inside the row. */
async function expectRowsInsideTheirLists(page: Page) {
  const overflowing = await page.locator("[data-sportsbook-widget=main]").evaluate((widget) => {
    const outside = (inner: DOMRect, outer: DOMRect) => inner.left < outer.left - 1 || inner.right > outer.right + 1;
    const found: string[] = [];
    for (const row of widget.querySelectorAll("ul > li, ol > li")) {
      const box = row.getBoundingClientRect();
      if (outside(box, row.parentElement!.getBoundingClientRect())) found.push(`row: ${row.textContent}`);
      for (const part of row.querySelectorAll("a, button, span")) {
        const partBox = part.getBoundingClientRect();
        if (partBox.width > 0 && outside(partBox, box)) found.push(`part of ${row.textContent}: ${part.textContent}`);
      }
    }
    return found;
  });
  expect(overflowing).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe("the sportsbook widget", () => {
  test("the sport page loads the widget's script and stylesheet from our server, and the widget starts", async ({ page }) => {
    const widgetFiles: { url: string; status: number; cacheControl: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/sportsbook/")) {
        widgetFiles.push({ url: new URL(response.url()).pathname, status: response.status(), cacheControl: response.headers()["cache-control"] });
      }
    });
    await gotoHydrated(page, "/sport/live");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await expect(widget.getByRole("navigation", { name: "Sportsbook" })).toBeVisible();
    await expect(widget.getByRole("link", { name: "Live", exact: true })).toHaveAttribute("aria-current", "page");
    expect(widgetFiles.find((file) => file.url === "/sportsbook/manifest.json")).toMatchObject({ status: 200, cacheControl: "no-cache" });
    const script = widgetFiles.find((file) => /^\/sportsbook\/sportsbook-[\w-]+\.js$/.test(file.url));
    const stylesheet = widgetFiles.find((file) => /^\/sportsbook\/sportsbook-[\w-]+\.css$/.test(file.url));
    expect(script).toMatchObject({ status: 200, cacheControl: "public, max-age=31536000, immutable" });
    expect(stylesheet).toMatchObject({ status: 200 });
    // Styled by its own sheet: the widget's tabs are flex rows.
    await expect(widget.getByRole("navigation", { name: "Sportsbook" }).getByRole("list")).toHaveCSS("display", "flex");
  });

  test("the widget's links move the address, and the address moves the widget", async ({ page }) => {
    await gotoHydrated(page, "/sport?wallet=deposit");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await widget.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/sport\/search\?wallet=deposit$/);
    await expect(widget.getByRole("searchbox")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/sport\?wallet=deposit$/);
    await expect(widget.getByRole("link", { name: "Sports", exact: true })).toHaveAttribute("aria-current", "page");
    // A guest's "Sign in" opens the site's sign-in window over the sport page.
    await widget.getByRole("link", { name: "My bets", exact: true }).click();
    await widget.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/sport\/betHistory\?.*sign-in=true/);
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("speaks the page's language, right to left in Persian, and passes axe", async ({ page }) => {
    await gotoHydrated(page, "/fa/sport/betHistory");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await expect(widget.locator("[dir=rtl]")).toBeVisible();
    await expect(widget.getByRole("link", { name: "شرط‌های من" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
  });

  test("shows events, prices and the slip at 360 px and on a desktop, readable in both themes", async ({ page }) => {
    await answerSportsbookCalls(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/sport");
    const widget = page.locator("[data-sportsbook-widget=main]");
    const live = widget.getByRole("list", { name: "Live now" });
    await live.getByRole("button", { name: /Northbridge Rovers.*2\.10/ }).first().click();
    await expect(widget.getByRole("button", { name: "Bet slip, 1 selections" })).toBeVisible();
    // An outright lists its name and market count, not twenty prices.
    const outright = live.getByRole("listitem").filter({ hasText: "Desert Classic 2026" });
    await expect(outright.getByRole("link", { name: "3 markets" })).toBeVisible();
    await expect(outright.getByRole("button")).toHaveCount(0);
    await expect(live.getByRole("link", { name: "+23 markets" }).first()).toBeVisible();
    await expectRowsInsideTheirLists(page);
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await widget.getByRole("link", { name: /Northbridge Rovers/ }).first().click();
    await expect(page).toHaveURL(/\/sport\/soccer\/england\/premier-league\/4501-northbridge-rovers-vs-eastfield-athletic$/);
    await expect(widget.getByRole("heading", { level: 1, name: "Northbridge Rovers vs Eastfield Athletic" })).toBeVisible();
    await expect(widget.getByRole("group", { name: "Total 2.5" })).toBeVisible();
    await expect(widget.getByRole("region", { name: "Bet slip" })).toContainText("Northbridge Rovers vs Eastfield Athletic");
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page);
  });

  test("keeps every event row and tab inside the widget at 360 px right to left", async ({ page }) => {
    await answerSportsbookCalls(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fa/sport");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await expect(widget.locator("[dir=rtl]").getByRole("listitem").filter({ hasText: "Desert Classic 2026" })).toBeVisible();
    await expectRowsInsideTheirLists(page);
    await expectNoSidewaysScroll(page);
  });

  test("the home page does not load the widget", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/sportsbook/")) requested.push(request.url());
    });
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
  });
});
