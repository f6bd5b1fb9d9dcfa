// Pending money the player can see and end: a cancelled withdrawal is its own outcome (one
// confirmation, status "Cancelled", never "Failed"); a pending deposit can be cancelled and stops
// counting against the deposit limit; the deposit sheet offers only what the limit leaves room for;
// the balance and a way to deposit are one tap away on a phone.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { Page } from "@playwright/test";
import type limitsCatalogue from "../apps/web/app/locales/en/limits.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { operatorKey } from "./support/operator.ts";
import { auth, depositByCard, payByCardInSheet, realtimeConnected, setDailyDepositLimit, signedIn } from "./support/payments.ts";

const copy = readCatalogue<typeof walletCatalogue>("en", "wallet");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const limits = readCatalogue<typeof limitsCatalogue>("en", "limits");

const dialog = (page: Page) => page.getByRole("dialog");
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
  test("cancelling a withdrawal confirms it once and shows it as cancelled, apart from failed and refused ones", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    const requested = await page.request.post("/api/payment/invoices/withdrawal", {
      headers: auth(player),
      data: { amount: "20.00", currency: "EUR", methodCode: "sandbox.withdrawal.card", fields: { cardNumber: SANDBOX_TEST_CARDS.success, playerName: "Ada Lovelace" } },
    });
    expect(requested.status()).toBe(201);
    const { data: requestedInvoice } = (await requested.json()) as { data: { id: string } };

    await gotoHydrated(page, "/wallet/history?tab=invoices");
    await realtimeConnected(page);
    const withdrawal = page.locator(`[data-invoice-row="${requestedInvoice.id}"]`);
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

    // A withdrawal the operator refuses reads otherwise: not paid out, its amount struck through.
    const second = await page.request.post("/api/payment/invoices/withdrawal", {
      headers: auth(player),
      data: { amount: "10.00", currency: "EUR", methodCode: "sandbox.withdrawal.card", fields: { cardNumber: SANDBOX_TEST_CARDS.success, playerName: "Ada Lovelace" } },
    });
    expect(second.status()).toBe(201);
    const { data: refused } = (await second.json()) as { data: { id: string } };
    const rejected = await page.request.post(`/api/operator/withdrawals/${refused.id}/reject`, { headers: { authorization: `Bearer ${await operatorKey()}` }, data: { note: "The card is not in the player's name" } });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await gotoHydrated(page, "/wallet/history?tab=invoices");
    const refusedRow = page.locator(`[data-invoice-row="${refused.id}"]`);
    await expect(refusedRow).toHaveAttribute("data-invoice-status", "3");
    await expect(refusedRow).toContainText(copy.history.status.failed);
    expect(await refusedRow.locator("[dir=ltr]").first().evaluate((element) => getComputedStyle(element.parentElement!).textDecorationLine)).toContain("line-through");
    await expect(withdrawal).toContainText(copy.history.status.cancelled);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("pending deposits and the deposit limit", () => {
  test("a pending deposit shows as reserved, can be cancelled, and the deposit sheet offers only the room left", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await setDailyDepositLimit(page.request, player, "100.00");
    // A 3-D Secure page closed without confirming: the deposit stays pending.
    const pending = await depositByCard(page.request, player, "80.00", SANDBOX_TEST_CARDS.threeDSecure);
    expect(pending.status).toBe(1);

    await gotoHydrated(page, "/profile/limits");
    const used = page.locator("[data-limit-used]");
    await expect(used).toContainText(fill(limits.row.usedWithReserved, { completed: "€0.00", reserved: "€80.00", amount: "€100.00" }));
    await expect(page.locator("[data-limit-pending-deposits]")).toBeVisible();
    await expectAccessible(page);

    // The deposit sheet says how much room is left and suggests nothing above it.
    await gotoHydrated(page, "/wallet?wallet=deposit");
    // The methods load on first use; a busy machine takes a while.
    await expect(dialog(page).locator("[data-deposit-room]")).toHaveAttribute("data-deposit-room", "20.00", { timeout: 15_000 });
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    const presets = dialog(page).locator("[data-preset]");
    await expect(presets.last()).toHaveAttribute("data-preset", "20.00");
    for (const preset of await presets.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-preset") ?? ""))) {
      expect(Number(preset)).toBeLessThanOrEqual(20);
    }
    await page.keyboard.press("Escape");

    // The history row of the pending deposit opens the cancel-deposit modal.
    await gotoHydrated(page, "/wallet/history?tab=invoices");
    await realtimeConnected(page);
    const row = page.locator(`[data-invoice-row="${pending.id}"]`);
    await expect(row).toHaveAttribute("data-invoice-status", "1");
    const seenAlerts = await recordAlerts(page);
    await row.locator("[data-cancel-pending-deposit]").click();
    const modal = dialog(page).locator(`[data-cancel-deposit="${pending.id}"]`);
    await expect(modal).toBeVisible();
    await expect(dialog(page)).toContainText(fill(copy.cancelDeposit.description, { sum: "€80.00" }));
    await expectAccessible(page);
    await modal.locator("[data-cancel-deposit-submit]").click();
    await expect(dialog(page)).toBeHidden();
    await expect(row).toHaveAttribute("data-invoice-status", "4");
    await expect(row).toContainText(copy.history.status.cancelled);
    // The row can turn "Cancelled" by the realtime invoice update before the confirmation's alert
    // card (loaded with the first alert) is on screen.
    await expect(page.locator('[data-alert-kind="success"]')).toBeVisible();
    const shown = await seenAlerts();
    expect(shown.map((alert) => alert.kind)).toEqual(["success"]);
    expect(shown[0]?.text).toContain(copy.cancelDeposit.done);

    await gotoHydrated(page, "/profile/limits");
    await expect(used).toContainText(fill(limits.row.used, { used: "€0.00", amount: "€100.00" }));

    expect(pageErrors).toEqual([]);

    // With no room left the sheet's first screen says so and when it comes back (the methods
    // call answers 403 13100 then, as spec 8 has it).
    await depositByCard(page.request, player, "100.00");
    await gotoHydrated(page, "/wallet?wallet=deposit");
    const notice = dialog(page).locator("[data-deposit-limit-reached]");
    await expect(notice).toBeVisible();
    await expect(notice.locator("[data-deposit-limit-resets] time")).toHaveAttribute("datetime", /T/);
    await expect(dialog(page).locator("[data-method]")).toHaveCount(0);
  });

  test("the 3-D Secure waiting screen cancels its own deposit", async ({ page, baseURL }) => {
    test.slow();
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await payByCardInSheet(page, "30", SANDBOX_TEST_CARDS.threeDSecure);
    await expect(dialog(page).locator("[data-pending-invoice]")).toBeVisible();
    await dialog(page).locator("[data-cancel-pending-deposit]").click();
    await dialog(page).locator("[data-cancel-deposit-submit]").click();
    await expect(dialog(page)).toBeHidden();
    await gotoHydrated(page, "/wallet/history?tab=invoices");
    await expect(page.locator('[data-invoice-row][data-invoice-type="1"]')).toHaveAttribute("data-invoice-status", "4");
  });
});

