import { ALGORITHM_VERSION, FloatStream, playBlackjackSteps, playRound, standingActions, type BlackjackRound } from "@playfair/fairness";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { players } from "../../player/player.schema.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { act, activeServerSeed, bearer, bet, cashOf, expectLedgerClean, fund, json, newPlayer, sessionFor, startPlayServer, type PlayedRecord } from "./game-play-test-kit.ts";
import { gameRounds } from "./game-play.schema.ts";

// Blackjack through the ledger: the deal in the first request, one request per action, a posting
// per stake (doubles and splits each under their own key, each through the limits), one
// settlement, and recovery that stands the hands left. The cards come from the real engine: each
// test searches client seeds for a deal that shows its situation, then plays it.

let clock = Date.now();
let server: TestServer & { played: PlayedRecord[] };

beforeAll(async () => {
  server = await startPlayServer({ now: () => new Date(clock) });
});

afterAll(async () => {
  await server?.close();
});

const IDENTITY = "playfair-blackjack";

async function fundedPlayer(amount: string): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await fund(server, player.playerId, amount);
  return player;
}

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };
type Deal = { seeds: Seeds; stream: () => FloatStream };

/**
 * Sets a client seed whose next round is dealt as `wanted` asks, and answers the deal's seeds:
 * the engine itself finds it, nothing is mocked.
 */
async function arrangeDeal(player: RegisteredPlayer, wanted: (deal: BlackjackRound, stream: () => FloatStream) => boolean): Promise<Deal> {
  const seeds = await readJson(await server.request("/api/game/fairness/seeds", bearer(player)));
  const { nonce } = (seeds.data as { game: string; nonce: number }[]).find((seed) => seed.game === "blackjack")!;
  const serverSeed = await activeServerSeed(server, player.playerId, "blackjack");
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const clientSeed = `deal-${attempt}`;
    const seeds = { serverSeed, clientSeed, nonce };
    const stream = () => new FloatStream(seeds);
    if (!wanted(playBlackjackSteps(stream(), []), stream)) continue;
    const set = await server.request("/api/game/fairness/client-seed", bearer(player, json("PUT", { game: "blackjack", clientSeed })));
    expect(set.status).toBe(200);
    return { seeds, stream };
  }
  throw new Error("no client seed deals this situation");
}

const openDeal = (deal: BlackjackRound) => !deal.finished;

async function stakesOf(roundId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `game-round:${roundId}:%`));
  return rows.map((row) => `${row.kind} ${row.key.slice(`game-round:${roundId}:`.length)}`).sort();
}

async function start(player: RegisteredPlayer, amount: string) {
  const sessionId = await sessionFor(server, player, IDENTITY);
  const response = await bet(server, player, sessionId, { amount, params: {} });
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { sessionId, round: body.data, balance: body.balance as string };
}

describe("blackjack: the deal", () => {
  it("pays a natural blackjack 3:2 with the deal and settles the round in one request", async () => {
    const player = await fundedPlayer("10.00");
    await arrangeDeal(player, (deal) => deal.payoutMultiplier === "2.5");
    const { round, balance } = await start(player, "2.00");
    expect(round).toMatchObject({ status: "settled", stake: "2.00", payout: "5.00", multiplier: "2.5000", params: { actions: [] }, outcome: { hands: [{ result: "blackjack" }] } });
    expect(balance).toBe("13.00");
    expect(await cashOf(server, player)).toBe("13.00");
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-win resolve"]);
    await expectLedgerClean(server);
  });

  it("holds the stake while the hand is open and shows only the dealer's up card until the round ends", async () => {
    const player = await fundedPlayer("10.00");
    const { stream } = await arrangeDeal(player, openDeal);
    const { sessionId, round, balance } = await start(player, "1.00");
    expect(round).toMatchObject({ status: "open", payout: null, params: { actions: [] }, outcome: { finished: false, activeHand: 0 } });
    expect(balance).toBe("9.00");
    const full = playBlackjackSteps(stream(), standingActions(stream, []));
    expect(round.outcome.dealer.cards).toEqual([full.dealer.cards[0]]);
    expect((await bet(server, player, sessionId, { amount: "1.00", params: {} })).status).toBe(409);
    expect((await bet(server, player, sessionId, { amount: "1.00", params: { actions: ["stand"] } })).status).toBe(422);
    const stood = await readJson(await act(server, player, sessionId, round.id, { action: "stand", step: 0 }));
    expect(stood.data).toMatchObject({ status: "settled", params: { actions: ["stand"] } });
    expect(stood.data.outcome.dealer.cards.slice(0, 2)).toEqual(full.dealer.cards.slice(0, 2));
    await expectLedgerClean(server);
  });
});

