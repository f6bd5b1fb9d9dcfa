// Responsible gaming as a player walks it (promises P3, P4; docs/decisions/016-restricted-mode.md): the
// self-exclusion and take-a-break sheets say what they are and what happens, suggesting a withdrawal
// first; a player on a break signs in to restricted mode, is told until when, cannot deposit and can
// withdraw; the responsible-gaming page, reached from the footer, names where to find help.
import type { Page } from "@playwright/test";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import type limitsCatalogue from "../apps/web/app/locales/en/limits.json";
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import { expect, expectAccessible, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, type RegisteredPlayer } from "./support/accounts.ts";

const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");
const layout = readCatalogue<typeof layoutCatalogue>("en", "layout");
const limits = readCatalogue<typeof limitsCatalogue>("en", "limits");
const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");

const dialog = (page: Page) => page.getByRole("dialog");
const CARD = { cardNumber: "4111111111111111", cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" };

/** A signed-in player holding 50 EUR, on the limits page. */
async function playerWithBalance(page: Page, baseURL: string | undefined): Promise<RegisteredPlayer> {
  const player = await registerPlayer(page.request);
  const deposit = await page.request.post("/api/payment/invoices/deposit", {
    headers: { authorization: `Bearer ${player.session.accessToken}`, "idempotency-key": `restricted-e2e-${player.playerId}` },
    data: { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
  await gotoHydrated(page, "/profile/limits");
  return player;
}

test.describe("self-exclusion and take-a-break sheets", () => {
  test("each has its own title, suggests withdrawing the balance first and says exactly what happens", async ({ page, baseURL }) => {
    await playerWithBalance(page, baseURL);
    await page.locator("[data-limit-group=selfExclusion]").getByRole("button", { name: limits.actions.startExclusion }).click();
    await expect(dialog(page).getByRole("heading", { level: 2 })).toHaveText(modals.titles["add-limit-self-exclusion"]);
    await expect(dialog(page)).not.toContainText(modals.titles["add-limit"]);
    await expect(dialog(page).locator("[data-exclusion-withdraw]")).toContainText(fill(limits.exclusion.withdrawFirst, { balance: "€50.00" }));
    const consequences = dialog(page).locator("[data-exclusion-consequences]");
    for (const line of [limits.exclusion.signedOut, limits.exclusion.blocked, limits.exclusion.stillWorks, limits.exclusion.ends, limits.exclusion.irreversible]) {
      await expect(consequences).toContainText(line);
    }
    await expectAccessible(page);

    // The suggestion leads straight to the withdrawal.
    await dialog(page).getByRole("button", { name: limits.exclusion.withdrawButton }).click();
    await expect(dialog(page).getByRole("heading", { level: 2 })).toHaveText(modals.titles["wallet-withdraw"]);
    await expect(dialog(page).locator("[data-wallet-flow=withdrawal]")).toBeVisible();

    await gotoHydrated(page, "/profile/limits");
    await page.locator("[data-limit-group=coolingOff]").getByRole("button", { name: limits.actions.startBreak }).click();
    await expect(dialog(page).getByRole("heading", { level: 2 })).toHaveText(modals.titles["add-limit-cooling-off"]);
    await expect(dialog(page)).toContainText(limits.exclusion.coolingOffIntro);
  });
});

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`a player on a break signs in to restricted mode: told until when, no deposits, withdrawals work (${viewport.name})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const player = await playerWithBalance(page, baseURL);
    await page.locator("[data-limit-group=coolingOff]").getByRole("button", { name: limits.actions.startBreak }).click();
    await dialog(page).getByRole("radio", { name: fill(limits.exclusion.days_other, { count: 7 }) }).check();
    await dialog(page).getByRole("checkbox", { name: limits.exclusion.acknowledge }).check();
    await dialog(page).getByRole("button", { name: limits.exclusion.confirmCoolingOff }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toContain("/profile");

    // Signing in again works, and says until when.
    await gotoHydrated(page, "/?sign-in=true");
    await dialog(page).locator('input[name="login"]').fill(player.email);
    await dialog(page).locator('input[name="password"]').fill(player.password);
    await expect(dialog(page).locator('[data-captcha="altcha"]')).toHaveAttribute("data-state", "verified", { timeout: 30_000 });
    await dialog(page).getByRole("button", { name: accounts.signIn.submit }).click();
    const ends = new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    await expect(page.locator("[data-alert-viewport]")).toContainText(fill(accounts.signIn.restricted.coolingOff, { date: ends }));
    const banner = page.locator("[data-restricted-mode=coolingOff]");
    await expect(banner).toContainText("Your break ends on");
    await expect(banner).toContainText("You can still withdraw your balance.");
    await expectAccessible(page);

    // Deposits are closed and say so; the way to withdraw is one tap away.
    await gotoHydrated(page, "/?wallet=deposit");
    await expect(dialog(page).locator("[data-wallet-restricted]")).toContainText("Your break ends on");
    await expect(dialog(page).locator("[data-method-list]")).toHaveCount(0);
    await dialog(page).getByRole("button", { name: limits.restricted.withdraw }).click();
    await expect(dialog(page).locator("[data-wallet-flow=withdrawal]")).toBeVisible();
    await expect(dialog(page).locator("[data-method-list]")).toBeVisible();
    // Still signed in after all of it.
    await expect(page.locator("[data-signed-in-player]").first()).toBeAttached();
  });
}

test.describe("the responsible-gaming page", () => {
  test("is linked from the footer and names help for the player's country, then international help", async ({ page, baseURL }) => {
    const player = await registerPlayer(page.request, { country: "DE" });
    await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/");
    await page.locator("[data-site-footer]").getByRole("link", { name: layout.footer.links.responsibleGaming }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/static/responsible-gaming");
    const help = page.locator("[data-help-organisations]");
    await expect(help.getByRole("heading", { name: pages.responsibleGaming.helpTitle })).toBeVisible();
    await expect(help.locator("[data-help-organisation]").first()).toHaveAttribute("data-help-organisation", "DE");
    await expect(help).toContainText("0800 1 37 27 00");
    await expect(help.locator("[data-help-organisation=INT]").first()).toContainText("Gambling Therapy");
    await expectAccessible(page);
  });

  test("shows a guest from an unknown country the international organisations", async ({ page }) => {
    await gotoHydrated(page, "/static/responsible-gaming");
    const help = page.locator("[data-help-organisations]");
    await expect(help.locator("[data-help-organisation=INT]")).toHaveCount(2);
    await expect(help.getByRole("link", { name: fill(pages.responsibleGaming.website, { host: "www.gamblingtherapy.org" }) })).toHaveAttribute("href", "https://www.gamblingtherapy.org");
  });
});
