// Our originals in the game page: a guest plays dice in demo by keyboard and sees the FUN balance
// and the result history move; a player with money plays mines for real (reveal by keyboard, cash
// out) and the header balance follows; the page is accessible in both themes and no original
// scrolls sideways on a 360 px phone.
import { expect, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";
import { depositByCard, signedIn } from "./support/payments.ts";
import type { Page } from "@playwright/test";

async function launchDemo(page: Page, identity: string): Promise<void> {
  await gotoHydrated(page, `/game/${identity}`);
  await page.locator("[data-play-demo]").click();
  await expect(page.locator(`[data-original="${identity}"]`)).toBeVisible();
}

test.describe("originals", () => {
  test("a guest plays a dice round by keyboard in demo: the FUN balance changes and the result joins the history", async ({ page, pageErrors }) => {
    await launchDemo(page, "playfair-dice");
    const balance = page.locator("[data-balance-amount]");
    await expect(balance).toHaveAttribute("data-balance-amount", "1000.00");
    await expect(page.locator("[data-original-balance]")).toHaveAttribute("data-original-balance", "demo");

    // Space plays from the page itself (focus on no control).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Space");
    const chips = page.locator("[data-history-chip]");
    await expect(chips).toHaveCount(1);
    await expect(balance).not.toHaveAttribute("data-balance-amount", "1000.00");
    await expect(page.locator("[data-round-result]")).toHaveAttribute("data-round-result", /win|loss/);
    const roll = await page.locator("[data-dice-roll]").getAttribute("data-dice-roll");
    expect(roll).toMatch(/^\d{1,3}\.\d\d$/);
    await expect(chips.first()).toContainText(roll!);

    // Enter plays again; Space typed in the amount field does not.
    await page.keyboard.press("Enter");
    await expect(chips).toHaveCount(2);
    await page.locator("[data-amount-input]").press("Space");
    await page.waitForTimeout(300);
    await expect(chips).toHaveCount(2);

    // The recall tab lists this demo session's rounds; the fairness tab links the last one to the verifier.
    await page.getByRole("tab", { name: "My last rounds" }).click();
    await expect(page.locator("[data-recall-round]")).toHaveCount(2);
    await page.getByRole("tab", { name: "Provably fair" }).click();
    await expect(page.locator("[data-verify-link]")).toHaveAttribute("href", /\/fairness\?round=[0-9a-f-]{36}$/);
    expect(pageErrors).toEqual([]);
  });

  test("a player plays mines for real: reveals by keyboard, cashes out, and the header balance moves", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    await gotoHydrated(page, "/game/playfair-mines");
    const header = page.locator("[data-header-balance]");
    await expect(header).toContainText("50.00");
    await page.locator("[data-play-real]").click();
    await expect(page.locator('[data-original="playfair-mines"]')).toHaveAttribute("data-original-mode", "real");
    await expect(page.locator("[data-balance-amount]")).toHaveAttribute("data-balance-amount", /^50\.00/);

    await page.locator("[data-mines-count]").selectOption("1");
    await page.locator("[data-amount-input]").fill("1.00");
    const tiles = page.locator("[data-tile]");
    // One mine in 25: a first reveal that hits it ends the round, so a new round is placed and tried again.
    let safe = false;
    for (let attempt = 0; attempt < 5 && !safe; attempt += 1) {
      await page.locator("[data-play-button]").click();
      await expect(page.locator("[data-mines-board]")).toHaveAttribute("data-mines-board", "open");
      await expect(header).not.toContainText("50.00");
      await tiles.nth(attempt).focus();
      await page.keyboard.press("ArrowRight");
      await expect(tiles.nth(attempt + 1)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(tiles.nth(attempt + 1)).not.toHaveAttribute("data-tile-state", "hidden");
      safe = (await tiles.nth(attempt + 1).getAttribute("data-tile-state")) === "gem";
      if (!safe) await expect(page.locator("[data-mines-board]")).toHaveAttribute("data-mines-board", "ended");
    }
    expect(safe).toBe(true);
    await expect(page.locator("[data-mines-current]")).toHaveAttribute("data-mines-current", "1.03");
    const staked = await header.textContent();
    await page.getByRole("button", { name: "Cash out" }).click();
    await expect(page.locator("[data-mines-board]")).toHaveAttribute("data-mines-board", "ended");
    // The whole board is shown at the end: the one mine among 24 gems.
    await expect(page.locator('[data-tile-state="mine-shown"], [data-tile-state="mine"]')).toHaveCount(1);
    await expect(page.locator("[data-round-result]")).toHaveAttribute("data-round-result", "win");
    await expect(header).not.toHaveText(staked ?? "");
    // The cash-out paid 1.03 on a 1.00 stake: the header shows the round's balance after.
    const after = await page.locator("[data-balance-amount]").getAttribute("data-balance-amount");
    await expect(header).toContainText(after!.replace(/0+$/, "").replace(/\.$/, ""));

    await page.getByRole("tab", { name: "My last rounds" }).click();
    await expect(page.locator("[data-recall-round]").first()).toContainText("1.03");
    expect(pageErrors).toEqual([]);
  });

  test("the game page with a round played is accessible in both themes", async ({ page }) => {
    test.slow();
    await launchDemo(page, "playfair-keno");
    await page.locator("[data-keno-autopick]").click();
    await page.locator("[data-play-button]").click();
    await expect(page.locator("[data-history-chip]")).toHaveCount(1);
    await expectAccessibleInBothThemes(page);
  });

  test("no original scrolls sideways on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const identity of ["playfair-dice", "playfair-limbo", "playfair-mines", "playfair-keno", "playfair-plinko"]) {
      await launchDemo(page, identity);
      if (identity === "playfair-keno") await page.locator("[data-keno-autopick]").click();
      await page.locator("[data-play-button]").click();
      if (identity === "playfair-mines") await expect(page.locator("[data-mines-board]")).toHaveAttribute("data-mines-board", "open");
      else await expect(page.locator("[data-history-chip]")).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${identity} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
