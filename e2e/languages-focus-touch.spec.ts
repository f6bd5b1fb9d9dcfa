// Languages, keyboard focus and touch, words and states: only fully translated languages are
// offered, an incomplete language's address shows English and says so; dialogs put the keyboard
// where typing goes and give it back; on a phone every target is thumb-sized, a result is
// announced once and alerts leave the header usable; pages agree about the live chat; the e-mail
// confirmation link says what happened, also the second time; history amounts line up.
import { COMPLETE_LOCALES } from "@playfair/contracts/constants";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { Locator, Page } from "@playwright/test";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type layoutCatalogue from "../apps/web/app/locales/en/layout.json";
import type notificationsCatalogue from "../apps/web/app/locales/en/notifications.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, waitForMailboxMessage } from "./support/accounts.ts";
import { auth, depositByCard, realtimeConnected, setDailyDepositLimit, signedIn } from "./support/payments.ts";

const layout = readCatalogue<typeof layoutCatalogue>("en", "layout");
const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");
const notifications = readCatalogue<typeof notificationsCatalogue>("en", "notifications");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");
const germanWallet = readCatalogue<typeof walletCatalogue>("de", "wallet");

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const dialog = (page: Page) => page.getByRole("dialog");

async function optionValues(switcher: Locator): Promise<string[]> {
  return switcher.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
}

/** Records every alert card that appears from now on, so a short-lived one is not missed. */
async function recordAlerts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenAlerts: string[] }).seenAlerts = seen;
    const known = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const card of document.querySelectorAll("[data-alert-kind]")) {
        if (known.has(card)) continue;
        known.add(card);
        seen.push(card.textContent ?? "");
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenAlerts: string[] }).seenAlerts);
}

/** Every button and link inside `scope` that is on screen, with its drawn height. */
async function targetHeights(scope: Locator): Promise<{ name: string; height: number }[]> {
  return scope.locator("button, a[href], select, input:not([type=hidden])").evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({
        name: (element.getAttribute("aria-label") ?? element.textContent ?? element.tagName).trim().slice(0, 40),
        height: Math.round(element.getBoundingClientRect().height),
      })),
  );
}

test.describe("languages", () => {
  test("the footer switcher offers exactly the fully translated languages", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/de/games");
    const switcher = page.locator("[data-site-footer] [data-language-switcher]");
    await expect(switcher).toHaveValue("de");
    expect(await optionValues(switcher)).toEqual([...COMPLETE_LOCALES]);
  });

  test("on a phone the menu offers the same languages and switches the page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, "/bonuses");
    await page.getByRole("navigation", { name: layout.bottomNav.label }).getByRole("button", { name: layout.bottomNav.menu }).click();
    const drawer = page.getByRole("dialog", { name: layout.drawer.label });
    const switcher = drawer.locator("[data-language-switcher]");
    await expect(switcher).toBeVisible();
    expect(await optionValues(switcher)).toEqual([...COMPLETE_LOCALES]);
    await expectAccessible(page);
    await switcher.selectOption("tr");
    await expect(page).toHaveURL(/\/tr\/bonuses$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  });

  test("an incomplete language's address shows the English page and declares it English", async ({ page, request, baseURL }) => {
    const origin = baseURL!.replace(/\/$/, "");
    const response = await request.get("/fr/games");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).not.toContain('hreflang="fr"');
    expect(html).toContain(`<link rel="canonical" href="${origin}/games"/>`);

    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/fr/games");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.locator('[data-site-header] [data-nav-item="casino"]')).toHaveText(layout.nav.casino);
    // Its links lead to the English pages, and the switcher shows what is served.
    await expect(page.locator('[data-site-header] [data-nav-item="casino"]')).toHaveAttribute("href", "/games");
    await expect(page.locator("[data-site-footer] [data-language-switcher]")).toHaveValue("en");
  });
});

test.describe("keyboard focus", () => {
  test("a dialog focuses its first field, gives focus back to its opener, and after signing in focus is on the page", async ({ page, pageErrors }) => {
    test.slow();
    const player = await registerPlayer(page.request);
    await page.context().clearCookies();
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/games");
    const signInLink = page.getByRole("banner").getByRole("link", { name: layout.header.signIn });
    await signInLink.focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).locator('input[name="login"]')).toBeFocused();
    // Typing goes into the field at once.
    await page.keyboard.type("typed");
    await expect(dialog(page).locator('input[name="login"]')).toHaveValue("typed");

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(signInLink).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog(page).locator('input[name="login"]')).toBeFocused();
    await dialog(page).locator('input[name="login"]').fill(player.email);
    await dialog(page).locator('input[name="password"]').fill(player.password);
    await expect(dialog(page).locator('[data-captcha="altcha"]')).toHaveAttribute("data-state", "verified", { timeout: 30_000 });
    await dialog(page).getByRole("button", { name: accounts.signIn.submit }).click();
    await expect(page.locator("[data-signed-in-player]")).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator("main#main")).toBeFocused();
    expect(pageErrors).toEqual([]);
  });
});

