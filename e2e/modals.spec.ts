// The generic modal system (spec 2.4): modals opened by the address, their access rules for a
// guest, closing (button, Escape, backdrop, Back, swipe on mobile), focus handling and axe.
import { readFileSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";
import { expect, expectAccessibleInBothThemes, gotoHydrated, test, waitForAnimations, waitForIdle } from "./fixtures.ts";
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";

const modals = JSON.parse(
  readFileSync(new URL("../apps/web/app/locales/en/modals.json", import.meta.url), "utf8"),
) as typeof modalsCatalogue;

const dialog = (page: Page, name: string) => page.locator('[data-overlay-root="modals"]').getByRole("dialog", { name });
// Other parts of the page (drawer, panels) have dialogs of their own; these are the modal layers.
const anyDialog = (page: Page) => page.locator('[data-overlay-root="modals"]').locator('[role="dialog"], [role="alertdialog"]');
/** The header's visible link for a modal (guest actions also live in panels). */
const headerLink = (page: Page, action: string) => page.getByRole("banner").locator(`[data-action="${action}"]:visible`).first();
const search = (page: Page) => new URL(page.url()).search;

/** Waits until the address has settled (modal parameters are removed right after hydration). */
async function expectSearch(page: Page, expected: string) {
  await expect.poll(() => search(page)).toBe(expected);
}

test.describe("modals opened by the address", () => {
  test("?sign-in=true opens the sign-in dialog with its form", async ({ page }) => {
    await gotoHydrated(page, "/?sign-in=true");
    const signIn = dialog(page, modals.titles["sign-in"]);
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("aria-modal", "true");
    await expect(signIn.getByLabel(/password/i).first()).toBeVisible();
    // Focus is on the first field, so typing goes into the form.
    await expect(signIn.locator('input[name="login"]')).toBeFocused();
    await expectSearch(page, "?sign-in=true");
  });

  test("a modal whose content is not built yet says so honestly", async ({ page }) => {
    await gotoHydrated(page, "/?install-app=true");
    const installApp = dialog(page, modals.titles["install-app"]);
    await expect(installApp.getByRole("heading", { name: modals.placeholder.heading })).toBeVisible();
  });

  test("opens under a locale prefix with the locale's title", async ({ page }) => {
    const german = JSON.parse(
      readFileSync(new URL("../apps/web/app/locales/de/modals.json", import.meta.url), "utf8"),
    ) as typeof modalsCatalogue;
    await gotoHydrated(page, "/de?sign-up=true");
    await expect(dialog(page, german.titles["sign-up"])).toBeVisible();
  });

  test("only one modal opens: a second modal parameter is removed", async ({ page }) => {
    await gotoHydrated(page, "/?sign-in=true&sign-up=true");
    await expect(dialog(page, modals.titles["sign-in"])).toBeVisible();
    await expectSearch(page, "?sign-in=true");
    await expect(anyDialog(page)).toHaveCount(1);
  });

  test("opening sign-up through a link replaces sign-in", async ({ page }) => {
    await gotoHydrated(page, "/?sign-in=true");
    await expect(dialog(page, modals.titles["sign-in"])).toBeVisible();
    // The header's sign-up link is behind the open modal (inert), so it is clicked the way a link
    // inside the sign-in modal would be: its href already drops sign-in.
    const signUpLink = headerLink(page, "sign-up");
    await expect(signUpLink).toHaveAttribute("href", "/?sign-up=true");
    await signUpLink.dispatchEvent("click");
    await expect(dialog(page, modals.titles["sign-up"])).toBeVisible();
    await expect(anyDialog(page)).toHaveCount(1);
    await expectSearch(page, "?sign-up=true");
  });

  test("a guest's signed-in-only modals are removed from the address", async ({ page }) => {
    for (const path of ["/?wallet=deposit", "/?change-pass=true", "/?tg-wallet=true"]) {
      await gotoHydrated(page, path);
      await expectSearch(page, "");
      await expect(anyDialog(page)).toHaveCount(0);
    }
  });

  test("unknown values are removed, and other parameters are kept", async ({ page }) => {
    // A flag modal accepts exactly "true"; anything else counts as unknown.
    await gotoHydrated(page, "/?sign-in=banana&campaign=spring");
    await expectSearch(page, "?campaign=spring");
    await expect(anyDialog(page)).toHaveCount(0);
    await gotoHydrated(page, "/?wallet=foo");
    await expectSearch(page, "");
  });

  test("state-tied modals are removed when no flow is under way", async ({ page }) => {
    await gotoHydrated(page, "/?forgot-pass=true");
    await expectSearch(page, "");
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test("the sport route never removes modal parameters", async ({ page }) => {
    for (const path of ["/sport?wallet=deposit", "/de/sport?wallet=foo", "/sport/football?change-pass=true"]) {
      await gotoHydrated(page, path);
      // The modal system acts in the first render's effects; once the page is idle it has.
      await waitForIdle(page);
      expect(page.url()).toContain(path);
      await expect(anyDialog(page)).toHaveCount(0);
    }
  });
});

test.describe("closing and focus", () => {
  test("Escape closes a modal and gives focus back to the link that opened it", async ({ page }) => {
    await gotoHydrated(page, "/");
    const signInLink = headerLink(page, "sign-in");
    await signInLink.click();
    await expect(dialog(page, modals.titles["sign-in"])).toBeVisible();
    await expectSearch(page, "?sign-in=true");
    await page.keyboard.press("Escape");
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");
    await expect(signInLink).toBeFocused();
  });

  test("the browser's Back button closes a modal", async ({ page }) => {
    await gotoHydrated(page, "/");
    await headerLink(page, "sign-up").click();
    await expect(dialog(page, modals.titles["sign-up"])).toBeVisible();
    await page.goBack();
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");
  });

  test("the close button and a click outside close a modal opened by the address", async ({ page }) => {
    await gotoHydrated(page, "/?global-search=true");
    await dialog(page, modals.titles["global-search"]).getByRole("button", { name: modals.dialog.close }).click();
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");

    await gotoHydrated(page, "/?install-app=true");
    await expect(dialog(page, modals.titles["install-app"])).toBeVisible();
    await page.mouse.click(12, 400);
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");
  });

  test("Tab and Shift+Tab stay inside the open dialog and the page behind is inert", async ({ page }) => {
    await gotoHydrated(page, "/?install-app=true");
    const signIn = dialog(page, modals.titles["install-app"]);
    await expect(signIn).toBeFocused();
    const focusInside = () => signIn.evaluate((element) => element.contains(document.activeElement));
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent || document.activeElement?.getAttribute("aria-label"));
    for (let press = 0; press < 5; press++) {
      await page.keyboard.press("Tab");
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside()).toBe(true);
    // From the first control, Shift+Tab wraps to the last one.
    await signIn.getByRole("button", { name: modals.dialog.close }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName()).toBe(modals.placeholder.dismiss);
    await page.keyboard.press("Tab");
    expect(await focusedName()).toBe(modals.dialog.close);
    expect(await page.locator("main").evaluate((main) => main.closest("[inert]") !== null)).toBe(true);
  });

  test("a modal stacks at z-index 1000 and the page does not scroll behind it", async ({ page }) => {
    await gotoHydrated(page, "/?sign-in=true");
    await expect(dialog(page, modals.titles["sign-in"])).toBeVisible();
    const backdrop = page.locator("[data-modal-backdrop]");
    await expect(backdrop).toHaveCSS("z-index", "1000");
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
  });
});

test.describe("accessibility with a modal open", () => {
  test("no serious axe violations in the light and dark themes", async ({ page }) => {
    await gotoHydrated(page, "/?sign-in=true");
    await expect(dialog(page, modals.titles["sign-in"])).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});

test.describe("mobile bottom sheet", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: "no-preference" });

  /**
   * A real touch drag through the browser's input pipeline. The events carry time stamps spread
   * over `durationMs`, so the gesture's speed does not depend on how busy the test machine is.
   */
  async function touchDrag(client: CDPSession, from: { x: number; y: number }, distance: number, durationMs: number) {
    const steps = 6;
    const start = Date.now() / 1000;
    const at = (step: number) => start + (durationMs / 1000) * (step / steps);
    await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }], timestamp: at(0) });
    for (let step = 1; step <= steps; step++) {
      await client.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: from.x, y: from.y + (distance * step) / steps }],
        timestamp: at(step),
      });
    }
    await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: at(steps) });
  }

  async function openSheet(page: Page) {
    await gotoHydrated(page, "/?sign-in=true");
    const sheet = dialog(page, modals.titles["sign-in"]);
    await expect(sheet).toBeVisible();
    // The form arrives in its own chunk: until then the sheet is a short loading state.
    await expect(sheet.locator('input[name="login"]')).toBeVisible();
    // Measured where it comes to rest, not halfway through sliding in.
    await waitForAnimations(sheet);
    const box = await sheet.locator("[data-modal-drag-area]").boundingBox();
    if (!box) throw new Error("the sheet has no drag area");
    return { sheet, start: { x: box.x + box.width / 2, y: box.y + 8 } };
  }

  test("sits at the bottom of the screen, full width", async ({ page }) => {
    const { sheet } = await openSheet(page);
    const box = await sheet.boundingBox();
    expect(box?.width).toBe(360);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
  });

  test("a slow drag beyond 10% of its height closes it", async ({ page }) => {
    const { start } = await openSheet(page);
    const client = await page.context().newCDPSession(page);
    await touchDrag(client, start, 160, 700);
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");
  });

  test("a short slow drag springs back; the same distance as a quick flick closes it", async ({ page }) => {
    const { sheet, start } = await openSheet(page);
    const height = (await sheet.boundingBox())?.height ?? 0;
    const distance = 32;
    // Short of the 10% threshold: only the 300 ms rule can close it.
    expect(distance).toBeLessThan(height * 0.1);
    const client = await page.context().newCDPSession(page);
    await touchDrag(client, start, distance, 700);
    // Springing back is an animation; closing would remove the sheet.
    await waitForAnimations(sheet);
    await expect(sheet).toBeVisible();
    await expectSearch(page, "?sign-in=true");
    await touchDrag(client, start, distance, 120);
    await expect(anyDialog(page)).toHaveCount(0);
    await expectSearch(page, "");
  });
});
