// Shared by the payment integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { readJson, startTestServer, type TestDatabase, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { registerPlayer, type RegisteredPlayer } from "../player/player-test-helpers.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

export const OPERATOR_KEY = "payments-operator-key-for-tests";
export const WEBHOOK_SECRET = "whsec-current-for-tests";
export const OLD_WEBHOOK_SECRET = "whsec-previous-for-tests";

export const CARD_FIELDS = { cardNumber: SANDBOX_TEST_CARDS.success, cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" };

export async function startPaymentServer(options: { env?: Record<string, string>; now?: () => Date; database?: TestDatabase } = {}): Promise<TestServer> {
  return startTestServer({
    env: {
      CAPTCHA_PROVIDER: "off",
      OPERATOR_API_KEYS: OPERATOR_KEY,
      PAYMENT_WEBHOOK_SECRETS: `${WEBHOOK_SECRET},${OLD_WEBHOOK_SECRET}`,
      RATE_LIMIT_ENABLED: "false",
      ...options.env,
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.database ? { database: options.database } : {}),
  });
}

export function authorized(player: { accessToken: string }, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${player.accessToken}` } };
}

export function jsonBody(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export async function newPlayer(server: TestServer, currency = "EUR"): Promise<RegisteredPlayer> {
  return registerPlayer(server, { currency });
}

export async function createInvoice(
  server: TestServer,
  player: RegisteredPlayer,
  direction: "deposit" | "withdrawal",
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return server.request(`/api/payment/invoices/${direction}`, authorized(player, jsonBody("POST", body, headers)));
}

/** A successful card deposit; fails the test on any other answer. */
export async function cardDeposit(server: TestServer, player: RegisteredPlayer, amount: string, currency = "EUR") {
  const response = await createInvoice(server, player, "deposit", { amount, currency, methodCode: "sandbox.deposit.card", fields: CARD_FIELDS });
  const json = await readJson(response);
  if (response.status !== 201 || json.data.status !== 2) throw new Error(`card deposit answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

export async function accountOf(server: TestServer, player: RegisteredPlayer, currency = "EUR") {
  const json = await readJson(await server.request("/api/wallet/accounts", authorized(player)));
  const account = (json.data as { currency: string; cash: string; pendingWithdrawal: string; balance: string }[]).find((entry) => entry.currency === currency);
  if (!account) throw new Error(`no ${currency} account`);
  return account;
}

export function operator(init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${OPERATOR_KEY}` } };
}

/** A player and wallet account written directly (no HTTP, no password hashing): for service-level tests. */
export async function insertPlayer(database: TestDatabase, currency = "EUR"): Promise<{ playerId: string; walletAccountId: string }> {
  const [player] = await database.db
    .insert(players)
    .values({ email: `${randomUUID()}@example.com`, currency, nickname: null })
    .returning({ id: players.id });
  const [wallet] = await database.db.insert(walletAccounts).values({ playerId: player!.id, currency, isSelected: true }).returning({ id: walletAccounts.id });
  return { playerId: player!.id, walletAccountId: wallet!.id };
}
