import { readFileSync } from "node:fs";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import { expect, expectAccessible, gotoHydrated, test } from "./fixtures.ts";

const layout = JSON.parse(
  readFileSync(new URL("../apps/web/app/locales/en/layout.json", import.meta.url), "utf8"),
) as typeof layoutCatalogue;

// Home, wallet, profile and a content page, in both colour themes (issue 3).
const PAGES = ["/", "/wallet", "/profile/info", "/static/terms"] as const;
const THEMES = ["light", "dark"] as const;

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  for (const path of PAGES) {
    for (const colorScheme of THEMES) {
      test(`${path} in the ${colorScheme} theme`, async ({ page, pageErrors }) => {
        await page.emulateMedia({ colorScheme });
        await gotoHydrated(page, path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        await expectAccessible(page);
        expect(pageErrors).toEqual([]);
      });
    }
  }

  for (const colorScheme of THEMES) {
    test(`the open user panel in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: layout.userPanel.open }).click();
      await expect(page.getByRole("dialog", { name: layout.userPanel.open })).toBeVisible();
      await expectAccessible(page);
    });

    test(`the open currency panel in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: layout.currencyPanel.open }).click();
      const currencies = page.getByRole("dialog", { name: layout.currencyPanel.open });
      await expect(currencies.locator("[data-currency-group]").first()).toBeVisible();
      await expectAccessible(page);
    });

    test(`the mobile layout with the drawer open in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 360, height: 780 });
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: layout.bottomNav.menu, exact: true }).click();
      await expect(page.getByRole("dialog", { name: layout.drawer.label })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("the Persian home page, on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fa");
    await expectAccessible(page);
  });
});
