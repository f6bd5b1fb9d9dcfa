// Money set-ups the browser tests share: a signed-in player, deposits straight through the API, and
// the realtime connection a live update needs.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type englishWallet from "../../apps/web/app/locales/en/wallet.json";
import { readCatalogue } from "../fixtures.ts";
import { registerPlayer, setAccessTokenCookie, type RegisteredPlayer } from "./accounts.ts";

const wallet = readCatalogue<typeof englishWallet>("en", "wallet");

export function auth(player: RegisteredPlayer) {
  return { authorization: `Bearer ${player.session.accessToken}` };
}

export async function signedIn(page: Page, baseURL: string | undefined): Promise<RegisteredPlayer> {
  const player = await registerPlayer(page.request);
  await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
  return player;
}

/** A card deposit through the API: the success card pays at once, the 3-D Secure card stays pending. */
export async function depositByCard(
  request: APIRequestContext,
  player: RegisteredPlayer,
  amount: string,
  card: string = SANDBOX_TEST_CARDS.success,
): Promise<{ id: string; status: number; number: number; publicData: { confirmUrl?: string } }> {
  const response = await request.post("/api/payment/invoices/deposit", {
    headers: auth(player),
    data: { amount, currency: "EUR", methodCode: "sandbox.deposit.card", fields: { cardNumber: card, cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" } },
  });
  expect(response.status(), `deposit: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: { id: string; status: number; number: number; publicData: { confirmUrl?: string } } }).data;
}

/** A daily deposit limit in EUR. */
export async function setDailyDepositLimit(request: APIRequestContext, player: RegisteredPlayer, amount: string): Promise<void> {
  const response = await request.post("/api/player/limits", { headers: auth(player), data: { definition: 3, period: 1, amount, currency: "EUR" } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The realtime connection is up (the bell reports it), so a publication cannot be missed. */
export async function realtimeConnected(page: Page): Promise<void> {
  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 15_000 });
}

/**
 * In the open deposit sheet: chooses the sandbox card method, types the amount and the card as a
 * player would, and sends it (the success card pays at once, the 3-D Secure one waits for the bank).
 */
export async function payByCardInSheet(page: Page, amount: string, card: string = SANDBOX_TEST_CARDS.success): Promise<void> {
  const sheet = page.getByRole("dialog");
  await sheet.locator('[data-method="sandbox.deposit.card"]').click();
  await sheet.locator("[data-amount-input]").fill(amount);
  await sheet.getByLabel(wallet.fields.cardNumber).fill(card);
  await sheet.getByLabel(wallet.fields.cardExpiry).fill("1239");
  await sheet.getByLabel(wallet.fields.cardCvc).fill("123");
  await sheet.getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
  await sheet.locator("[data-flow-submit]").click();
}