test.describe("touch targets and announcements on a phone", () => {
  test("the deposit result sheet has 44 px targets and is the only announcement of the result", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await realtimeConnected(page);
    const seenAlerts = await recordAlerts(page);
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    await dialog(page).locator("[data-amount-input]").fill("25");
    await dialog(page).getByLabel(wallet.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await dialog(page).getByLabel(wallet.fields.cardExpiry).fill("1239");
    await dialog(page).getByLabel(wallet.fields.cardCvc).fill("123");
    await dialog(page).getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();

    expect((await targetHeights(dialog(page))).filter((target) => target.height < 44)).toEqual([]);
    await expectAccessible(page);

    // The balance arrives by the realtime update published with the invoice's: by then its alert would have shown.
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-site-header] [data-header-balance]")).toContainText("25.00");
    expect(await seenAlerts()).toEqual([]);
  });

  test("a declined deposit's and a withdrawal's result screens have 44 px targets and announce nothing else", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await realtimeConnected(page);
    const seenAlerts = await recordAlerts(page);
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    await dialog(page).locator("[data-amount-input]").fill("25");
    await dialog(page).getByLabel(wallet.fields.cardNumber).fill(SANDBOX_TEST_CARDS.decline);
    await dialog(page).getByLabel(wallet.fields.cardExpiry).fill("1239");
    await dialog(page).getByLabel(wallet.fields.cardCvc).fill("123");
    await dialog(page).getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-deposit-result="3"]')).toBeVisible();
    expect((await targetHeights(dialog(page))).filter((target) => target.height < 44)).toEqual([]);
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    // The same page (the recorder goes on): the wallet's own withdraw button.
    await page.locator("[data-wallet-withdraw]").click();
    await dialog(page).locator('[data-method="sandbox.withdrawal.card"]').click();
    await dialog(page).locator("[data-amount-input]").fill("20");
    await dialog(page).getByLabel(wallet.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await dialog(page).getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-withdrawal-invoice][data-invoice-status="1"]')).toBeVisible();
    expect((await targetHeights(dialog(page))).filter((target) => target.height < 44)).toEqual([]);
    await expectAccessible(page);
    // The held amount has left the header's balance by the realtime update: its alert would have shown by then.
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-site-header] [data-header-balance]")).toContainText("30.00");
    expect(await seenAlerts()).toEqual([]);
  });

  test("a result that arrives with no sheet open is an alert below the header, with 44 px targets", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const player = await signedIn(page, baseURL);
    await gotoHydrated(page, "/profile/info");
    await realtimeConnected(page);
    await depositByCard(page.request, player, "30.00");
    const card = page.locator('[data-alert-kind="success"]', { hasText: wallet.alerts.depositSuccess.title });
    await expect(card).toBeVisible();

    const header = await page.locator("[data-site-header]").boundingBox();
    const box = await card.boundingBox();
    expect(header && box).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect((await targetHeights(card)).filter((target) => target.height < 44)).toEqual([]);
    // The header's controls stay usable while the alert is up.
    await page.locator("[data-site-header] [data-header-deposit]").click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("words and states", () => {
  test("the contact page and the support page say the same about live chat", async ({ page }) => {
    await gotoHydrated(page, "/support");
    // The test server runs no chat widget.
    await expect(page.locator("#live-chat").locator("..")).toContainText(pages.support.chatUnavailable);
    await gotoHydrated(page, "/contact");
    await expect(page.getByRole("complementary", { name: notifications.contact.elsewhere })).toContainText(notifications.contact.supportTextNoChat);
    await expect(page.locator("main")).not.toContainText("day and night");
    await expectAccessible(page);
  });

  test("the confirmation link shows a success picture, and opened again says the address is already confirmed", async ({ page, request }) => {
    const player = await registerPlayer(request);
    const message = await waitForMailboxMessage(request, player.email, (candidate) => candidate.links.some((link) => link.includes("/verify/")));
    const link = new URL(message.links.find((candidate) => candidate.includes("/verify/")) ?? "");
    await gotoHydrated(page, link.pathname);
    await expect(page.locator('[data-verify-outcome="confirmed"]')).toBeVisible();
    await expect(page.getByRole("heading", { name: accounts.verifyPage.successTitle })).toBeVisible();
    await expect(page.locator("[data-auth-art]")).toHaveAttribute("data-auth-art", "success");
    await expectAccessible(page);

    await gotoHydrated(page, link.pathname);
    await expect(page.locator('[data-verify-outcome="alreadyConfirmed"]')).toBeVisible();
    await expect(page.getByRole("heading", { name: accounts.verifyPage.alreadyTitle })).toBeVisible();
    await expect(page.locator("[data-auth-art]")).toHaveAttribute("data-auth-art", "success");
    await expect(page.locator("main")).not.toContainText(accounts.verifyPage.failedTitle);
  });

  test("the Updates tab lists the player's recent payments, limits and sign-ins, and no 'online' figure", async ({ page, baseURL }) => {
    // Signs up, deposits, sets a limit and scans the open panel: more than the default allowance on a busy machine.
    test.slow();
    await page.setViewportSize(DESKTOP);
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "25.00");
    await setDailyDepositLimit(page.request, player, "180");
    await gotoHydrated(page, "/games");
    await realtimeConnected(page);
    await page.locator('[data-panel-trigger="notification-panel"]').click();
    const panel = page.locator("[data-notification-panel]");
    await expect(panel).toBeVisible();
    await expect(page.locator("[data-online-count]")).toHaveCount(0);
    await expect(panel).not.toContainText(/online/i);

    await panel.getByRole("tab", { name: notifications.panel.pushes }).click();
    const activity = panel.locator("[data-account-activity]");
    await expect(activity.getByRole("heading", { name: notifications.activity.title })).toBeVisible();
    await expect(activity.locator('[data-account-event="payment"]')).toContainText(fill(notifications.activity.deposit.success, { sum: "€25.00" }));
    await expect(activity.locator('[data-account-event="limit"]')).toContainText(notifications.activity.limits.deposit);
    await expect(activity.locator('[data-account-event="signIn"]')).toContainText(notifications.activity.signInHere);
    // With account events to show, the tab does not claim there are no updates.
    await expect(panel.locator('[data-notifications-empty="pushes"]')).toHaveCount(0);
    await expectAccessible(page);

    // A payment made while the panel is open shows up in it, no reopening needed.
    await depositByCard(page.request, player, "40.00");
    await expect(activity.locator('[data-account-event="payment"]').first()).toContainText(fill(notifications.activity.deposit.success, { sum: "€40.00" }));
    await expect(panel).toBeVisible();
  });

  test("on a German phone, history amounts line up however the labels wrap, crypto amounts too", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 780 });
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "1234.56");
    await depositByCard(page.request, player, "15.00", SANDBOX_TEST_CARDS.threeDSecure);
    const withdrawal = await page.request.post("/api/payment/invoices/withdrawal", {
      headers: auth(player),
      data: { amount: "20.00", currency: "EUR", methodCode: "sandbox.withdrawal.card", fields: { cardNumber: SANDBOX_TEST_CARDS.success, playerName: "Ada Lovelace" } },
    });
    expect(withdrawal.status()).toBe(201);
    // A crypto deposit waiting for the network: its amount is the longest, in mBTC.
    const added = await page.request.post("/api/wallet/accounts", { headers: auth(player), data: { currency: "BTC" } });
    expect(added.status(), await added.text()).toBe(200);
    const crypto = await page.request.post("/api/payment/invoices/deposit", {
      headers: auth(player),
      data: { amount: "0.01234567", currency: "BTC", methodCode: "sandbox.deposit.crypto-btc", fields: {} },
    });
    expect(crypto.status(), await crypto.text()).toBe(201);

    await gotoHydrated(page, "/de/wallet/history?tab=invoices");
    const rows = page.locator("[data-invoice-row]");
    await expect(rows).toHaveCount(4);
    await expect(rows.first().locator("[data-invoice-amount]")).toContainText("mBTC");
    await expect(rows.nth(1)).toContainText(germanWallet.history.invoices.withdrawal);
    const geometry = await rows.evaluateAll((elements) =>
      elements.map((row) => {
        const amount = row.querySelector("[data-invoice-amount]")!.getBoundingClientRect();
        const label = row.querySelector("p")!.getBoundingClientRect();
        return { amountEnd: Math.round(amount.right), amountTop: Math.round(amount.top), labelTop: Math.round(label.top), rowEnd: Math.round(row.getBoundingClientRect().right) };
      }),
    );
    // Every amount ends at the same edge, on the first line of its row.
    expect(new Set(geometry.map((row) => row.amountEnd)).size).toBe(1);
    for (const row of geometry) {
      expect(Math.abs(row.amountTop - row.labelTop)).toBeLessThanOrEqual(4);
      expect(row.amountEnd).toBeLessThanOrEqual(row.rowEnd);
      // Each row fits the phone's width: nothing in it scrolls sideways.
      expect(row.rowEnd).toBeLessThanOrEqual(360);
    }
    await expectAccessible(page);
  });
});
