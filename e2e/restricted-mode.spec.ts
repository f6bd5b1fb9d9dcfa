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
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import type gamesCatalogue from "../apps/web/app/locales/en/games.json";
import { expect, expectAccessible, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, solveCaptcha, type RegisteredPlayer } from "./support/accounts.ts";
import { operatorKey } from "./support/operator.ts";

const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");
const layout = readCatalogue<typeof layoutCatalogue>("en", "layout");
const limits = readCatalogue<typeof limitsCatalogue>("en", "limits");
const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");
const games = readCatalogue<typeof gamesCatalogue>("en", "games");

const dialog = (page: Page) => page.getByRole("dialog");
const CARD = { cardNumber: "4111111111111111", cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" };

/** A registered player holding 50 EUR (no page opened yet). */
async function playerWithDeposit(page: Page): Promise<RegisteredPlayer> {
  const player = await registerPlayer(page.request);
  const deposit = await page.request.post("/api/payment/invoices/deposit", {
    headers: { authorization: `Bearer ${player.session.accessToken}`, "idempotency-key": `restricted-e2e-${player.playerId}` },
    data: { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  return player;
}

/** A signed-in player holding 50 EUR, on the limits page. */
async function playerWithBalance(page: Page, baseURL: string | undefined): Promise<RegisteredPlayer> {
  const player = await playerWithDeposit(page);
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

test("a self-excluded player signs in to restricted mode: told until when, sees the history, and deposits, play and bonuses stay closed", async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  // No page is open yet: an open page would sign itself out when the exclusion ends its session.
  const player = await playerWithDeposit(page);
  const excluded = await page.request.post("/api/player/limits", {
    headers: { authorization: `Bearer ${player.session.accessToken}` },
    data: { definition: 4, months: 6 },
  });
  expect(excluded.status(), await excluded.text()).toBe(201);
  // The exclusion ended every session: signing in again gives the restricted one.
  const signedIn = await page.request.post("/api/player/sessions", { data: { login: player.email, password: player.password, captcha: await solveCaptcha(page.request) } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  await setAccessTokenCookie(page.context(), baseURL ?? "", accessToken);

  await gotoHydrated(page, "/wallet/history?tab=invoices");
  const banner = page.locator("[data-restricted-mode=selfExcluded]");
  await expect(banner).toContainText("Your self-exclusion ends on");
  // The history is open: the deposit made before the exclusion is there.
  await expect(page.locator('[data-invoice-row][data-invoice-type="1"]')).toHaveCount(1);
  await expect(page.locator("[data-invoice-row]").first()).toContainText(wallet.history.status.success);
  await expectAccessible(page);

  // Deposits are closed; play for real money is refused and says why.
  await gotoHydrated(page, "/?wallet=deposit");
  await expect(dialog(page).locator("[data-wallet-restricted]")).toContainText("Your self-exclusion ends on");
  await expect(dialog(page).locator("[data-method-list]")).toHaveCount(0);
  await gotoHydrated(page, "/game/playfair-dice");
  await page.locator("[data-play-real]").click();
  await expect(dialog(page).locator("[data-game-limit-reached]")).toHaveAttribute("data-game-limit-reached", "selfExcluded");
  await expect(dialog(page)).toContainText(games.limitReached.selfExcluded);

  // Bonuses are closed: entering a code is refused for the exclusion, not for the code.
  const code = await page.request.post("/api/game/bonuses/bonuscodes", { headers: { authorization: `Bearer ${accessToken}` }, data: { bonusCode: "WELCOME", trigger: 1 } });
  expect(code.status()).toBe(403);
  expect(((await code.json()) as { code: string }).code).toBe("RESTRICTED_MODE");
});

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

  test("shows what the operator added for the player's country, before the international help", async ({ page, baseURL }) => {
    const operator = { authorization: `Bearer ${await operatorKey()}` };
    const added = await page.request.post("/api/operator/help-organisations", {
      headers: operator,
      data: { country: "IS", name: "Spilavandi hjálparlína", phone: "+354 000 0000", url: "https://help.example.is", sortOrder: 0 },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { data: organisation } = (await added.json()) as { data: { id: string } };
    const player = await registerPlayer(page.request, { country: "IS" });
    await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/static/responsible-gaming");
    const help = page.locator("[data-help-organisations]");
    await expect(help.locator("[data-help-organisation=IS]")).toContainText("Spilavandi hjálparlína");
    await expect(help.locator("[data-help-organisation=IS]")).toContainText("+354 000 0000");

    // After the player's own country's help, the international organisations.
    await expect(help.locator("[data-help-organisation]").last()).toHaveAttribute("data-help-organisation", "INT");
    await expectAccessible(page);
    const removed = await page.request.delete(`/api/operator/help-organisations/${organisation.id}`, { headers: operator });
    expect(removed.status()).toBe(204);
  });

  test("shows a guest from an unknown country the international organisations", async ({ page }) => {
    await gotoHydrated(page, "/static/responsible-gaming");
    const help = page.locator("[data-help-organisations]");
    await expect(help.locator("[data-help-organisation=INT]")).toHaveCount(2);
    await expect(help.getByRole("link", { name: fill(pages.responsibleGaming.website, { host: "www.gamblingtherapy.org" }) })).toHaveAttribute("href", "https://www.gamblingtherapy.org");
  });
});