describe("blackjack: doubles and splits", () => {
  it("posts a double's extra stake under its own key and pays both stakes", async () => {
    const player = await fundedPlayer("10.00");
    const { seeds } = await arrangeDeal(player, (deal, dealt) => openDeal(deal) && playBlackjackSteps(dealt(), ["double"]).payoutMultiplier === "4");
    const { sessionId, round } = await start(player, "1.50");
    const doubled = await readJson(await act(server, player, sessionId, round.id, { action: "double", step: 0 }));
    expect(doubled.data).toMatchObject({ status: "settled", stake: "3.00", payout: "6.00", multiplier: "2.0000", balanceBefore: "10.00", balanceAfter: "13.00", params: { actions: ["double"] } });
    expect(doubled.data.outcome).toEqual(JSON.parse(JSON.stringify(playRound("blackjack", { ...seeds, params: { actions: ["double"] }, algorithmVersion: ALGORITHM_VERSION }).outcome)));
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-stake stake:0", "game-win resolve"]);
    expect(await cashOf(server, player)).toBe("13.00");
    await expectLedgerClean(server);
  });

  it("posts a split's extra stake, plays the two hands in turn and settles them together", async () => {
    const player = await fundedPlayer("10.00");
    // The first split hand must still take a "stand" (a 21 drawn to it would end it on its own).
    await arrangeDeal(player, (deal, dealt) => deal.allowed.includes("split") && deal.hands[0]!.cards[0]!.rank !== "A" && playBlackjackSteps(dealt(), ["split"]).allowed.includes("stand") && playBlackjackSteps(dealt(), ["split", "stand"]).allowed.includes("stand"));
    const { sessionId, round } = await start(player, "1.00");
    const split = await readJson(await act(server, player, sessionId, round.id, { action: "split", step: 0 }));
    expect(split.data).toMatchObject({ status: "open", stake: "2.00", outcome: { activeHand: 0, stakes: 2, allowed: ["hit", "stand"] } });
    expect(split.data.outcome.hands).toHaveLength(2);
    expect(split.balance).toBe("8.00");
    const balanceEvents = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `wallet:accounts#${player.playerId}`));
    expect(balanceEvents.at(-1)?.data).toMatchObject({ account: { cash: "8.00" } });
    // A split hand is not doubled.
    expect((await act(server, player, sessionId, round.id, { action: "double", step: 1 })).status).toBe(422);
    await act(server, player, sessionId, round.id, { action: "stand", step: 1 });
    const done = await readJson(await act(server, player, sessionId, round.id, { action: "stand", step: 2 }));
    const payout = done.data.payout as string;
    expect(done.data).toMatchObject({ status: "settled", stake: "2.00", params: { actions: ["split", "stand", "stand"] } });
    expect(payout).toBe((Number(done.data.outcome.payoutMultiplier) * 1).toFixed(2));
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-stake stake:0", "game-win resolve"]);
    expect(await cashOf(server, player)).toBe((8 + Number(payout)).toFixed(2));
    await expectLedgerClean(server);
  });

  it("refuses a double the balance cannot cover, takes nothing, and lets the hand play on", async () => {
    const player = await fundedPlayer("1.00");
    await arrangeDeal(player, openDeal);
    const { sessionId, round } = await start(player, "1.00");
    const refused = await act(server, player, sessionId, round.id, { action: "double", step: 0 });
    expect(refused.status).toBe(422);
    expect(await readJson(refused)).toMatchObject({ reason: "insufficientBalance" });
    expect(await stakesOf(round.id)).toEqual(["game-stake stake"]);
    expect((await readJson(await act(server, player, sessionId, round.id, { action: "stand", step: 0 }))).data).toMatchObject({ status: "settled", stake: "1.00" });
    await expectLedgerClean(server);
  });

  it("refuses a self-excluded player's double through the limits, and the next deal, with game.bet.restricted", async () => {
    const player = await fundedPlayer("10.00");
    await arrangeDeal(player, openDeal);
    const { sessionId, round } = await start(player, "1.00");
    await server.database.db.update(players).set({ selfExcludedUntil: new Date(clock + 180 * 86_400_000) }).where(eq(players.id, player.playerId));
    const refused = await act(server, player, sessionId, round.id, { action: "double", step: 0 });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    expect(await stakesOf(round.id)).toEqual(["game-stake stake"]);
    const events = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:bets#${player.playerId}`));
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ event: "game.bet.restricted", reason: "selfExcluded" })]);
    // Standing takes no stake: the hand the player already paid for is finished.
    expect((await readJson(await act(server, player, sessionId, round.id, { action: "stand", step: 0 }))).data.status).toBe("settled");
    expect((await bet(server, player, sessionId, { amount: "1.00", params: {} })).status).toBe(403);
    await expectLedgerClean(server);
  });
});

