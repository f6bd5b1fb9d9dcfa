// Pending money the player can see and end: a cancelled withdrawal is its own outcome (one
// confirmation, status "Cancelled", never "Failed"); a pending deposit can be cancelled and stops
// counting against the deposit limit; the deposit sheet offers only what the limit leaves room for;
// the balance and a way to deposit are one tap away on a phone.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { Page } from "@playwright/test";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { auth, depositByCard, realtimeConnected, signedIn } from "./support/payments.ts";

const copy = readCatalogue<typeof walletCatalogue>("en", "wallet");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");

const selectedBalance = (page: Page) => page.locator("[data-selected-account] [data-balance]");
const walletTabs = (page: Page) => page.getByRole("navigation", { name: pages.wallet.tabsLabel });

/** Records every alert card that appears from now on, so a short-lived one is not missed. */
async function recordAlerts(page: Page): Promise<() => Promise<{ kind: string; text: string }[]>> {
  await page.evaluate(() => {
    const seen: { kind: string; text: string }[] = [];
    (window as unknown as { seenAlerts: typeof seen }).seenAlerts = seen;
    const known = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const card of document.querySelectorAll("[data-alert-kind]")) {
        if (known.has(card)) continue;
        known.add(card);
        seen.push({ kind: card.getAttribute("data-alert-kind") ?? "", text: card.textContent ?? "" });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenAlerts: { kind: string; text: string }[] }).seenAlerts);
}

test.describe("cancelled withdrawals", () => {
  test("cancelling a withdrawal confirms it once and shows it as cancelled, not failed", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    const requested = await page.request.post("/api/payment/invoices/withdrawal", {
      headers: auth(player),
      data: { amount: "20.00", currency: "EUR", methodCode: "sandbox.withdrawal.card", fields: { cardNumber: SANDBOX_TEST_CARDS.success, playerName: "Ada Lovelace" } },
    });
    expect(requested.status()).toBe(201);

    await gotoHydrated(page, "/wallet/history?tab=invoices");
    await realtimeConnected(page);
    const withdrawal = page.locator('[data-invoice-row][data-invoice-type="2"]');
    await expect(withdrawal).toHaveAttribute("data-invoice-status", "1");
    const seenAlerts = await recordAlerts(page);
    await withdrawal.locator("[data-decline-withdrawal]").click();
    await page.getByRole("alertdialog").getByRole("button", { name: copy.history.invoices.decline }).click();

    await expect(withdrawal).toHaveAttribute("data-invoice-status", "4");
    await expect(withdrawal).toContainText(copy.history.status.cancelled);
    await expect(withdrawal).not.toContainText(copy.history.status.failed);
    const amount = withdrawal.locator("[dir=ltr]").first();
    expect(await amount.evaluate((element) => getComputedStyle(element.parentElement!).textDecorationLine)).not.toContain("line-through");
    await expectAccessible(page);

    // The balance comes back by the realtime account update, published with the invoice's: once
    // it is on screen, every alert the cancellation causes has been shown.
    await walletTabs(page).getByRole("link", { name: pages.wallet.tabs.main }).click();
    await expect(selectedBalance(page)).toHaveText(/€50\.00$/);
    const shown = await seenAlerts();
    expect(shown.map((alert) => alert.kind)).toEqual(["success"]);
    expect(shown[0]?.text).toContain(copy.history.invoices.declined);
    expect(shown.some((alert) => alert.text.includes(copy.alerts.contactSupport))).toBe(false);

    // The status filter knows the new status.
    await gotoHydrated(page, "/wallet/history?tab=invoices&status=4");
    await expect(page.locator("[data-invoice-row]")).toHaveCount(1);
    await gotoHydrated(page, "/wallet/history?tab=invoices&status=3");
    await expect(page.locator("[data-invoice-row]")).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});