test.describe("a deposit cancelled on the bank's page", () => {
  test("shows as cancelled in the history, not as failed", async ({ page, baseURL, context }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    const pending = await depositByCard(page.request, player, "25.00", SANDBOX_TEST_CARDS.threeDSecure);
    expect(pending.publicData.confirmUrl).toBeTruthy();
    await gotoHydrated(page, "/wallet/history?tab=invoices");
    await realtimeConnected(page);
    const row = page.locator(`[data-invoice-row="${pending.id}"]`);
    await expect(row).toHaveAttribute("data-invoice-status", "1");

    // The bank's page, in another tab, as a player who changed their mind would leave it.
    const bank = await context.newPage();
    await bank.goto(pending.publicData.confirmUrl!);
    await bank.getByRole("button", { name: "Cancel" }).click();
    await bank.close();

    await expect(row).toHaveAttribute("data-invoice-status", "4");
    await expect(row).toContainText(copy.history.status.cancelled);
    await expect(row).not.toContainText(copy.history.status.failed);
  });
});

test.describe("money one tap away on a phone", () => {
  for (const width of [360, 528]) {
    for (const locale of ["en", "de", "fa"] as const) {
      test(`at ${width} px (${locale}) the header shows the balance and a deposit button without scrolling sideways`, async ({ page, baseURL }) => {
        test.slow();
        await page.setViewportSize({ width, height: 780 });
        const player = await signedIn(page, baseURL);
        await depositByCard(page.request, player, "1234.56");
        await gotoHydrated(page, locale === "en" ? "/" : `/${locale}`);
        const header = page.locator("[data-site-header]");
        const balance = header.locator("[data-header-balance]");
        await expect(balance).toBeVisible();
        await expect(balance).toContainText({ en: "1,234.56", de: "1.234,56", fa: "۱٬۲۳۴٫۵۶" }[locale]);
        const deposit = header.locator("[data-header-deposit]");
        await expect(deposit).toBeVisible();
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
          // Every control of the header stays inside it and the balance is shown whole.
          const inside = await header.evaluate((element) => {
            const bounds = element.getBoundingClientRect();
            return [...element.querySelectorAll("a, button")]
              .filter((control) => control.getBoundingClientRect().width > 0)
              .every((control) => {
                const box = control.getBoundingClientRect();
                return box.left >= bounds.left - 0.5 && box.right <= bounds.right + 0.5;
              });
          });
          expect(inside).toBe(true);
          expect(await balance.locator("span").evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
          // A finger 22 px above or below any control's middle still lands on it: 44 px tall taps.
          const shortTaps = await header.evaluate((element) =>
            [...element.querySelectorAll<HTMLElement>("a, button")]
              .filter((control) => control.getBoundingClientRect().width > 0)
              .filter((control) => {
                const box = control.getBoundingClientRect();
                const x = box.left + box.width / 2;
                const middle = box.top + box.height / 2;
                return [middle - 21.5, middle + 21.5].some((y) => document.elementFromPoint(x, y)?.closest("a, button") !== control);
              })
              .map((control) => control.getAttribute("aria-label") ?? control.textContent),
          );
          expect(shortTaps).toEqual([]);
          // The dark theme changes colours only: its scan runs the colour rules over the same markup.
          await expectAccessible(page, colorScheme === "light" ? "all" : "colours");
        }
        await deposit.click();
        await expect(dialog(page).locator('[data-wallet-flow="deposit"]')).toBeVisible();
        await page.keyboard.press("Escape");
        await balance.click();
        await expect(page).toHaveURL(locale === "en" ? /\/wallet$/ : new RegExp(`/${locale}/wallet$`));
      });
    }
  }
});
