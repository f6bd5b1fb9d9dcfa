// Shared by the aggregator's integration tests: a server with a known signing secret, funded
// players written directly, signed wallet calls, and the ledger read back.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { SeamlessWalletCall } from "@playfair/contracts/game/seamless-wallet";
import { rowsOf } from "../../../db/sql-rows.ts";
import { readJson, startTestServer, type TestServer } from "../../../../test/test-server.ts";
import { checkLedger } from "../../ledger/ledger-check.ts";
import { insertPlayer } from "../../payment/payment-test-kit.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";
import { players } from "../../player/player.schema.ts";

export const AGGREGATOR_SECRET = "aggregator-secret-for-tests";

export function startAggregatorServer(options: { env?: Record<string, string>; now?: () => Date } = {}): Promise<TestServer> {
  return startTestServer({ env: { GAME_AGGREGATOR_SECRETS: AGGREGATOR_SECRET, RATE_LIMIT_ENABLED: "false", ...options.env }, ...(options.now ? { now: options.now } : {}) });
}

export type FundedPlayer = { playerId: string; walletAccountId: string; token: string };

/** A player holding `amount` EUR of cash (a deposit posted straight to the ledger) and a real-money session. */
export async function fundedPlayer(server: TestServer, amount: string, currency = "EUR"): Promise<FundedPlayer> {
  const { playerId, walletAccountId } = await insertPlayer(server.database, currency);
  const { ledger } = server.app.services;
  const accounts = await ledger.playerAccounts(server.database.db, walletAccountId, currency);
  if (amount !== "0") {
    const clearing = await ledger.houseAccount(server.database.db, "payment-clearing:sandbox", currency);
    await ledger.post(server.database.db, {
      kind: "deposit",
      idempotencyKey: `test-deposit:${randomUUID()}`,
      legs: [
        { accountId: clearing, amount: `-${amount}` },
        { accountId: accounts.cash, amount },
      ],
    });
  }
  const launch = await server.app.services.gameAggregator.launchThirdPartyGame({
    playerId,
    currency,
    demo: false,
    provider: "aurora-reels",
    gameCode: "aurora-fruit-classic",
    mathModel: "slot-classic",
    locale: "en",
    device: "desktop",
  });
  return { playerId, walletAccountId, token: launch.sessionId };
}

export function signedInit(body: unknown, secret = AGGREGATOR_SECRET, at = new Date()): RequestInit {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  return { method: "POST", headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(rawBody, [secret], at) }, body: rawBody };
}

/** One signed wallet call; the HTTP status and the protocol's answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function walletCall(server: TestServer, call: SeamlessWalletCall, body: Record<string, unknown>, signedAt = new Date()): Promise<{ status: number; answer: any }> {
  const response = await server.request(`/api/game/aggregator/${call}`, signedInit(body, AGGREGATOR_SECRET, signedAt));
  return { status: response.status, answer: await readJson(response) };
}

/** The player's cash balance as the ledger stores it, normalised ("7.5000" -> "7.5"). */
export async function cashOf(server: TestServer, walletAccountId: string): Promise<string> {
  const balances = await server.app.services.ledger.balances(server.database.db, [walletAccountId]);
  return Number(balances.get(walletAccountId)!.cash).toString();
}

/** Ledger transactions written under the aggregator's key of a transaction id. */
export async function postingsUnder(server: TestServer, transactionId: string, provider = "aurora-reels"): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::int as count from ledger_transactions where idempotency_key = ${`aggregator:${provider}:${transactionId}`}`,
  );
  return rowsOf<{ count: number }>(result)[0]!.count;
}

export async function expectLedgerExact(server: TestServer): Promise<string[]> {
  return (await checkLedger(server.database.db)).problems;
}

export async function selfExclude(server: TestServer, playerId: string): Promise<void> {
  await server.database.db
    .update(players)
    .set({ selfExcludedUntil: new Date(Date.now() + 180 * 24 * 3600 * 1000) })
    .where(eq(players.id, playerId));
}

let sequence = 0;
/** A fresh transaction or round id. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}
