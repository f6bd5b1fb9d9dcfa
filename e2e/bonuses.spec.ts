// The player's bonus pages (spec 2.2 /bonuses, /welcome-package; 2.4 confirm bonus, confirm bonus
// unsettled, get code; 4 statuses and their alerts; 8 bonus code 3/4): bonuses an operator gives
// by hand wait for activation, the terms show before the player accepts, an active bonus shows its
// balance and wagering bar, a waiting one can be cancelled, a wrong code is an error alert, and the
// page passes axe in both themes and fits a 360 px phone; a visitor sees the welcome package's steps.
import type { Page } from "@playwright/test";
import type bonusesCatalogue from "../apps/web/app/locales/en/bonuses.json";
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";
import { expect, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { operatorKey } from "./support/operator.ts";
import { registerPlayer, setAccessTokenCookie, type RegisteredPlayer } from "./support/accounts.ts";
import { realtimeConnected } from "./support/payments.ts";

const bonuses = readCatalogue<typeof bonusesCatalogue>("en", "bonuses");
const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");

const dialog = (page: Page) => page.getByRole("dialog");
const alerts = (page: Page) => page.locator("[data-alert-viewport]");
const cards = (page: Page) => page.locator("[data-bonus-card]");

/** A bonus from the seeded templates, given by hand through the operator API: it waits issued. */
async function giveBonus(page: Page, player: RegisteredPlayer, templateCode: string, amount?: string): Promise<string> {
  const operator = { authorization: `Bearer ${await operatorKey()}` };
  const response = await page.request.post("/api/operator/player-bonuses", {
    headers: operator,
    data: { playerId: player.playerId, templateCode, currency: "EUR", ...(amount ? { amount } : {}) },
  });
  expect(response.status(), `manual bonus: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function playerWithBonuses(page: Page, baseURL: string | undefined): Promise<{ player: RegisteredPlayer; noDeposit: string; reload: string }> {
  // The player agrees to receive bonuses in their profile (ADR 034: players who have not get none).
  const player = await registerPlayer(page.request);
  const optedIn = await page.request.put("/api/player/profile", { headers: { authorization: `Bearer ${player.session.accessToken}` }, data: { receiveBonus: true } });
  expect(optedIn.status(), `profile: ${await optedIn.text()}`).toBe(200);
  const noDeposit = await giveBonus(page, player, "no-deposit-10");
  const reload = await giveBonus(page, player, "reload-50", "20.00");
  await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
  return { player, noDeposit, reload };
}

test.describe("bonus pages", () => {
  test("a player activates a bonus after reading its terms, cancels another and is told a code is wrong", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const { noDeposit, reload } = await playerWithBonuses(page, baseURL);
    await gotoHydrated(page, "/bonuses");
    await realtimeConnected(page);

    // Nothing active yet: the empty state says how a bonus becomes active.
    await expect(page.locator("[data-bonus-empty=active]")).toContainText(bonuses.empty.active.title);
    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.issued) }).click();
    await expect(cards(page)).toHaveCount(2);

    // Activation: the terms are on screen before the player accepts.
    await page.locator(`[data-bonus-card="${noDeposit}"] [data-bonus-activate]`).click();
    await expect(dialog(page)).toContainText(modals.titles["confirm-bonus"]);
    const terms = dialog(page).getByRole("region", { name: bonuses.confirm.termsLabel });
    await expect(terms.locator("[data-bonus-term=wagering]")).toContainText("10× the bonus");
    await expect(terms.locator("[data-bonus-term=max-bet]")).toBeVisible();
    await dialog(page).getByRole("button", { name: bonuses.confirm.accept }).click();
    await expect(dialog(page)).toBeHidden();
    // Spec 4: 2-1 activated, worded for a bonus on every game.
    await expect(alerts(page)).toContainText("Bonus activated:", { timeout: 15_000 });
    await expect(alerts(page)).toContainText("for any game", { timeout: 15_000 });

    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.active) }).click();
    const active = page.locator(`[data-bonus-card="${noDeposit}"]`);
    await expect(active.locator("[data-bonus-status]")).toHaveAttribute("data-bonus-status", "active");
    await expect(active.locator("[data-bonus-figure=balance]")).toHaveText("€10.00");
    const bar = active.getByRole("progressbar", { name: bonuses.progress.label });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(bar).toHaveAttribute("aria-valuetext", "€0.00 of €100.00 wagered");

    // Cancelling the waiting one: asked first, then it leaves the list with an error-styled alert (3-3).
    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.issued) }).click();
    await page.locator(`[data-bonus-card="${reload}"] [data-bonus-cancel]`).click();
    await expect(dialog(page)).toContainText(modals.titles["confirm-bonus-unsettled"]);
    await dialog(page).getByRole("button", { name: bonuses.cancel.confirm }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator(`[data-bonus-card="${reload}"]`)).toHaveCount(0);
    await expect(alerts(page)).toContainText("Bonus cancelled:", { timeout: 15_000 });
    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.history) }).click();
    await expect(page.locator(`[data-bonus-card="${reload}"] [data-bonus-status]`)).toHaveAttribute("data-bonus-status", "canceled");

    // Spec 8: an unknown code is an error alert, incorrect.
    await page.locator("[data-bonus-get-code]").click();
    await expect(dialog(page)).toContainText(modals.titles["get-code"]);
    await dialog(page).getByLabel(bonuses.code.label).fill("NO-SUCH-CODE");
    await dialog(page).getByRole("button", { name: bonuses.code.submit }).click();
    await expect(dialog(page).locator("[data-get-code-problem]")).toBeVisible();
    await expect(alerts(page)).toContainText(bonuses.alerts.code.incorrect, { timeout: 15_000 });

    // The refused code's 422 is the answer the page shows; the browser logs it as a failed load.
    expect(pageErrors.filter((error) => !error.includes("status of 422"))).toEqual([]);
  });

  test("the bonuses page passes axe in both themes and fits a 360 px phone", async ({ page, baseURL }) => {
    test.slow();
    await playerWithBonuses(page, baseURL);
    await gotoHydrated(page, "/bonuses");
    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.issued) }).click();
    await expect(cards(page)).toHaveCount(2);
    await expectAccessibleInBothThemes(page);

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(cards(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a visitor sees the welcome package's four steps and is asked to sign up", async ({ page }) => {
    await gotoHydrated(page, "/welcome-package");
    await expect(page.locator("[data-welcome-step]")).toHaveCount(4);
    await expect(page.locator("[data-welcome-guest]")).toContainText(bonuses.package.guest);
    await page.locator("[data-welcome-step='1'] [data-welcome-step-terms]").click();
    await expect(dialog(page)).toContainText(modals.titles["package-bonus"]);
    await expect(dialog(page).locator("[data-bonus-term=wagering]")).toBeVisible();
  });
});
