// Money set-ups the browser tests share: a signed-in player, deposits straight through the API, and
// the realtime connection a live update needs.
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { registerPlayer, setAccessTokenCookie, type RegisteredPlayer } from "./accounts.ts";

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
