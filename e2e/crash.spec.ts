// Crash in the game page: a guest opens the shared round in demo, bets while it takes bets (the
// FUN balance drops by the stake), cashes out or watches it crash, and the page stays accessible
// in both themes.
import { expect, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";

test.describe("crash", () => {
  test("a guest bets on the shared round in demo and sees it run and crash", async ({ page, pageErrors }) => {
    test.slow();
    await gotoHydrated(page, "/game/playfair-crash");
    await page.locator("[data-play-demo]").click();
    const game = page.locator('[data-original="playfair-crash"]');
    await expect(game).toHaveAttribute("data-original-mode", "demo");
    const balance = page.locator("[data-balance-amount]");
    await expect(balance).toHaveAttribute("data-balance-amount", "1000.00");

    const phase = page.locator("[data-crash-phase]");
    await expect(phase).toHaveAttribute("data-crash-phase", "betting", { timeout: 60_000 });
    await page.getByRole("button", { name: "Bet", exact: true }).click();
    await expect(balance).toHaveAttribute("data-balance-amount", "999.90");
    await expect(page.getByRole("button", { name: "Bet placed" })).toBeDisabled();

    await expect(phase).toHaveAttribute("data-crash-phase", /running|crashed/, { timeout: 30_000 });
    // A round may crash within a second of its start: then there was nothing to cash out.
    const cashedOut = await page
      .getByRole("button", { name: /^Cash out/ })
      .click({ timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    if (cashedOut) await expect(balance).not.toHaveAttribute("data-balance-amount", "999.90");
    await expect(phase).toHaveAttribute("data-crash-phase", "crashed", { timeout: 120_000 });
    await expect(page.locator("[data-crash-multiplier]")).toHaveText(/^\d+\.\d\d×$/);
    await expectAccessibleInBothThemes(page);
    expect(pageErrors).toEqual([]);
  });
});
