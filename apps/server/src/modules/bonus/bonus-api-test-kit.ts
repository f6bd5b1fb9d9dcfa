// Shared by the bonus API, cashback and ops integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import type { HouseAccountCode } from "../ledger/ledger.service.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { createPlayer, signIn, startAccountsServer, type TestClock } from "../messaging/accounts-test-kit.ts";
import { players } from "../player/player.schema.ts";

export const OPERATOR_KEY = "bonus-operator-key-for-tests-0123456789";

export function startBonusServer(clock?: TestClock): Promise<TestServer> {
  return startAccountsServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY }, ...(clock ? { clock } : {}) });
}

export type BonusPlayer = { playerId: string; walletAccountId: string; accessToken: string };

/** A signed-in player with an account in `currency` who accepts bonuses (unless told otherwise). */
export async function bonusPlayer(server: TestServer, options: { currency?: string; country?: string; receiveBonus?: boolean } = {}): Promise<BonusPlayer> {
  const player = await createPlayer(server, { password: null, country: options.country ?? "DE" });
  await server.database.db.update(players).set({ receiveBonus: options.receiveBonus ?? true }).where(eq(players.id, player.id));
  const [account] = await server.database.db
    .insert(walletAccounts)
    .values({ playerId: player.id, currency: options.currency ?? "EUR", isSelected: true })
    .returning({ id: walletAccounts.id });
  const { accessToken } = await signIn(server, player.id);
  return { playerId: player.id, walletAccountId: account!.id, accessToken };
}

export function bearer(player: { accessToken: string }, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${player.accessToken}` } };
}

export function asOperator(method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** POST /api/operator/player-bonuses. */
export function issueByHand(server: TestServer, playerId: string, templateCode: string, extra: { currency?: string; amount?: string } = {}): Promise<Response> {
  return server.request("/api/operator/player-bonuses", asOperator("POST", { playerId, templateCode, currency: extra.currency ?? "EUR", ...(extra.amount ? { amount: extra.amount } : {}) }));
}

/** Issues by hand and answers the bonus; fails the test on any other answer. */
export async function issued(server: TestServer, playerId: string, templateCode: string, extra: { currency?: string; amount?: string } = {}) {
  const response = await issueByHand(server, playerId, templateCode, extra);
  const json = await readJson(response);
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.data as { id: string; status: number; result: number; amount: string; balance: string };
}

export function playerBonusAction(server: TestServer, player: BonusPlayer, id: string, action: "activate" | "cancel"): Promise<Response> {
  return server.request(`/api/game/player-bonuses/${id}/${action}`, bearer(player, { method: "PUT" }));
}

/** "20.00" and "20" alike: the ledger keeps the scale amounts were posted with. */
const plain = (amount: string) => (amount.includes(".") ? amount.replace(/0+$/, "").replace(/\.$/, "") : amount);

/** The player's wallet account in `currency`, amounts without trailing zeros ("20", "10.8"). */
export async function walletOf(server: TestServer, player: BonusPlayer, currency = "EUR") {
  const json = await readJson(await server.request("/api/wallet/accounts", bearer(player)));
  if (!json.data) throw new Error(`wallet accounts answered ${JSON.stringify(json)}`);
  const account = (json.data as { currency: string; cash: string; bonus: string; balance: string }[]).find((entry) => entry.currency === currency)!;
  return { cash: plain(account.cash), bonus: plain(account.bonus), balance: plain(account.balance) };
}

/** A fresh access token (after the test clock moved past the old one's lifetime). */
export async function signInAgain(server: TestServer, player: BonusPlayer): Promise<void> {
  player.accessToken = (await signIn(server, player.playerId)).accessToken;
}

/**
 * Moves money as the games do, straight on the ledger: a `game-stake` takes from the player's
 * `balance` and gives to the house, a `game-win` the reverse, a `deposit` credits cash.
 */
export async function postMoney(server: TestServer, player: BonusPlayer, kind: "deposit" | "game-stake" | "game-win" | "bonus-credit", amount: string, options: { currency?: string; balance?: "cash" | "bonus" } = {}) {
  const { ledger } = server.app.services;
  const currency = options.currency ?? "EUR";
  const house: HouseAccountCode = kind === "deposit" ? "payment-clearing:sandbox" : kind === "bonus-credit" ? "bonus-budget" : "game-house";
  await server.database.db.transaction(async (tx) => {
    const accounts = await ledger.playerAccounts(tx, player.walletAccountId, currency);
    const own = options.balance === "bonus" ? accounts.bonus : accounts.cash;
    const houseAccount = await ledger.houseAccount(tx, house, currency);
    const toPlayer = kind !== "game-stake";
    await ledger.post(tx, {
      kind,
      idempotencyKey: `test:${kind}:${randomUUID()}`,
      legs: [
        { accountId: own, amount: toPlayer ? amount : `-${amount}` },
        { accountId: houseAccount, amount: toPlayer ? `-${amount}` : amount },
      ],
    });
  });
}

export async function expectLedgerClean(server: TestServer): Promise<void> {
  const report = await checkLedger(server.database.db);
  expect(report.problems).toEqual([]);
}
