import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../../test/test-server.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";
import { AppError } from "../../../lib/app-error.ts";
import {
  AGGREGATOR_SECRET,
  cashOf,
  expectLedgerExact,
  fundedPlayer,
  nextId,
  postingsUnder,
  selfExclude,
  signedInit,
  startAggregatorServer,
  walletCall,
  type FundedPlayer,
} from "./aggregator-test-kit.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { gameAggregatorTransactions } from "./aggregator.schema.ts";

/** What was published on the player's game:bets channel (the realtime outbox). */
async function betEvents(playerId: string): Promise<unknown[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:bets#${playerId}`));
  return rows.map((row) => row.data);
}

// What real aggregators do to a seamless wallet, and what each call must answer: duplicates,
// out-of-order wins and rollbacks, closed rounds, retries after a lost answer, stakes over the
// balance or by an excluded player, forged signatures and parallel stakes. After each, the
// ledger reconciles (scripts/ledger-check.ts) and the balance is exactly what the accepted calls say.

let server: TestServer;
// The server's clock: real time unless a test moves it (session expiry).
let clockOffsetMs = 0;

beforeAll(async () => {
  server = await startAggregatorServer({ now: () => new Date(Date.now() + clockOffsetMs) });
});

afterAll(async () => {
  await server.close();
});

function betBody(player: FundedPlayer, amount: string, ids: { transactionId?: string; roundId?: string; roundClosed?: boolean } = {}) {
  return {
    token: player.token,
    currency: "EUR",
    transactionId: ids.transactionId ?? nextId("bet"),
    roundId: ids.roundId ?? nextId("round"),
    gameCode: "aurora-fruit-classic",
    amount,
    roundClosed: ids.roundClosed ?? false,
  };
}

function winBody(player: FundedPlayer, roundId: string, amount: string, roundClosed = true, transactionId = nextId("win")) {
  return { token: player.token, currency: "EUR", transactionId, roundId, gameCode: "aurora-fruit-classic", amount, roundClosed };
}

function rollbackBody(player: FundedPlayer, referenceTransactionId: string, roundId: string, transactionId = nextId("rollback")) {
  return { token: player.token, currency: "EUR", transactionId, referenceTransactionId, roundId, gameCode: "aurora-fruit-classic", roundClosed: true };
}

