// The notification surfaces at the layout widths of the style guide (360 px, 528 px, desktop), light
// and dark, left-to-right and right-to-left (fa): the bell's panel with messages and pushes, the
// contact page and the support page fit the width (nothing scrolls sideways), and are accessible.
// Each width is loaded once and re-themed in place (the page follows the system scheme).
// With REALTIME_SHOTS_DIR set, each state is also saved as a screenshot for a visual review.
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, expectAccessible, gotoHydrated, test, waitForAnimations } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie } from "./support/accounts.ts";

const WIDTHS = [360, 528, 1280] as const;
const shotsDir = process.env.REALTIME_SHOTS_DIR;

const bell = (page: Page) => page.locator('[data-panel-trigger="notification-panel"]');
const panel = (page: Page) => page.locator("#notification-panel");

async function operatorKey(): Promise<string> {
  const file = path.join(process.env.PLAYFAIR_E2E_DATA_DIR ?? "", "operator-key");
  await expect.poll(async () => (await readFile(file, "utf8").catch(() => "")).trim().length, { message: file }).toBeGreaterThan(0);
  return (await readFile(file, "utf8")).trim();
}

async function sendCampaign(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const response = await request.post("/api/operator/campaigns", { headers: { authorization: `Bearer ${await operatorKey()}` }, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the viewport").toBeLessThanOrEqual(0);
}

async function expectInsideViewport(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, selector).not.toBeNull();
  expect(box!.x, `${selector} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, `${selector} ends inside the viewport`).toBeLessThanOrEqual(width + 0.5);
}

/** Opens the page and waits until the full-page preloader has gone (what the player then sees). */
async function open(page: Page, address: string): Promise<void> {
  await gotoHydrated(page, address);
  await expect(page.locator("#site-preloader")).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Re-themes the open page by the emulated system scheme (no stored choice, so the page follows it
 * without a reload): each width is loaded once and seen in both themes.
 */
async function useTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  // Colours ease into the new theme; contrast read halfway is neither theme's.
  await waitForAnimations(page.locator("body"));
}

async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

for (const language of ["en", "fa"] as const) {
  test.describe(`notification surfaces (${language})`, () => {
    const prefix = language === "en" ? "" : `/${language}`;

    test("the bell's panel: messages and pushes", async ({ page, context, baseURL, pageErrors }) => {
      test.slow();
      const player = await registerPlayer(page.request);
      await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
      for (const [index, title] of ["Your weekly cashback is here", "Tournament starts at 20:00", "Reload bonus: 50% up to €200"].entries()) {
        await sendCampaign(page.request, { kind: "message", audience: "player", playerId: player.playerId, title, body: `Details of message ${index + 1}, long enough to wrap onto a second line on a phone.` });
      }
      await sendCampaign(page.request, { kind: "push", audience: "player", playerId: player.playerId, title: "Free spins for the weekend", body: "20 free spins on Book of Gold.", url: "/bonuses" });

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 860 });
        await open(page, `${prefix}/`);
        await expect(page.locator("html")).toHaveAttribute("dir", language === "fa" ? "rtl" : "ltr");
        for (const theme of ["light", "dark"] as const) {
          await useTheme(page, theme);
          await bell(page).click();
          await expect(panel(page)).toBeVisible();
          // A second opening on the same page may keep the tab chosen before: back to the messages.
          if (theme === "dark") await panel(page).getByRole("tab").first().click();
          await expect(panel(page).locator("[data-notification-id]")).toHaveCount(3);
          await expectInsideViewport(page, "#notification-panel");
          await expectNoSidewaysScroll(page);
          await shot(page, `bell-messages-${language}-${theme}-${width}`);
          await panel(page).getByRole("tab").nth(1).click();
          await expect(panel(page).locator('[data-notification-list="pushes"] [data-notification-id]')).toHaveCount(1);
          await expectInsideViewport(page, "#notification-panel");
          await shot(page, `bell-pushes-${language}-${theme}-${width}`);
          if (width === 360) await expectAccessible(page);
          await page.keyboard.press("Escape");
          await expect(panel(page)).toBeHidden();
        }
      }
      expect(pageErrors).toEqual([]);
    });

    for (const route of ["contact", "support"] as const) {
      test(`the ${route} page`, async ({ page, pageErrors }) => {
        test.slow();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await open(page, `${prefix}/${route}`);
          for (const theme of ["light", "dark"] as const) {
            await useTheme(page, theme);
            await expectNoSidewaysScroll(page);
            await shot(page, `${route}-${language}-${theme}-${width}`);
            if (width === 360) await expectAccessible(page);
          }
        }
        expect(pageErrors).toEqual([]);
      });
    }
  });
}
