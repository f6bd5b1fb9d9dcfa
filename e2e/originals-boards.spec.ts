// European roulette and the Starfall slot as a guest plays them in demo: a chip placed from the
// keyboard, a spin, the server's result and the FUN balance moving with it; accessible in both
// themes and without sideways scrolling on a 360 px phone. (Playwright's reduced motion makes
// the wheel and reels show their result at once.)
import type { Page } from "@playwright/test";
import type englishRoulette from "../apps/web/app/locales/en/roulette.json";
import type englishSlot from "../apps/web/app/locales/en/slot.json";
import { expect, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";

const roulette = readCatalogue<typeof englishRoulette>("en", "roulette");
const slot = readCatalogue<typeof englishSlot>("en", "slot");

const cents = (amount: string) => BigInt(amount.replace(".", ""));

async function startDemo(page: Page, identity: string) {
  await gotoHydrated(page, `/game/${identity}`);
  await page.locator("[data-play-demo]").click();
  await expect(page.locator("[data-balance-amount]")).toHaveAttribute("data-balance-amount", "1000.00", { timeout: 20_000 });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("roulette and Starfall in demo", () => {
  // Two axe scans of a page holding a drawn wheel and table: on a loaded 2-core machine they alone
  // have taken over 30 s.
  test.describe.configure({ timeout: 150_000 });

  test("a guest places a chip on red from the keyboard, spins and sees the pocket and the FUN balance move", async ({ page, pageErrors }) => {
    await startDemo(page, "playfair-roulette");
    const red = page.getByRole("gridcell", { name: roulette.bet.red, exact: true });
    await red.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("gridcell", { name: /^Red: .+ placed$/ })).toHaveAttribute("aria-selected", "true");
    const total = await page.locator("[data-roulette-total]").getAttribute("data-roulette-total");
    expect(total).toBe("0.50");

    await page.locator("[data-play-button]").click();
    const result = page.locator("[data-roulette-result]");
    await expect(result).not.toHaveAttribute("data-roulette-result", "");
    const pocket = Number(await result.getAttribute("data-roulette-result"));
    const payout = (await page.locator("[data-roulette-payout]").getAttribute("data-roulette-payout")) ?? "";
    // Red pays twice the chip on a red pocket and nothing otherwise: the server's payout says which.
    expect(cents(payout)).toBe([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket) ? 100n : 0n);
    const expected = 100_000n - 50n + cents(payout);
    await expect(page.locator("[data-balance-amount]")).toHaveAttribute("data-balance-amount", `${expected / 100n}.${String(expected % 100n).padStart(2, "0")}`);
    await expect(page.locator("[data-recent-numbers] li").first()).toHaveText(String(pocket));
    await expectAccessibleInBothThemes(page);
    expect(pageErrors).toEqual([]);
  });

  test("a guest spins Starfall once and sees the reels' result and the FUN balance move by it", async ({ page, pageErrors }) => {
    await startDemo(page, "playfair-slot");
    await expect(page.locator("[data-slot-paytable]")).toBeVisible();
    await page.getByRole("button", { name: slot.spin }).click();
    const result = page.locator("[data-slot-result]");
    await expect(result).not.toHaveAttribute("data-slot-result", "");
    const payout = (await result.getAttribute("data-slot-result")) ?? "";
    const expected = 100_000n - 10n + cents(payout);
    await expect(page.locator("[data-balance-amount]")).toHaveAttribute("data-balance-amount", `${expected / 100n}.${String(expected % 100n).padStart(2, "0")}`);
    await expect(page.locator("[data-slot-reels]")).toHaveAttribute("data-slot-reels", "stopped");
    await expect(page.getByRole("img", { name: /^Reel 1: / })).toBeVisible();
    // No autoplay and no turbo: one button, one round.
    await expect(page.getByRole("button", { name: /auto|turbo/i })).toHaveCount(0);
    await page.locator("[data-celebration-close]").click({ timeout: 1_000 }).catch(() => undefined);
    await expectAccessibleInBothThemes(page);
    expect(pageErrors).toEqual([]);
  });

  test("both games fit a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await startDemo(page, "playfair-roulette");
    // A phone gets the table upright: zero on top, the outside bets down the side.
    await expect(page.locator("[data-roulette-table]")).toHaveAttribute("data-roulette-table", "upright");
    await expectNoSidewaysScroll(page);
    await startDemo(page, "playfair-slot");
    await expect(page.locator("[data-slot-reels]")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