describe("seamless wallet", () => {
  it("answers the balance of a real session and refuses a demo or unknown one", async () => {
    const player = await fundedPlayer(server, "12.5");
    expect(await walletCall(server, "balance", { token: player.token, currency: "EUR" })).toMatchObject({ status: 200, answer: { status: "OK", currency: "EUR" } });
    expect(Number((await walletCall(server, "balance", { token: player.token, currency: "EUR" })).answer.balance)).toBe(12.5);
    expect((await walletCall(server, "balance", { token: player.token, currency: "USD" })).answer.status).toBe("WRONG_CURRENCY");
    const demo = await server.app.services.gameAggregator.launchThirdPartyGame({
      playerId: null,
      currency: "EUR",
      demo: true,
      provider: "aurora-reels",
      gameCode: "aurora-fruit-classic",
      mathModel: "slot-classic",
      locale: "en",
      device: "mobile",
    });
    expect((await walletCall(server, "balance", { token: demo.sessionId, currency: "EUR" })).answer.status).toBe("INVALID_SESSION");
    expect((await walletCall(server, "balance", { token: "x".repeat(32), currency: "EUR" })).answer.status).toBe("INVALID_SESSION");
  });

  it("takes the same bet once when it arrives twice, and answers the retry with the first answer", async () => {
    const player = await fundedPlayer(server, "10");
    const body = betBody(player, "3");
    const first = await walletCall(server, "bet", body);
    const second = await walletCall(server, "bet", body);
    expect(first.answer).toMatchObject({ status: "OK", currency: "EUR" });
    expect(Number(first.answer.balance)).toBe(7);
    expect(second.answer).toEqual(first.answer);
    expect(await postingsUnder(server, body.transactionId)).toBe(1);
    expect(await cashOf(server, player.walletAccountId)).toBe("7");
    // The same id with another amount is not a retry: refused, nothing moves.
    expect((await walletCall(server, "bet", { ...body, amount: "4" })).answer.status).toBe("TRANSACTION_CONFLICT");
    expect(await cashOf(server, player.walletAccountId)).toBe("7");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("takes a bet sent five times at once exactly once, and gives all five the same answer", async () => {
    const player = await fundedPlayer(server, "10");
    const body = betBody(player, "1.5");
    const answers = await Promise.all(Array.from({ length: 5 }, () => walletCall(server, "bet", body)));
    expect(answers[0]!.answer.status).toBe("OK");
    for (const entry of answers) expect(entry.answer).toEqual(answers[0]!.answer);
    expect(await postingsUnder(server, body.transactionId)).toBe(1);
    expect(await cashOf(server, player.walletAccountId)).toBe("8.5");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses amounts finer than the currency's smallest unit, and bets of zero", async () => {
    const player = await fundedPlayer(server, "10");
    expect(await walletCall(server, "bet", betBody(player, "0.001"))).toMatchObject({ status: 400, answer: { status: "BAD_REQUEST" } });
    expect(await walletCall(server, "bet", betBody(player, "0"))).toMatchObject({ status: 400, answer: { status: "BAD_REQUEST" } });
    expect(await cashOf(server, player.walletAccountId)).toBe("10");
  });

  it("gives back the same answer to a retry after our answer was lost (the first call committed)", async () => {
    const player = await fundedPlayer(server, "10");
    const body = betBody(player, "2.5");
    const rawBody = JSON.stringify(body);
    const sign = () => signWebhook(rawBody, [AGGREGATOR_SECRET], new Date());
    // The first answer never reaches the aggregator (its timeout); it committed all the same.
    const lost = await server.app.services.gameAggregator.handle("bet", rawBody, sign());
    expect(lost.answer.status).toBe("OK");
    const retry = await server.request("/api/game/aggregator/bet", { method: "POST", headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: sign() }, body: rawBody });
    expect(await retry.json()).toEqual(lost.answer);
    expect(await postingsUnder(server, body.transactionId)).toBe(1);
    expect(await cashOf(server, player.walletAccountId)).toBe("7.5");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses a win whose bet never came", async () => {
    const player = await fundedPlayer(server, "10");
    const win = winBody(player, nextId("round"), "5");
    expect((await walletCall(server, "win", win)).answer).toMatchObject({ status: "UNKNOWN_TRANSACTION", balance: expect.any(String) });
    expect(await cashOf(server, player.walletAccountId)).toBe("10");
    expect(await postingsUnder(server, win.transactionId)).toBe(0);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("pays a win once, then refuses any win or bet after the round closed", async () => {
    const player = await fundedPlayer(server, "10");
    const bet = betBody(player, "2");
    expect((await walletCall(server, "bet", bet)).answer.status).toBe("OK");
    const win = winBody(player, bet.roundId, "5", true);
    const paid = await walletCall(server, "win", win);
    expect(paid.answer.status).toBe("OK");
    expect(Number(paid.answer.balance)).toBe(13);
    // The closing win retried: replayed, not paid twice.
    expect((await walletCall(server, "win", win)).answer).toEqual(paid.answer);
    expect((await walletCall(server, "win", winBody(player, bet.roundId, "5"))).answer.status).toBe("ROUND_CLOSED");
    expect((await walletCall(server, "bet", betBody(player, "1", { roundId: bet.roundId }))).answer.status).toBe("ROUND_CLOSED");
    expect(await cashOf(server, player.walletAccountId)).toBe("13");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("closes a lost round with a zero win that moves nothing", async () => {
    const player = await fundedPlayer(server, "10");
    const bet = betBody(player, "4");
    await walletCall(server, "bet", bet);
    const close = await walletCall(server, "win", winBody(player, bet.roundId, "0", true));
    expect(close.answer.status).toBe("OK");
    expect(Number(close.answer.balance)).toBe(6);
    expect((await walletCall(server, "win", winBody(player, bet.roundId, "1"))).answer.status).toBe("ROUND_CLOSED");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("records a rollback of a bet it never saw, answers it, and refuses that bet when it arrives late", async () => {
    const player = await fundedPlayer(server, "10");
    const bet = betBody(player, "3");
    const rollback = rollbackBody(player, bet.transactionId, bet.roundId);
    const answered = await walletCall(server, "rollback", rollback);
    expect(answered.answer.status).toBe("OK");
    expect(Number(answered.answer.balance)).toBe(10);
    const [stored] = await server.database.db
      .select()
      .from(gameAggregatorTransactions)
      .where(and(eq(gameAggregatorTransactions.provider, "aurora-reels"), eq(gameAggregatorTransactions.transactionId, rollback.transactionId)));
    expect(stored).toMatchObject({ kind: "rollback", referenceTransactionId: bet.transactionId, ledgerKey: null });
    expect((await walletCall(server, "bet", bet)).answer.status).toBe("TRANSACTION_ROLLED_BACK");
    expect(await cashOf(server, player.walletAccountId)).toBe("10");
    expect(await postingsUnder(server, bet.transactionId)).toBe(0);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("gives a rolled-back stake back once, however often the rollback is sent", async () => {
    const player = await fundedPlayer(server, "10");
    const bet = betBody(player, "3");
    await walletCall(server, "bet", bet);
    const rollback = rollbackBody(player, bet.transactionId, bet.roundId);
    const first = await walletCall(server, "rollback", rollback);
    expect(Number(first.answer.balance)).toBe(10);
    expect((await walletCall(server, "rollback", rollback)).answer).toEqual(first.answer);
    // Another rollback id for the same bet: acknowledged, nothing given twice.
    expect((await walletCall(server, "rollback", rollbackBody(player, bet.transactionId, bet.roundId))).answer.status).toBe("OK");
    expect(await cashOf(server, player.walletAccountId)).toBe("10");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses a bet over the balance and leaves the balance as it was", async () => {
    const player = await fundedPlayer(server, "5");
    const refused = await walletCall(server, "bet", betBody(player, "5.01"));
    expect(refused).toMatchObject({ status: 200, answer: { status: "INSUFFICIENT_FUNDS" } });
    expect(Number(refused.answer.balance)).toBe(5);
    expect(await cashOf(server, player.walletAccountId)).toBe("5");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses a bet by a self-excluded player, and their launch for real money, but still pays an open round's win", async () => {
    const player = await fundedPlayer(server, "10");
    const open = betBody(player, "2");
    await walletCall(server, "bet", open);
    await selfExclude(server, player.playerId);
    expect((await walletCall(server, "bet", betBody(player, "1"))).answer.status).toBe("PLAYER_BLOCKED");
    expect(await betEvents(player.playerId)).toEqual([
      { event: "game.bet.restricted", reason: "selfExcluded", message: expect.stringContaining("self-excluded"), provider: "aurora-reels", gameCode: "aurora-fruit-classic", currency: "EUR", amount: "1" },
    ]);
    expect((await walletCall(server, "win", winBody(player, open.roundId, "3"))).answer.status).toBe("OK");
    expect(await cashOf(server, player.walletAccountId)).toBe("11");
    await expect(
      server.app.services.gameAggregator.launchThirdPartyGame({
        playerId: player.playerId,
        currency: "EUR",
        demo: false,
        provider: "aurora-reels",
        gameCode: "aurora-fruit-classic",
        mathModel: "slot-classic",
        locale: "en",
        device: "desktop",
      }),
    ).rejects.toSatisfy((error: unknown) => error instanceof AppError && error.code === "RESTRICTED_MODE");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses a stake a bet limit has no room for, and tells the game page why (game.bet.restricted)", async () => {
    const player = await fundedPlayer(server, "10");
    const { limits } = server.app.services;
    await limits.create(player.playerId, { definition: 1, period: 1, amount: "2", currency: "EUR" } as Parameters<typeof limits.create>[1]);
    expect((await walletCall(server, "bet", betBody(player, "2"))).answer.status).toBe("OK");
    expect((await walletCall(server, "bet", betBody(player, "1"))).answer.status).toBe("LIMIT_REACHED");
    expect(await betEvents(player.playerId)).toEqual([expect.objectContaining({ event: "game.bet.restricted", reason: "betLimitReached" })]);
    expect(await cashOf(server, player.walletAccountId)).toBe("8");
  });

  it("refuses a call with a bad signature before reading it, and changes nothing", async () => {
    const player = await fundedPlayer(server, "10");
    const body = betBody(player, "1");
    const attempts: RequestInit[] = [
      signedInit(body, "not-the-secret"),
      signedInit(body, AGGREGATOR_SECRET, new Date(Date.now() - 10 * 60 * 1000)),
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      // Signed, then the amount changed on the way.
      { ...signedInit(body), body: JSON.stringify({ ...body, amount: "9" }) },
    ];
    for (const init of attempts) {
      const response = await server.request("/api/game/aggregator/bet", init);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: "INVALID_SIGNATURE", message: expect.any(String) });
    }
    expect(await postingsUnder(server, body.transactionId)).toBe(0);
    expect(await cashOf(server, player.walletAccountId)).toBe("10");
    const malformed = await server.request("/api/game/aggregator/bet", signedInit({ ...body, amount: 1 }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: "BAD_REQUEST" });
  });

  it("accepts exactly as many of 20 parallel bets as the balance covers", async () => {
    const player = await fundedPlayer(server, "5");
    const answers = await Promise.all(Array.from({ length: 20 }, () => walletCall(server, "bet", betBody(player, "1"))));
    const statuses = answers.map((entry) => entry.answer.status);
    expect(statuses.filter((status) => status === "OK")).toHaveLength(5);
    expect(statuses.filter((status) => status === "INSUFFICIENT_FUNDS")).toHaveLength(15);
    expect(await cashOf(server, player.walletAccountId)).toBe("0");
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("takes no new stake on a session older than 12 hours, but still pays and closes its open round", async () => {
    const player = await fundedPlayer(server, "10");
    const open = betBody(player, "2");
    expect((await walletCall(server, "bet", open)).answer.status).toBe("OK");
    clockOffsetMs = 12 * 60 * 60 * 1000 + 1000;
    try {
      // The aggregator's clock agrees with ours, or its signatures would be stale.
      const later = new Date(Date.now() + clockOffsetMs);
      expect((await walletCall(server, "bet", betBody(player, "1"), later)).answer.status).toBe("INVALID_SESSION");
      expect((await walletCall(server, "win", winBody(player, open.roundId, "4"), later)).answer.status).toBe("OK");
    } finally {
      clockOffsetMs = 0;
    }
    expect(await cashOf(server, player.walletAccountId)).toBe("12");
    expect(await expectLedgerExact(server)).toEqual([]);
  });
});
