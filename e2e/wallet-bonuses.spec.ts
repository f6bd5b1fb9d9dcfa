// Bonuses in the wallet (spec 2.4 wallet-bonus-info, 3 Deposit bonus and "Transaction view
// state", 7): the header shows cash and bonus apart and opens the bonus info, the deposit form
// offers the bonuses for the typed amount, and the history lists the bonuses, at 360 px, in both
// themes and right to left. The bonus answers are the contracts' shapes served by the browser's
// route handler, so the views are checked whatever bonuses the server holds.
import type { DepositBonus, PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import type { Page } from "@playwright/test";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { playerBonus } from "../apps/web/app/features/bonus-data/player-bonus-fixture.ts";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { signedIn } from "./support/payments.ts";

const copy = readCatalogue<typeof walletCatalogue>("en", "wallet");
const fa = readCatalogue<typeof walletCatalogue>("fa", "wallet");

const TERMS: BonusTerms = { product: "casino", wageringMultiplier: "5", wageringBase: "bonus", contributions: { default: "100" }, gameIds: [], maxBet: { EUR: "5" }, minMultiplier: "1", activationDays: 7, wageringDays: 30, maxConversionMultiplier: null, excludedCountries: [] };

// The shared player bonus view, as this walk's account holds it: €80 of a €100 bonus left, 5x wagering.
const ACTIVE: PlayerBonus = playerBonus({
  id: "00000000-0000-4000-8000-000000000001",
  amount: "100.00",
  pageIdentity: null,
  terms: TERMS,
  balance: "80.00",
  wagering: { required: "500.00", wagered: "120.00", multiplier: "5" },
  maxConversion: "300.00",
  issuedAt: "2026-03-01T10:00:00Z",
  activatedAt: "2026-03-01T10:00:00Z",
  expiresAt: "2026-03-31T10:00:00Z",
});
const PLAYED: PlayerBonus = { ...ACTIVE, id: "00000000-0000-4000-8000-000000000002", status: 3, result: 2, title: "Weekend reload", convertedAmount: "60.00", balance: "0", issuedAt: "2026-01-01T10:00:00Z", finishedAt: "2026-01-09T10:00:00Z" };

function offer(amount: string | null): DepositBonus {
  const qualifies = amount !== null && Number(amount) >= 20;
  return {
    id: "11111111-1111-4111-8111-111111111111",
    package: { id: "33333333-3333-4333-8333-333333333333", step: 1 },
    code: "welcome-1",
    title: "Welcome bonus",
    description: "",
    percent: "100",
    maxAmount: "200",
    minDeposit: "20",
    bonusAmount: qualifies ? amount : null,
    qualifies,
    triggerConditions: { invoiceAmountItems: [{ currency: "EUR", amountFrom: "20" }], baseCurrencyInvoiceAmountFrom: null },
    terms: TERMS,
    pageIdentity: "welcome",
  };
}

/** The player's EUR account holds €40 cash and €80 bonus; the bonus calls answer with the fixtures above. */
async function withBonusMoney(page: Page): Promise<void> {
  await page.route("**/api/wallet/accounts", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: WalletAccount[] };
    const data = body.data.map((account) => (account.currency === "EUR" ? { ...account, cash: "40.00", bonus: "80.00", balance: "120.00" } : account));
    await route.fulfill({ response, json: { data } });
  });
  await page.route("**/api/game/player-bonuses?*", (route) => {
    const statuses = new URL(route.request().url()).searchParams.get("status") ?? "1,2";
    return route.fulfill({ json: { data: statuses.includes("3") ? [ACTIVE, PLAYED] : [ACTIVE] } });
  });
  await page.route("**/api/game/bonuses?*", (route) => route.fulfill({ json: { data: [offer(new URL(route.request().url()).searchParams.get("amount"))] } }));
  await page.route("**/api/game/bonuses/bonuscodes?*", (route) => route.fulfill({ json: { data: [] } }));
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/wallet-bonuses/${name}.png`, fullPage: false });

test.describe("bonuses in the wallet", () => {
  test("the header shows cash and bonus apart at 360 px, and the bonus opens what bonus money is", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 740 });
    await signedIn(page, baseURL);
    await withBonusMoney(page);
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    await expect(header.locator("[data-header-balance]")).toHaveText("€40.00");
    await expect(header.locator("[data-header-bonus]")).toHaveText("€80.00");
    const headerBox = await header.locator("[data-header-money]").boundingBox();
    expect(headerBox && headerBox.x + headerBox.width).toBeLessThanOrEqual(360);
    await shot(page, "header-360");
    await header.locator("[data-header-bonus]").click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.locator("[data-wallet-bonus-info]")).toBeVisible();
    await expect(sheet.getByRole("progressbar", { name: copy.bonus.progress.label })).toHaveAttribute("aria-valuenow", "24");
    await expect(sheet.locator('[data-bonus-fact="max-bet"]')).toContainText("€5.00");
    await shot(page, "info-360-light");
    await expectAccessibleInBothThemes(page);
    await shot(page, "info-360-dark");
  });

  test("the deposit form offers the bonus for the typed amount, at 528 px", async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width: 528, height: 900 });
    await signedIn(page, baseURL);
    await withBonusMoney(page);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    const sheet = page.getByRole("dialog");
    await sheet.locator('[data-method="sandbox.deposit.card"]').click();
    await sheet.locator("[data-amount-input]").fill("50");
    await expect(sheet.getByRole("radio", { name: /Welcome bonus/ })).toBeChecked();
    await expect(sheet.locator("[data-deposit-bonus-amount]")).toHaveText("+€50.00 bonus");
    await sheet.locator("[data-deposit-bonuses]").scrollIntoViewIfNeeded();
    await shot(page, "deposit-528");
    await expectAccessible(page);
  });

  test("the history's bonuses tab and the wallet bonus info right to left", async ({ page, baseURL }) => {
    test.slow();
    await signedIn(page, baseURL);
    await withBonusMoney(page);
    await gotoHydrated(page, "/wallet/history?tab=bonuses");
    await expect(page.locator("[data-bonus-row]")).toHaveCount(2);
    await expect(page.locator(`[data-bonus-row="${PLAYED.id}"] [data-bonus-result]`)).toHaveText(/€60\.00/);
    await shot(page, "history-desktop");
    await expectAccessible(page);
    await gotoHydrated(page, "/fa/wallet?wallet-bonus-info=true");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("dialog").getByText(fa.bonus.info.playable)).toBeVisible();
    await shot(page, "info-fa-desktop");
    await expectAccessible(page);
  });

  test("the header with cash and bonus keeps to the window at every width, left to right and right to left", async ({ page, baseURL }) => {
    test.slow();
    await signedIn(page, baseURL);
    await withBonusMoney(page);
    for (const prefix of ["", "/fa"]) {
      await gotoHydrated(page, `${prefix}/wallet`);
      // One load per direction: the header's layout follows the window's width as it is resized.
      for (const width of [360, 528, 1024, 1280, 1536, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole("banner").locator("[data-header-bonus]")).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (width === 1280) await shot(page, `header${prefix.replace("/", "-")}-${width}`);
        expect(overflow, `${prefix || "/en"} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
