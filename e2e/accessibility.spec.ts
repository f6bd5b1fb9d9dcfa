import { readFileSync } from "node:fs";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, test, waitForAnimations } from "./fixtures.ts";

const layout = JSON.parse(
  readFileSync(new URL("../apps/web/app/locales/en/layout.json", import.meta.url), "utf8"),
) as typeof layoutCatalogue;

// Home, wallet, profile, a content page and the casino's pages, in both colour themes (the home
// page's scan is this one: no other spec scans "/" again).
const PAGES = ["/", "/wallet", "/profile/info", "/static/terms", "/games", "/games/providers", "/games/category/slots", "/game/playfair-dice", "/recently-played"] as const;
// Pages of hundreds of tiles: axe takes far longer over them on a busy 2-core machine.
const LONG_PAGES: ReadonlySet<string> = new Set(["/games", "/games/category/slots"]);

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  for (const path of PAGES) {
    test(`${path} in the light and dark themes`, async ({ page, pageErrors }) => {
      test.slow(LONG_PAGES.has(path));
      await gotoHydrated(page, path);
      await expectAccessibleInBothThemes(page);
      expect(pageErrors).toEqual([]);
    });
  }

  test("the open user panel in the light and dark themes", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: layout.header.accountMenu }).click();
    const panel = page.getByRole("dialog", { name: layout.header.accountMenu });
    // Its contents load on the first opening.
    await expect(panel).toContainText(layout.userPanel.title);
    // Colours read while the panel still fades in are not the ones a player sees.
    await waitForAnimations(panel);
    await expectAccessibleInBothThemes(page);
  });

  test("the open currency panel in the light and dark themes", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: layout.header.currencies }).click();
    const currencies = page.getByRole("dialog", { name: layout.header.currencies });
    await expect(currencies.locator("[data-currency-group]").first()).toBeVisible();
    await waitForAnimations(currencies);
    await expectAccessibleInBothThemes(page);
  });

  test("the mobile layout with the drawer open in the light and dark themes", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: layout.bottomNav.menu, exact: true }).click();
    await expect(page.getByRole("dialog", { name: layout.drawer.label })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test("the global-search modal with results in the light and dark themes", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/games/providers?global-search=true");
    const search = page.getByRole("dialog");
    await search.getByRole("combobox").fill("dice");
    await expect(search.getByRole("option").first()).toBeVisible();
    await waitForAnimations(search);
    await expectAccessibleInBothThemes(page);
  });

  test("the games-filter modal in the light and dark themes", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/games/providers?games-filter=true");
    await expect(page.getByRole("dialog").getByRole("checkbox").first()).toBeVisible();
    await waitForAnimations(page.getByRole("dialog"));
    await expectAccessibleInBothThemes(page);
  });

  test("the Persian lobby, on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fa/games");
    await expectAccessible(page);
  });

  test("the Persian home page, on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fa");
    await expectAccessible(page);
  });
});