describe("blackjack: one result per action", () => {
  it("plays the same action sent twice for one step once, and refuses actions on a settled round", async () => {
    const player = await fundedPlayer("10.00");
    const { seeds } = await arrangeDeal(player, (deal, dealt) => openDeal(deal) && !playBlackjackSteps(dealt(), ["hit"]).finished);
    const { sessionId, round } = await start(player, "1.00");
    const hits = await Promise.all([act(server, player, sessionId, round.id, { action: "hit", step: 0 }), act(server, player, sessionId, round.id, { action: "hit", step: 0 })]);
    expect(hits.map((response) => response.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all(hits.map((response) => readJson(response)));
    expect(first.data.params.actions).toEqual(["hit"]);
    expect(second.data).toEqual(first.data);
    expect(first.data.outcome.hands[0].cards).toHaveLength(3);
    // Another action for a step already played is refused, and a step ahead of the round too.
    expect((await act(server, player, sessionId, round.id, { action: "stand", step: 0 })).status).toBe(409);
    expect((await act(server, player, sessionId, round.id, { action: "stand", step: 5 })).status).toBe(409);
    expect((await act(server, player, sessionId, round.id, { action: "stand" })).status).toBe(422);
    expect((await act(server, player, sessionId, round.id, { action: "cashout", step: 1 })).status).toBe(422);

    const stands = await Promise.all([act(server, player, sessionId, round.id, { action: "stand", step: 1 }), act(server, player, sessionId, round.id, { action: "stand", step: 1 })]);
    const settled = await Promise.all(stands.map((response) => readJson(response)));
    expect(settled.map((answer) => answer.data.status)).toEqual(["settled", "settled"]);
    expect(settled[1].data).toEqual(settled[0].data);
    expect(settled[0].data.outcome).toEqual(JSON.parse(JSON.stringify(playRound("blackjack", { ...seeds, params: { actions: ["hit", "stand"] }, algorithmVersion: 1 }).outcome)));
    expect((await act(server, player, sessionId, round.id, { action: "hit", step: 2 })).status).toBe(409);
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-win resolve"]);
    await expectLedgerClean(server);
  });

  it("takes one extra stake for two identical doubles sent at once", async () => {
    const player = await fundedPlayer("10.00");
    await arrangeDeal(player, openDeal);
    const { sessionId, round } = await start(player, "1.00");
    const answers = await Promise.all([act(server, player, sessionId, round.id, { action: "double", step: 0 }), act(server, player, sessionId, round.id, { action: "double", step: 0 })]);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    const [first] = await Promise.all(answers.map((response) => readJson(response)));
    expect(first.data).toMatchObject({ status: "settled", stake: "2.00" });
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-stake stake:0", "game-win resolve"]);
    expect(await cashOf(server, player)).toBe(first.data.balanceAfter);
    await expectLedgerClean(server);
  });

  it("shows each round's actions and hands in game recall", async () => {
    const player = await fundedPlayer("10.00");
    await arrangeDeal(player, openDeal);
    const { sessionId, round } = await start(player, "1.00");
    await act(server, player, sessionId, round.id, { action: "stand", step: 0 });
    const recall = await readJson(await server.request(`/api/game/originals/${IDENTITY}/recall`, bearer(player)));
    expect(recall.data[0]).toMatchObject({ id: round.id, game: IDENTITY, params: { actions: ["stand"] }, balanceBefore: "10.00", outcome: { finished: true, hands: [{ result: expect.any(String) }] } });
  });
});

describe("blackjack: demo play", () => {
  it("deals and doubles with play money that never reaches the ledger", async () => {
    const before = (await server.database.db.select({ key: ledgerTransactions.idempotencyKey }).from(ledgerTransactions)).length;
    const sessionId = await sessionFor(server, null, IDENTITY, { demo: true });
    // Deal until a hand is open (a blackjack on either side settles with the deal), then double it.
    let doubledOnce = false;
    for (let attempt = 0; attempt < 20 && !doubledOnce; attempt += 1) {
      const dealt = await readJson(await bet(server, null, sessionId, { amount: "1.00", params: {} }));
      expect(dealt.data).toMatchObject({ demo: true, currency: "FUN" });
      if (dealt.data.status !== "open") continue;
      const balance = Number(dealt.balance);
      const doubled = await readJson(await act(server, null, sessionId, dealt.data.id, { action: "double", step: 0 }));
      expect(doubled.data).toMatchObject({ status: "settled", stake: "2.00" });
      expect(Number(doubled.balance)).toBe(balance - 1 + Number(doubled.data.payout));
      doubledOnce = true;
    }
    expect(doubledOnce).toBe(true);
    const after = (await server.database.db.select({ key: ledgerTransactions.idempotencyKey }).from(ledgerTransactions)).length;
    expect(after).toBe(before);
  });
});

describe("blackjack: recovery (P8)", () => {
  it("completes an abandoned hand by standing and lets the dealer play out, once, never voiding it", async () => {
    const player = await fundedPlayer("10.00");
    const { seeds } = await arrangeDeal(player, (deal, dealt) => openDeal(deal) && !playBlackjackSteps(dealt(), ["hit"]).finished);
    const { sessionId, round } = await start(player, "2.00");
    await act(server, player, sessionId, round.id, { action: "hit", step: 0 });
    // The player walks away; an hour and a minute later the sweep finds the round (and two sweeps race for it).
    clock += 61 * 60_000;
    await Promise.all([server.app.services.gamePlay.recovery.recoverOpenRounds(), server.app.services.gamePlay.recovery.recoverOpenRounds()]);
    const [row] = await server.database.db.select().from(gameRounds).where(and(eq(gameRounds.id, round.id)));
    const expected = playRound("blackjack", { ...seeds, params: { actions: ["hit", "stand"] }, algorithmVersion: 1 }).outcome;
    expect(row).toMatchObject({ status: "settled", params: { actions: ["hit", "stand"] }, outcome: JSON.parse(JSON.stringify(expected)) });
    expect(expected.dealer.cards.length).toBeGreaterThanOrEqual(2);
    expect(row!.payout).toBe((2 * Number(expected.payoutMultiplier)).toFixed(2));
    expect(await stakesOf(round.id)).toEqual(["game-stake stake", "game-win resolve"]);
    expect(await server.app.services.gamePlay.recovery.recoverOpenRounds()).toBe(0);
    await expectLedgerClean(server);
  });
});
