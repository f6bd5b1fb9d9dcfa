// Money as a player reads it: amounts in the page language's own format (German "150,00 €"),
// currency symbols whole in right-to-left Persian ("R$", never "$R") with one digit system, crypto
// equivalents in the player's own fiat currency and crypto in one unit per screen (mBTC), the
// add-currency search by name, sign-up suggesting the chosen country's currency, and the card
// form refusing a mistyped number or a past expiry before anything is sent.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { Locator, Page } from "@playwright/test";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type validationsCatalogue from "../apps/web/app/locales/en/validations.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, type RegisteredPlayer } from "./support/accounts.ts";

const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");
const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");
const validations = readCatalogue<typeof validationsCatalogue>("en", "validations");

const dialog = (page: Page) => page.getByRole("dialog");
const headers = (player: RegisteredPlayer) => ({ authorization: `Bearer ${player.session.accessToken}` });

async function signedIn(page: Page, baseURL: string | undefined, overrides: Record<string, unknown> = {}): Promise<RegisteredPlayer> {
  const player = await registerPlayer(page.request, overrides);
  await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
  return player;
}

async function depositByCard(page: Page, player: RegisteredPlayer, amount: string, currency: string): Promise<void> {
  const response = await page.request.post("/api/payment/invoices/deposit", {
    headers: headers(player),
    data: {
      amount,
      currency,
      methodCode: "sandbox.deposit.card",
      fields: { cardNumber: SANDBOX_TEST_CARDS.success, cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" },
    },
  });
  expect(response.status(), `deposit: ${await response.text()}`).toBe(201);
}

async function addAccount(page: Page, player: RegisteredPlayer, currency: string): Promise<void> {
  const added = await page.request.post("/api/wallet/accounts", { headers: headers(player), data: { currency } });
  expect(added.status(), await added.text()).toBe(200);
}

/**
 * Where each character of `text` is drawn inside `container`, left to right on screen: the
 * x positions of its first and last characters, so "R$" drawn as "$R" is told apart.
 */
async function drawnEdges(container: Locator, text: string): Promise<{ first: number; last: number }> {
  return container.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const index = node.textContent?.indexOf(wanted) ?? -1;
      if (index === -1) continue;
      const at = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: at(index), last: at(index + wanted.length - 1) };
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, text);
}

/**
 * The texts on screen written with Latin digits: on a Persian page, none should be, header, page
 * and footer alike (the player's own nickname is theirs to write).
 */
async function latinDigitsOnScreen(page: Page): Promise<string[]> {
  return page.locator("body").evaluate((body) => {
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (/[0-9]/.test(text) && !node.parentElement?.closest("[data-signed-in-player], script, style")) found.push(text.trim());
    }
    return found;
  });
}

