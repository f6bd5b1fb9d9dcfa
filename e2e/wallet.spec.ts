// Wallet (spec 2.4 wallet and deposit result modals, 3, 4 "Invoice status", 7 "Wallet and payment",
// 9 crypto in mBTC): a card deposit changes the balance on screen without a reload (realtime), a
// crypto deposit shows its QR code and completes when the network confirms, a withdrawal holds the
// money until the player cancels it from the history, and the pages work at 360 px.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { Page } from "@playwright/test";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { auth, depositByCard, payByCardInSheet, realtimeConnected, signedIn } from "./support/payments.ts";

const copy = readCatalogue<typeof walletCatalogue>("en", "wallet");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");

const dialog = (page: Page) => page.getByRole("dialog");
const alerts = (page: Page) => page.locator("[data-alert-viewport]");
const selectedBalance = (page: Page) => page.locator("[data-selected-account] [data-balance]");
const walletTabs = (page: Page) => page.getByRole("navigation", { name: pages.wallet.tabsLabel });

test.describe("wallet", () => {
  test("a card deposit shows the new balance without a reload", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet");
    await expect(selectedBalance(page)).toHaveText(/€0\.00$/);
    await realtimeConnected(page);
    await expectAccessible(page);

    // The page is never loaded again, and the balance is never fetched again: the event carries it.
    await page.evaluate(() => Object.assign(window, { walletPageMarker: true }));
    const accountReads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/wallet/accounts") accountReads.push(request.url());
    });

    await page.locator("[data-wallet-deposit]").click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    await expectAccessible(page);

    // Nothing typed: the amount says so and nothing is sent.
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-field="amount"] [data-field-error]')).toHaveText(copy.amount.required);

    await dialog(page).locator("[data-amount-input]").fill("25");
    await dialog(page).getByLabel(copy.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await dialog(page).getByLabel(copy.fields.cardExpiry).fill("1239");
    await dialog(page).getByLabel(copy.fields.cardCvc).fill("123");
    await dialog(page).getByLabel(copy.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();

    await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();
    await expect(dialog(page).locator("[data-result-sum]")).toHaveText("€25.00");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    await expect(selectedBalance(page)).toHaveText(/€25\.00$/);
    await expect(page.locator('[data-account-row="EUR"] [data-account-balance]')).toHaveText("€25.00");
    // The result sheet was the announcement: no alert repeats it.
    await expect(alerts(page).locator("[data-alert-kind]", { hasText: copy.alerts.depositSuccess.title })).toHaveCount(0);
    expect(await page.evaluate(() => "walletPageMarker" in window)).toBe(true);
    expect(accountReads).toEqual([]);

    // Spec 4: the first deposit fires ftd, which also fires deposit.
    const pixels = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((entry) => entry.event));
    expect(pixels).toEqual(expect.arrayContaining(["pixel_ftd", "pixel_deposit"]));
    expect(pageErrors).toEqual([]);
  });

  test("a crypto deposit shows a QR code and completes when the network confirms", async ({ page, baseURL }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    const added = await page.request.post("/api/wallet/accounts", { headers: auth(player), data: { currency: "BTC" } });
    expect(added.status(), await added.text()).toBe(200);
    const btc = ((await added.json()) as { data: Array<{ id: string; currency: string }> }).data.find((account) => account.currency === "BTC");
    const switched = await page.request.put(`/api/wallet/accounts/${btc?.id ?? ""}/switch`, { headers: auth(player) });
    expect(switched.status()).toBe(200);

    await gotoHydrated(page, "/wallet?wallet=deposit");
    await realtimeConnected(page);
    await dialog(page).locator('[data-method="sandbox.deposit.crypto-btc"]').click();
    // Spec 9: BTC amounts are typed and shown in mBTC.
    await expect(dialog(page).locator('[data-field="amount"] label')).toHaveText(fill(copy.amount.label, { unit: "mBTC" }));
    await dialog(page).locator("[data-preset]").first().click();
    await dialog(page).locator("[data-flow-submit]").click();

    const pending = dialog(page).locator("[data-pending-invoice]");
    await expect(pending.locator("[data-qr-code]")).toBeVisible();
    await expect(pending.locator("[data-crypto-address]")).not.toBeEmpty();
    await expect(pending.locator('[data-invoice-status="1"]')).toBeVisible();
    await expectAccessible(page);

    const invoiceId = await pending.getAttribute("data-pending-invoice");
    const confirmed = await page.request.post(`/api/payment/sandbox/simulate/${invoiceId ?? ""}`, { data: { outcome: "succeeded" } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();
    await expect(dialog(page).locator("[data-result-sum]")).toHaveText(/ mBTC$/);
    await expect(dialog(page).locator("[data-new-balance]")).toContainText("mBTC");
  });

  test("a card that needs 3-D Secure waits for the bank's page, then completes", async ({ page, baseURL }) => {
    test.slow();
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await realtimeConnected(page);
    await payByCardInSheet(page, "30", SANDBOX_TEST_CARDS.threeDSecure);

    const bankLink = dialog(page).getByRole("link", { name: copy.pending.confirm.action });
    await expect(bankLink).toBeVisible();
    const [bankPage] = await Promise.all([page.context().waitForEvent("page"), bankLink.click()]);
    await bankPage.getByRole("button", { name: "Confirm payment" }).click();
    // The bank sends the player back to the site with the deposit-status modal open.
    await bankPage.waitForURL(/[?&]deposit-status=true/);
    // The modal opens once the page has hydrated, which a busy machine may take longer than 5 s for.
    await expect(bankPage.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(bankPage.getByRole("dialog")).toBeVisible();
    await bankPage.close();

    await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();
    await expect(dialog(page).locator("[data-result-sum]")).toHaveText("€30.00");
    await expect(dialog(page).locator("[data-new-balance]")).toContainText("€30.00");
  });

  test("a withdrawal holds the money, and cancelling it from the history gives it back", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    await gotoHydrated(page, "/wallet");
    await expect(selectedBalance(page)).toHaveText(/€50\.00$/);
    await realtimeConnected(page);

    await page.locator("[data-wallet-withdraw]").click();
    await expect(dialog(page).locator("[data-available]")).toHaveText(fill(copy.flow.available, { amount: "€50.00" }));
    await dialog(page).locator('[data-method="sandbox.withdrawal.card"]').click();
    // More than the withdrawable cash is refused before anything is sent.
    await dialog(page).locator("[data-amount-input]").fill("60");
    await dialog(page).getByLabel(copy.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await dialog(page).getByLabel(copy.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-field="amount"] [data-field-error]')).toHaveText(fill(copy.amount.balance, { available: "€50.00" }));

    await dialog(page).locator("[data-amount-input]").fill("20");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-withdrawal-invoice][data-invoice-status="1"]')).toBeVisible();
    await page.keyboard.press("Escape");

    // Held: out of the balance, shown as pending.
    await expect(selectedBalance(page)).toHaveText(/€30\.00$/);
    await expect(page.locator("[data-pending-withdrawal] dd")).toHaveText("€20.00");

    await walletTabs(page).getByRole("link", { name: pages.wallet.tabs.history }).click();
    await page.getByRole("tab", { name: copy.history.tabs.invoices }).click();
    const withdrawal = page.locator('[data-invoice-row][data-invoice-type="2"]');
    await expect(withdrawal).toHaveAttribute("data-invoice-status", "1");
    await expectAccessible(page);
    await withdrawal.locator("[data-decline-withdrawal]").click();
    await page.getByRole("alertdialog").getByRole("button", { name: copy.history.invoices.decline }).click();
    await expect(alerts(page).locator('[data-alert-kind="success"]', { hasText: copy.history.invoices.declined })).toBeVisible();
    await expect(withdrawal).toHaveAttribute("data-invoice-status", "4");

    // The filters narrow the list (desktop panel).
    await page.locator('[data-filter-panel="desktop"] [data-filter="type"]').selectOption("1");
    await expect(page.locator('[data-invoice-row][data-invoice-type="2"]')).toHaveCount(0);
    await expect(page.locator('[data-invoice-row][data-invoice-type="1"]')).toHaveCount(1);

    await walletTabs(page).getByRole("link", { name: pages.wallet.tabs.main }).click();
    await expect(selectedBalance(page)).toHaveText(/€50\.00$/);
    await expect(page.locator("[data-pending-withdrawal] dd")).toHaveText("€0.00");
    expect(pageErrors).toEqual([]);
  });

  test("works on a 360 px phone: no sideways scrolling, mobile filters, accessible", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 760 });
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "15.00");

    for (const path of ["/wallet", "/wallet/history?tab=invoices", "/wallet?wallet=deposit"]) {
      await gotoHydrated(page, path);
      await expect(page.locator("[data-wallet-overview], [data-invoice-list], [data-method-list]").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }

    await gotoHydrated(page, "/wallet/history?tab=invoices");
    const mobile = page.locator('[data-filter-panel="mobile"]');
    await mobile.getByRole("button", { name: copy.history.filters.title }).click();
    await mobile.locator('[data-filter="status"]').selectOption("1");
    await mobile.getByRole("button", { name: copy.history.filters.apply }).click();
    await expect(page).toHaveURL(/status=1/);
    await expect(page.locator("[data-invoice-row]")).toHaveCount(0);
  });

  test("a reached deposit limit empties the methods and points to the limits (13100)", async ({ page, baseURL }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    const limit = await page.request.post("/api/player/limits", { headers: auth(player), data: { definition: 3, period: 1, amount: "20.00", currency: "EUR" } });
    expect(limit.status(), await limit.text()).toBeLessThan(300);
    await depositByCard(page.request, player, "20.00");

    await gotoHydrated(page, "/wallet?wallet=deposit");
    const notice = dialog(page).locator("[data-deposit-limit-reached]");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(copy.flow.limitReached.title);
    await expect(dialog(page).locator("[data-method]")).toHaveCount(0);
    await expectAccessible(page);
    await notice.getByRole("link", { name: copy.flow.limitReached.link }).click();
    await expect(page).toHaveURL(/\/profile\/limits$/);
  });

  test("the messenger wallet offers deposit and withdrawal in one window", async ({ page, baseURL }) => {
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/?tg-wallet=true");
    await expect(dialog(page).getByRole("tab", { name: copy.actions.deposit })).toHaveAttribute("aria-selected", "true");
    await expect(dialog(page).locator('[data-wallet-flow="deposit"] [data-method-list]')).toBeVisible();
    await dialog(page).getByRole("tab", { name: copy.actions.withdraw }).click();
    await expect(dialog(page).locator('[data-wallet-flow="withdrawal"] [data-available]')).toHaveText(fill(copy.flow.available, { amount: "€0.00" }));
    await expectAccessible(page);
  });

  test("the payment country chosen in the wallet decides the methods and is remembered", async ({ page, baseURL }) => {
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    const country = dialog(page).locator("[data-payment-country]");
    await country.selectOption("DE");
    await expect(dialog(page).locator('[data-method="sandbox.deposit.sepa"]')).toBeVisible();
    await country.selectOption("BR");
    await expect(dialog(page).locator("[data-method-list]")).toBeVisible();
    await expect(dialog(page).locator('[data-method="sandbox.deposit.sepa"]')).toHaveCount(0);

    await gotoHydrated(page, "/wallet?wallet=deposit");
    await expect(dialog(page).locator("[data-payment-country]")).toHaveValue("BR");
    await expect(dialog(page).locator("[data-method-list]")).toBeVisible();
    await expect(dialog(page).locator('[data-method="sandbox.deposit.sepa"]')).toHaveCount(0);
  });
});
