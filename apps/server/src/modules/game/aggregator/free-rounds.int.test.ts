import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeamlessWalletCall } from "@playfair/contracts/game/seamless-wallet";
import { readJson, startTestServer, type TestServer } from "../../../../test/test-server.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";
import { bonusPlayer, freespinRow, freespinTemplate, giveFreespins, winningsBonus } from "../../bonus/freespins-test-kit.ts";
import { bearer, cashOf, expectLedgerClean, fund, json } from "../play/game-play-test-kit.ts";
import { gameAggregatorSessions, gameAggregatorTransactions } from "./aggregator.schema.ts";

// Free spins on a studio's game, end to end: the launch grants them to the sandbox aggregator as
// free rounds, the sandbox plays them at the spin value and marks their bets and wins, and our
// seamless wallet takes each from the free spins (no cash moves) and turns the winnings into a
// bonus when the last round closes. Then the marked calls one by one: retried, rolled back, forged.

let server: TestServer;
let studioGame: { identity: string };

beforeAll(async () => {
  server = await startTestServer({ env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false" } });
  const page = await readJson(await server.request("/api/game/games?perPage=100&sort=name"));
  studioGame = page.data.find((game: { isOriginal: boolean }) => !game.isOriginal);
  expect(studioGame).toBeDefined();
});
afterAll(async () => server?.close());

type Spin = { status: string; balance: string | null; roundId: string | null; win: string; freeRoundsLeft?: number };

async function launchStudioGame(player: { accessToken: string }) {
  const response = await server.request(`/api/game/games/${studioGame.identity}/play`, bearer(player, json("POST", {})));
  const launch = await readJson(response);
  expect(response.status, JSON.stringify(launch)).toBe(201);
  const page = await (await server.request(launch.url)).text();
  const spinUrl = /data-spin-url="([^"]+)"/.exec(page)?.[1];
  if (!spinUrl) throw new Error("the game page has no spin address");
  return { launch, spinUrl };
}

async function spin(spinUrl: string, stake: string): Promise<Spin> {
  const response = await server.request(spinUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ stake }) });
  expect(response.status).toBe(200);
  return (await response.json()) as Spin;
}

async function walletCall(call: SeamlessWalletCall, body: Record<string, unknown>) {
  const rawBody = JSON.stringify(body);
  const [secret] = await server.app.services.gameAggregator.signingSecrets();
  const response = await server.request(`/api/game/aggregator/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(rawBody, [secret!], new Date()) },
    body: rawBody,
  });
  return (await response.json()) as { status: string; balance?: string };
}

function cents(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
}

describe("free rounds through the sandbox aggregator", () => {
  it("grants the free spins at launch, plays them free and marked, and makes their winnings a bonus when the last round closes", async () => {
    const player = await bonusPlayer(server);
    await fund(server, player.playerId, "5.00");
    const template = await freespinTemplate(server, { count: 3, gameIds: [studioGame.identity] });
    const given = await giveFreespins(server, player.playerId, template);

    const { launch, spinUrl } = await launchStudioGame(player);
    expect(launch.freespin).toEqual({ id: given.id, remaining: 3, spinValue: "1.00" });

    let won = 0n;
    for (const left of [2, 1, 0]) {
      // The stake asked for is the sandbox's lowest; free rounds are played at the spin value.
      const result = await spin(spinUrl, "0.10");
      won += cents(result.win);
      // The last round turns the winnings into an active bonus: the answer is then the playable balance (cash and bonus).
      const playable = left === 0 ? 500n + won : 500n;
      expect(result).toMatchObject({ status: "OK", freeRoundsLeft: left });
      expect(cents(result.balance ?? "")).toBe(playable);
    }
    expect(await cashOf(server, player)).toBe("5.00");
    const finished = await freespinRow(server, given.id);
    expect(finished).toMatchObject({ status: 3, result: 2, used: 3, settled: 3 });
    expect(cents(finished.winnings)).toBe(won);
    const bonuses = await winningsBonus(server, player.playerId, given.id);
    expect(bonuses).toHaveLength(won > 0n ? 1 : 0);
    if (won > 0n) expect(cents(bonuses[0]!.amount)).toBe(won);

    const marked = await server.database.db.select().from(gameAggregatorTransactions).where(eq(gameAggregatorTransactions.freespinId, given.id));
    expect(marked.filter((row) => row.kind === "bet").map((row) => Number(row.amount))).toEqual([1, 1, 1]);

    // The free rounds are spent: the next round is the player's own, at the stake asked for.
    const paid = await spin(spinUrl, "0.10");
    expect(paid.status).toBe("OK");
    expect(paid.freeRoundsLeft).toBeUndefined();
    // The answer is the playable balance: cash and the winnings bonus, untouched by a stake the cash covered.
    expect(cents(paid.balance!)).toBe(490n + cents(paid.win) + won);
    await expectLedgerClean(server);
  });

  it("replays a retried free bet, gives the spin back on a rollback, and refuses forged or mismatched marks", async () => {
    const player = await bonusPlayer(server);
    const other = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 2, gameIds: [studioGame.identity] });
    const given = await giveFreespins(server, player.playerId, template);
    const { launch } = await launchStudioGame(player);
    const { launch: otherLaunch } = await launchStudioGame(other);
    // The aggregator's own code of the game, as its calls name it.
    const [session] = await server.database.db.select().from(gameAggregatorSessions).where(eq(gameAggregatorSessions.token, launch.sessionId));
    const call = { token: launch.sessionId, currency: "EUR", gameCode: session!.gameCode };

    const bet = { ...call, transactionId: "free-r1-bet", roundId: "free-r1", amount: "1.00", roundClosed: false, freeRoundsReference: given.id };
    const first = await walletCall("bet", bet);
    expect(first.status).toBe("OK");
    expect(Number(first.balance)).toBe(0);
    expect(await walletCall("bet", bet)).toEqual(first);
    expect(await freespinRow(server, given.id)).toMatchObject({ used: 1 });

    // A win without the mark on a free round would pay cash: refused, nothing moves.
    expect((await walletCall("win", { ...call, transactionId: "free-r1-win", roundId: "free-r1", amount: "2.00", roundClosed: true })).status).toBe("FREE_ROUNDS_UNAVAILABLE");
    expect(await walletCall("rollback", { ...call, transactionId: "free-r1-rollback", roundId: "free-r1", referenceTransactionId: "free-r1-bet", roundClosed: true })).toMatchObject({ status: "OK" });
    expect(await freespinRow(server, given.id)).toMatchObject({ used: 0, status: 2 });

    // Another stake than the spin value, or another player's free spins: refused and untaken.
    expect((await walletCall("bet", { ...bet, transactionId: "free-r2-bet", roundId: "free-r2", amount: "2.00" })).status).toBe("FREE_ROUNDS_UNAVAILABLE");
    const otherCall = { token: otherLaunch.sessionId, currency: "EUR", gameCode: session!.gameCode };
    expect((await walletCall("bet", { ...otherCall, transactionId: "free-r3-bet", roundId: "free-r3", amount: "1.00", roundClosed: false, freeRoundsReference: given.id })).status).toBe("FREE_ROUNDS_UNAVAILABLE");
    expect(await freespinRow(server, given.id)).toMatchObject({ used: 0 });
    expect(Number(await cashOf(server, other))).toBe(0);
    await expectLedgerClean(server);
  });
});
