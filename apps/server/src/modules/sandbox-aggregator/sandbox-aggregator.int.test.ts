import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/sql-rows.ts";
import type { TestServer } from "../../../test/test-server.ts";
import { AGGREGATOR_SECRET, cashOf, expectLedgerExact, fundedPlayer, postingsUnder, startAggregatorServer } from "../game/aggregator/aggregator-test-kit.ts";
import { WEBHOOK_SIGNATURE_HEADER } from "../../lib/webhook-signature.ts";
import { createSandboxAggregator } from "./sandbox-aggregator.service.ts";
import { createWalletClient } from "./wallet-client.ts";

// The sandbox aggregator end to end, as a player meets it: the launch address our launch function
// gives, the framed game page, a spin, and our ledger moved by the sandbox's HTTP calls to the
// wallet. Then what a flaky network does between the two: a lost answer retried with the same
// transaction id, and a bet never answered, rolled back.

let server: TestServer;

beforeAll(async () => {
  server = await startAggregatorServer();
});

afterAll(async () => {
  await server.close();
});

async function launchUrl(options: { playerId: string | null; demo: boolean; mathModel?: string }): Promise<string> {
  const launch = await server.app.services.gameAggregator.launchThirdPartyGame({
    playerId: options.playerId,
    currency: "EUR",
    demo: options.demo,
    provider: "aurora-reels",
    gameCode: "aurora-fruit-classic",
    mathModel: options.mathModel ?? "slot-classic",
    locale: "en",
    device: "desktop",
  });
  expect(launch).toMatchObject({ kind: "iframe", demo: options.demo, currency: "EUR" });
  expect(launch.url).toMatch(/^\/sandbox-aggregator\/launch\?/);
  return launch.url!;
}

async function openGame(url: string): Promise<{ spinUrl: string; html: string; policy: string }> {
  const response = await server.request(url);
  expect(response.status).toBe(200);
  const html = await response.text();
  const spinUrl = /data-spin-url="([^"]+)"/.exec(html)?.[1];
  if (!spinUrl) throw new Error("the game page has no spin address");
  return { spinUrl, html, policy: response.headers.get("content-security-policy") ?? "" };
}

async function spin(spinUrl: string, body: Record<string, unknown>) {
  const response = await server.request(spinUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; balance: string | null; roundId: string | null; symbols: string[]; win: string };
}

async function ledgerTransactions(): Promise<number> {
  return rowsOf<{ count: number }>(await server.database.db.execute(sql`select count(*)::int as count from ledger_transactions`))[0]!.count;
}

