// Blackjack in the game page: a guest deals in demo by keyboard, sees the dealer's hole card face
// down while the hand is open, stands, and the result joins the history with the hole card shown;
// the table is accessible in both themes and fits a 360 px phone.
import { expect, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

async function launchDemo(page: Page): Promise<void> {
  await gotoHydrated(page, "/game/playfair-blackjack");
  await page.locator("[data-play-demo]").click();
  await expect(page.locator('[data-original="playfair-blackjack"]')).toBeVisible();
}

/** Deals until a hand is open (a blackjack on either side ends the round with the deal); answers how many rounds ended meanwhile. */
async function dealOpenHand(page: Page): Promise<number> {
  const table = page.locator("[data-blackjack-table]");
  for (let ended = 0; ended < 10; ended += 1) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Space");
    // The table still reads "ended" from the round before until the deal answers: the new round has
    // ended only once its chip joined the history.
    const outcome = async () => {
      if ((await table.getAttribute("data-blackjack-table")) === "open") return "open";
      return (await page.locator("[data-history-chip]").count()) === ended + 1 ? "ended" : "dealing";
    };
    await expect.poll(outcome).not.toBe("dealing");
    if ((await outcome()) === "open") return ended;
  }
  throw new Error("ten deals in a row ended at once");
}

test.describe("blackjack", () => {
  test("a guest deals by keyboard, sees the hole card face down, stands, and the round joins the history", async ({ page, pageErrors }) => {
    await launchDemo(page);
    const ended = await dealOpenHand(page);
    await expect(page.locator('[data-card="down"]')).toHaveCount(1);
    await expect(page.locator("[data-balance-amount]")).not.toHaveAttribute("data-balance-amount", "1000.00");
    await expect(page.locator('[data-blackjack-action="stand"]')).toBeEnabled();
    await expectAccessibleInBothThemes(page);

    await page.locator('[data-blackjack-action="stand"]').click();
    await expect(page.locator("[data-blackjack-table]")).toHaveAttribute("data-blackjack-table", "ended");
    await expect(page.locator('[data-card="down"]')).toHaveCount(0);
    await expect(page.locator("[data-hand-result]").first()).toHaveAttribute("data-hand-result", /win|push|lose/);
    await expect(page.locator("[data-history-chip]")).toHaveCount(ended + 1);
    await page.getByRole("tab", { name: "My last rounds" }).click();
    await expect(page.locator("[data-recall-round]").first()).toContainText("Stand");
    expect(pageErrors).toEqual([]);
  });

  test("the open table fits a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await launchDemo(page);
    await dealOpenHand(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
