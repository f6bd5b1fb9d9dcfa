import type { Page } from "@playwright/test";
import { expect, expectRouteName, gotoHydrated, test } from "./fixtures.ts";

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Distance of an element's top from the top of the viewport. */
const topInViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().top));

/** The scroll position once a wheel's smooth scrolling has ended: unchanged over several frames. */
function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let stableFrames = 0;
        const check = () => {
          stableFrames = window.scrollY === last ? stableFrames + 1 : 0;
          last = window.scrollY;
          if (stableFrames >= 5) resolve(Math.round(last));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

test.describe("scroll (spec 2.2)", () => {
  test.use({ viewport: { width: 1280, height: 700 } });

  test("a new page starts at the top; back and forward restore the positions", async ({ page }) => {
    await gotoHydrated(page, "/static/privacy");
    // A link near the end of a long page, followed inside the app.
    const link = page.locator('main a[href="/static/cookie-policy"]').last();
    await link.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(400);
    const positionOnPrivacy = await settledScrollY(page);

    await link.click();
    await expectRouteName(page, "static-pageIdentity");
    await expect(page).toHaveURL(/\/static\/cookie-policy$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.mouse.wheel(0, 250);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    const positionOnCookies = await settledScrollY(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/static\/privacy$/);
    await expect.poll(() => scrollY(page)).toBe(positionOnPrivacy);

    await page.goForward();
    await expect(page).toHaveURL(/\/static\/cookie-policy$/);
    await expect.poll(() => scrollY(page)).toBe(positionOnCookies);
  });

  test("an address with a hash opens at that element", async ({ page }) => {
    await gotoHydrated(page, "/#currencies-title");
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
    const top = await topInViewport(page, "#currencies-title");
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });

  test("same-path navigation with a hash scrolls to that element, and back returns to the top", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect(await scrollY(page)).toBe(0);

    // The router's own navigate(), which a <Link to="/#currencies-title"> click calls.
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      await router.navigate("/#currencies-title");
    });
    await expect(page).toHaveURL(/\/#currencies-title$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
    const top = await topInViewport(page, "#currencies-title");
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});