/** A loopback proxy in front of our server that can hold back answers: what a slow network does. */
async function flakyProxy(hold: (call: string, attempt: number) => "answer" | "late" | "never"): Promise<{ url: string; close: () => Promise<void> }> {
  const attempts = new Map<string, number>();
  const proxy: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const call = request.url!.split("/").at(-1)!;
      const attempt = (attempts.get(call) ?? 0) + 1;
      attempts.set(call, attempt);
      // Forwarded at once: the wallet does its work whatever happens to the answer.
      const upstream = await fetch(`${server.baseUrl}${request.url}`, { method: "POST", headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: String(request.headers[WEBHOOK_SIGNATURE_HEADER]) }, body: Buffer.concat(chunks) });
      const text = await upstream.text();
      const mode = hold(call, attempt);
      if (mode === "never") return;
      if (mode === "late") await new Promise((resolve) => setTimeout(resolve, 800));
      if (!response.destroyed) response.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const address = proxy.address();
  if (!address || typeof address === "string") throw new Error("no proxy address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

function sandboxThrough(url: string) {
  return createSandboxAggregator({
    db: server.database.db,
    logger: server.app.log,
    now: () => new Date(),
    secrets: async () => [AGGREGATOR_SECRET],
    wallet: createWalletClient({ baseUrl: () => url, secret: async () => AGGREGATOR_SECRET, timeoutMs: 300, now: () => new Date(), logger: server.app.log }),
  });
}

describe("sandbox aggregator", () => {
  it("serves a framed game page under its own nonce, and a real spin moves our ledger through the wallet calls", async () => {
    const player = await fundedPlayer(server, "10");
    const { spinUrl, html, policy } = await openGame(await launchUrl({ playerId: player.playerId, demo: false }));
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(html).toContain("10.00 EUR");

    const result = await spin(spinUrl, { stake: "1.00" });
    expect(result.status).toBe("OK");
    expect(result.symbols).toHaveLength(3);
    const expected = 10 - 1 + Number(result.win);
    expect(Number(result.balance)).toBe(expected);
    expect(Number(await cashOf(server, player.walletAccountId))).toBe(expected);
    expect(await postingsUnder(server, `${result.roundId}-bet`)).toBe(1);
    expect(await postingsUnder(server, `${result.roundId}-win`)).toBe(Number(result.win) > 0 ? 1 : 0);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("marks the operator's free rounds on the game page it opens: 'Free spin 1 of N' at their spin value", async () => {
    const player = await fundedPlayer(server, "10");
    const url = await launchUrl({ playerId: player.playerId, demo: false });
    const token = new URLSearchParams(url.split("?")[1]).get("token")!;
    await server.app.services.sandboxAggregator.grantFreeRounds({ token, provider: "aurora-reels", gameCode: "aurora-fruit-classic", currency: "EUR", count: 3, spinValue: "0.2", reference: crypto.randomUUID() });
    const { html } = await openGame(url);
    expect(html).toContain('data-free-rounds="3" data-free-value="0.20"');
    expect(html).toContain('<span id="free-round" class="badge free">Free spin 1 of 3</span>');

    // Another player's launch of the same game has no free rounds: no mark.
    const other = await fundedPlayer(server, "10");
    const { html: plain } = await openGame(await launchUrl({ playerId: other.playerId, demo: false }));
    expect(plain).not.toContain("data-free-rounds");
    expect(plain).toContain('<span id="free-round" class="badge free" hidden></span>');
  });

  it("passes the wallet's refusal of a stake over the balance on to the game", async () => {
    const player = await fundedPlayer(server, "0.5");
    const { spinUrl } = await openGame(await launchUrl({ playerId: player.playerId, demo: false }));
    const result = await spin(spinUrl, { stake: "1.00" });
    expect(result).toMatchObject({ status: "INSUFFICIENT_FUNDS", balance: "0.50" });
    expect(await cashOf(server, player.walletAccountId)).toBe("0.5");
  });

  it("plays demo money in its own books without touching the ledger", async () => {
    const before = await ledgerTransactions();
    const { spinUrl, html } = await openGame(await launchUrl({ playerId: null, demo: true, mathModel: "table-roulette" }));
    expect(html).toContain("1000.00 EUR");
    const result = await spin(spinUrl, { stake: "10.00", choice: "black" });
    expect(result.status).toBe("OK");
    expect(Number(result.balance)).toBe(1000 - 10 + Number(result.win));
    expect(await ledgerTransactions()).toBe(before);
  });

  it("refuses a launch address someone changed, and a stake it does not offer", async () => {
    const url = await launchUrl({ playerId: null, demo: true });
    const tampered = url.replace("model=slot-classic", "model=slot-cascade");
    const refused = await server.request(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("not signed by the casino");
    const { spinUrl } = await openGame(url);
    const odd = await server.request(spinUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ stake: "3.33" }) });
    expect(odd.status).toBe(422);
  });

  it("sends a bet again with the same transaction id when our answer is late, and is charged once", async () => {
    const player = await fundedPlayer(server, "10");
    const proxy = await flakyProxy((call, attempt) => (call === "bet" && attempt === 1 ? "late" : "answer"));
    try {
      const sandbox = sandboxThrough(proxy.url);
      const game = await sandbox.launch(Object.fromEntries(new URL(await launchUrl({ playerId: player.playerId, demo: false }), "http://x").searchParams));
      const result = await sandbox.spin(game.sessionId, { stake: "2.00" });
      expect(result?.status).toBe("OK");
      expect(await postingsUnder(server, `${result!.roundId}-bet`)).toBe(1);
      expect(Number(await cashOf(server, player.walletAccountId))).toBe(10 - 2 + Number(result!.win));
      expect(await expectLedgerExact(server)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("rolls back a bet the wallet never answered: the stake comes back once", async () => {
    const player = await fundedPlayer(server, "10");
    const proxy = await flakyProxy((call) => (call === "bet" ? "never" : "answer"));
    try {
      const sandbox = sandboxThrough(proxy.url);
      const game = await sandbox.launch(Object.fromEntries(new URL(await launchUrl({ playerId: player.playerId, demo: false }), "http://x").searchParams));
      const result = await sandbox.spin(game.sessionId, { stake: "2.00" });
      expect(result?.status).toBe("UNAVAILABLE");
      // The bet was taken (every attempt reached the wallet) and then given back by the rollback.
      expect(await postingsUnder(server, `${result!.roundId}-bet`)).toBe(1);
      expect(await postingsUnder(server, `${result!.roundId}-rollback`)).toBe(1);
      expect(await cashOf(server, player.walletAccountId)).toBe("10");
      expect(await expectLedgerExact(server)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