test.describe("money formatting", () => {
  test("a German page writes amounts the German way: 150,00 €", async ({ page, baseURL }) => {
    const player = await signedIn(page, baseURL);
    await depositByCard(page, player, "150", "EUR");
    await gotoHydrated(page, "/de/wallet");
    await expect(page.locator("[data-selected-account] [data-balance]")).toContainText("150,00\u00a0€");
    await expect(page.locator('[data-account-row="EUR"] [data-account-balance]')).toHaveText("150,00\u00a0€");
    await gotoHydrated(page, "/wallet");
    await expect(page.locator('[data-account-row="EUR"] [data-account-balance]')).toHaveText("€150.00");
  });

  test("a Persian page keeps R$ whole inside sentences and writes every amount in Persian digits", async ({ page, baseURL }) => {
    test.slow();
    const player = await signedIn(page, baseURL, { country: "BR", currency: "BRL" });
    const limit = await page.request.post("/api/player/limits", { headers: headers(player), data: { definition: 3, period: 1, amount: "500", currency: "BRL" } });
    expect(limit.status(), await limit.text()).toBe(201);
    await depositByCard(page, player, "150", "BRL");

    await gotoHydrated(page, "/fa/profile/limits");
    const used = page.locator("[data-limit-id] p.text-sm").filter({ hasText: "R$" }).first();
    await expect(used).toContainText("R$۱۵۰٫۰۰");
    await expect(used).toContainText("R$۵۰۰٫۰۰");
    const symbol = await drawnEdges(used, "R$");
    expect(symbol.first, "R is drawn left of $").toBeLessThan(symbol.last);
    // The reset time beside it too (written once hydrated): one digit system on the screen.
    await expect(used).not.toHaveText(/[0-9]/);
    expect(await latinDigitsOnScreen(page)).toEqual([]);
    await expectAccessible(page);

    // Typed amounts follow the page's digits too, from a Latin keyboard or a Persian one.
    await gotoHydrated(page, "/fa/wallet?wallet=deposit");
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    const amount = dialog(page).locator("[data-amount-input]");
    await amount.fill("1234.5");
    await expect(amount).toHaveValue("۱٬۲۳۴٫۵");
    await amount.fill("۲۵۰");
    await expect(amount).toHaveValue("۲۵۰");
    await expect(dialog(page).locator("[data-preset]").first()).not.toHaveText(/[0-9]/);

    await gotoHydrated(page, "/fa/wallet");
    const balance = page.locator('[data-account-row="BRL"] [data-account-balance]');
    await expect(balance).toContainText("R$۱۵۰٫۰۰");
    const shown = await drawnEdges(balance, "R$");
    expect(shown.first).toBeLessThan(shown.last);
    // A symbol standing alone (the account's badge) is where "$R" used to appear.
    const badge = await drawnEdges(page.locator('[data-account-row="BRL"] [data-currency-badge="BRL"]'), "R$");
    expect(badge.first, "R is drawn left of $").toBeLessThan(badge.last);
    expect(await latinDigitsOnScreen(page)).toEqual([]);
    await expectAccessible(page);

    // The fiat currencies to show equivalents in: MX$ and CA$ whole, never "$MX" or "$CA".
    await gotoHydrated(page, "/fa/wallet?fiat=true");
    for (const [code, symbol] of [["MXN", "MX$"], ["CAD", "CA$"]] as const) {
      const option = dialog(page).locator("label", { has: page.locator(`[data-fiat-option="${code}"]`) }).locator("[data-fiat-symbol]");
      // The modal's content loads on first use; a busy machine takes a while.
      await expect(option).toHaveText(symbol, { timeout: 15_000 });
      const edges = await drawnEdges(option, symbol);
      expect(edges.first, `${symbol} is drawn in its own order`).toBeLessThan(edges.last);
    }
    await expectAccessible(page);
  });

  test("a EUR player sees crypto equivalents in euros and the crypto sheet in mBTC only", async ({ page, baseURL }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await addAccount(page, player, "BTC");
    await gotoHydrated(page, "/wallet");
    const btcRow = page.locator('[data-account-row="BTC"]');
    await expect(btcRow).toContainText("≈ €0.00");
    await expect(btcRow).not.toContainText("$");

    // The crypto deposit sheet: presets, range, the amount to send, all in mBTC, never BTC.
    const accountsList = await page.request.get("/api/wallet/accounts", { headers: headers(player) });
    const btc = ((await accountsList.json()) as { data: Array<{ id: string; currency: string }> }).data.find((account) => account.currency === "BTC");
    expect((await page.request.put(`/api/wallet/accounts/${btc?.id ?? ""}/switch`, { headers: headers(player) })).status()).toBe(200);
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await dialog(page).locator('[data-method="sandbox.deposit.crypto-btc"]').click();
    await expect(dialog(page).locator("[data-preset]").first()).toContainText("mBTC");
    await dialog(page).locator("[data-preset]").first().click();
    await dialog(page).locator("[data-flow-submit]").click();
    const pending = dialog(page).locator("[data-pending-invoice]");
    await expect(pending.locator("[data-crypto-amount]")).toContainText("mBTC");
    expect(await pending.textContent()).not.toMatch(/\d BTC/);
    await expectAccessible(page);
  });

  test("searching “Bitcoin” in add-currency finds BTC", async ({ page, baseURL }) => {
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/wallet");
    await page.locator("[data-add-currency-toggle]").click();
    const search = page.getByLabel(wallet.addCurrency.searchLabel);
    await search.fill("Bitcoin");
    await expect(page.locator("[data-add-currency-code]")).toHaveCount(1);
    await expect(page.locator('[data-add-currency-code="BTC"]')).toBeVisible();
    await search.fill("euro");
    await expect(page.locator('[data-add-currency-code="BTC"]')).toHaveCount(0);
    // English names work on a German page too.
    await gotoHydrated(page, "/de/wallet");
    await page.locator("[data-add-currency-toggle]").click();
    await page.locator("[data-add-currency] input[type=search]").fill("Bitcoin");
    await expect(page.locator('[data-add-currency-code="BTC"]')).toBeVisible();
    await expectAccessible(page);
  });

  test("choosing a country at sign-up preselects its currency until the player picks one", async ({ page }) => {
    // The sign-up form's captcha works in the background, which slows the accessibility scan.
    test.slow();
    await gotoHydrated(page, "/?sign-up=true");
    const form = dialog(page);
    const country = form.getByRole("combobox", { name: accounts.fields.country, exact: true });
    const currency = form.getByRole("combobox", { name: accounts.fields.currency, exact: true });
    async function chooseCountry(name: string): Promise<void> {
      await country.click();
      await country.fill(name);
      await form.getByRole("option", { name, exact: true }).click();
    }
    await chooseCountry("Brazil");
    await expect(currency).toHaveValue("BRL");
    await chooseCountry("Germany");
    await expect(currency).toHaveValue("EUR");
    // Japan's yen is not offered: the currency stays as it was.
    await chooseCountry("Japan");
    await expect(currency).toHaveValue("EUR");

    // The player's own pick is kept whatever country follows.
    await currency.click();
    await currency.fill("INR");
    await form.getByRole("option", { name: /^INR/ }).click();
    await expect(currency).toHaveValue("INR");
    await chooseCountry("Brazil");
    await expect(currency).toHaveValue("INR");
    await expectAccessible(page);
  });

  test("the card form refuses a mistyped number and a past expiry without sending anything", async ({ page, baseURL }) => {
    await signedIn(page, baseURL);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/api/payment/invoices")) sent.push(request.url());
    });
    await gotoHydrated(page, "/wallet?wallet=deposit");
    await dialog(page).locator('[data-method="sandbox.deposit.card"]').click();
    await dialog(page).locator("[data-amount-input]").fill("25");
    // One digit off the sandbox's success card: the check digit no longer matches.
    await dialog(page).getByLabel(wallet.fields.cardNumber).fill("4111111111111112");
    await dialog(page).getByLabel(wallet.fields.cardExpiry).fill("0120");
    await dialog(page).getByLabel(wallet.fields.cardCvc).fill("123");
    await dialog(page).getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
    await dialog(page).locator("[data-flow-submit]").click();

    await expect(dialog(page).locator('[data-field="cardNumber"] [data-field-error]')).toHaveText(validations.cardNumber);
    await expect(dialog(page).locator('[data-field="cardExpiry"] [data-field-error]')).toHaveText(validations.cardExpired);
    await dialog(page).getByLabel(wallet.fields.cardExpiry).fill("1320");
    await expect(dialog(page).locator('[data-field="cardExpiry"] [data-field-error]')).toHaveText(validations.cardExpiry);
    await expectAccessible(page);
    expect(sent).toEqual([]);

    // Corrected, the same form goes through.
    await dialog(page).getByLabel(wallet.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await dialog(page).getByLabel(wallet.fields.cardExpiry).fill("1239");
    await dialog(page).locator("[data-flow-submit]").click();
    await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();
    expect(sent).toHaveLength(1);
  });
});
