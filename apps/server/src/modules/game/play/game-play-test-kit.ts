// Shared by the originals' integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { readJson, startTestServer, type TestDatabase, type TestServer } from "../../../../test/test-server.ts";
import { checkLedger } from "../../ledger/ledger-check.ts";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";
import { registerPlayer, type RegisteredPlayer } from "../../player/player-test-helpers.ts";
import type { GamePlayWiring } from "../../../services.ts";
import { gameSeeds } from "./game-play.schema.ts";

export type PlayedRecord = { playerId: string; identity: string };

/** A server with play wired to a recording `recordPlayed`; `played` lists its calls. */
export async function startPlayServer(
  options: { env?: Record<string, string>; now?: () => Date; database?: TestDatabase; gamePlay?: GamePlayWiring } = {},
): Promise<TestServer & { played: PlayedRecord[] }> {
  const played: PlayedRecord[] = [];
  const server = await startTestServer({
    env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", ...options.env },
    ...(options.now ? { now: options.now } : {}),
    ...(options.database ? { database: options.database } : {}),
    gamePlay: {
      recordPlayed: async (playerId, identity) => {
        played.push({ playerId, identity });
      },
      ...options.gamePlay,
    },
  });
  return Object.assign(server, { played });
}

export function bearer(player: { accessToken: string } | null, init: RequestInit = {}): RequestInit {
  const headers = { ...(init.headers as Record<string, string> | undefined) };
  if (player) headers.authorization = `Bearer ${player.accessToken}`;
  return { ...init, headers };
}

export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export async function newPlayer(server: TestServer, currency = "EUR"): Promise<RegisteredPlayer> {
  return registerPlayer(server, { currency });
}

/** Credits the player's cash as a confirmed deposit would (clearing account to cash). */
export async function fund(server: TestServer, playerId: string, amount: string, currency = "EUR"): Promise<void> {
  const { ledger } = server.app.services;
  const [account] = await server.database.db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.currency, currency)));
  await server.database.db.transaction(async (tx) => {
    const { cash } = await ledger.playerAccounts(tx, account!.id, currency);
    const clearing = await ledger.houseAccount(tx, "payment-clearing:sandbox", currency);
    await ledger.post(tx, {
      kind: "deposit",
      idempotencyKey: `test-deposit:${randomUUID()}`,
      legs: [
        { accountId: clearing, amount: `-${amount}` },
        { accountId: cash, amount },
      ],
    });
  });
}

export async function cashOf(server: TestServer, player: { accessToken: string }, currency = "EUR"): Promise<string> {
  const body = await readJson(await server.request("/api/wallet/accounts", bearer(player)));
  return (body.data as { currency: string; cash: string }[]).find((account) => account.currency === currency)!.cash;
}

export async function launch(server: TestServer, player: { accessToken: string } | null, identity: string, body: Record<string, unknown> = {}): Promise<Response> {
  return server.request(`/api/game/games/${identity}/play`, bearer(player, json("POST", body)));
}

/** Launches and answers the session id; fails the test on any other answer. */
export async function sessionFor(server: TestServer, player: { accessToken: string } | null, identity: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await launch(server, player, identity, body);
  const answer = await readJson(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.sessionId as string;
}

export async function bet(
  server: TestServer,
  player: { accessToken: string } | null,
  sessionId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return server.request(`/api/game/originals/${sessionId}/rounds`, bearer(player, json("POST", body, headers)));
}

export async function act(server: TestServer, player: { accessToken: string } | null, sessionId: string, roundId: string, body: Record<string, unknown>): Promise<Response> {
  return server.request(`/api/game/originals/${sessionId}/rounds/${roundId}/actions`, bearer(player, json("POST", body)));
}

/** The player's active server seed, as only the database knows it. */
export async function activeServerSeed(server: TestServer, playerId: string, game: string): Promise<string> {
  const [row] = await server.database.db
    .select({ serverSeed: gameSeeds.serverSeed })
    .from(gameSeeds)
    .where(and(eq(gameSeeds.playerId, playerId), eq(gameSeeds.game, game), isNull(gameSeeds.revealedAt)));
  return row!.serverSeed;
}

/** `npm run ledger:check` on the test database: no problem at all. */
export async function expectLedgerClean(server: TestServer): Promise<void> {
  const report = await checkLedger(server.database.db);
  expect(report.problems).toEqual([]);
}
