import { randomUUID } from "node:crypto";
import { GameBetRestrictedEventSchema } from "@playfair/contracts/game/bet-restricted";
import { ALGORITHM_VERSION, playRound, seedHash, verifyRound } from "@playfair/fairness";
import { LIMIT_DEFINITION, LIMIT_PERIOD } from "@playfair/contracts/constants";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { players } from "../../player/player.schema.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import {
  act,
  activeServerSeed,
  bearer,
  bet,
  cashOf,
  expectLedgerClean,
  fund,
  json,
  launch,
  newPlayer,
  sessionFor,
  startPlayServer,
  type PlayedRecord,
} from "./game-play-test-kit.ts";
import { gameRounds } from "./game-play.schema.ts";

// Our originals played through the ledger: launch, seeds (F1), rounds (F3, L4, L5), limits at
// stake time (P3), demo money, recall (P7), history and the public round record.

let server: TestServer & { played: PlayedRecord[] };

beforeAll(async () => {
  server = await startPlayServer();
});

afterAll(async () => {
  await server?.close();
});

const DICE = { target: "50.50", condition: "under" };

async function fundedPlayer(amount = "100.00"): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await fund(server, player.playerId, amount);
  return player;
}

async function outboxOn(channel: string): Promise<{ data: unknown }[]> {
  return server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel));
}

describe("launching an original", () => {
  it("opens a demo session for a guest with play money, and refuses real play without a session", async () => {
    const demo = await launch(server, null, "playfair-dice", { demo: true });
    expect(demo.status).toBe(201);
    expect(await readJson(demo)).toMatchObject({ kind: "original", url: null, demo: true, currency: "FUN", sessionId: expect.any(String), stakes: { min: "0.10", max: "100.00" } });
    const real = await launch(server, null, "playfair-dice", {});
    expect(real.status).toBe(401);
  });

  it("opens a real session in the player's account currency and records the game as played", async () => {
    const player = await fundedPlayer();
    const response = await launch(server, player, "playfair-mines", {});
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ kind: "original", demo: false, currency: "EUR", stakes: { min: "0.10", max: "1000.00" } });
    expect(server.played).toContainEqual({ playerId: player.playerId, identity: "playfair-mines" });
    const before = server.played.length;
    await sessionFor(server, player, "playfair-dice", { demo: true });
    expect(server.played).toHaveLength(before);
  });

  it("answers 404 for a game that is not ours (no aggregator wired) and 422 for a currency the player has no account in", async () => {
    const player = await fundedPlayer();
    expect((await launch(server, player, "acme-fruit-party", {})).status).toBe(404);
    const noAccount = await launch(server, player, "playfair-dice", { currency: "USD" });
    expect(noAccount.status).toBe(422);
    expect((await readJson(noAccount)).errors.currency).toBeDefined();
  });
});

describe("seeds (F1) and the round record (F3)", () => {
  it("shows the server seed's hash before a bet, moves the nonce per round, and reveals the seed on rotation so the round verifies", async () => {
    const player = await fundedPlayer();
    const seeds = await readJson(await server.request("/api/game/fairness/seeds", bearer(player)));
    const dice = (seeds.data as { game: string; serverSeedHash: string; nonce: number; previous: unknown }[]).find((seed) => seed.game === "dice")!;
    expect(seeds.data).toHaveLength(8);
    expect(dice).toMatchObject({ nonce: 0, previous: null, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const badSeed = await server.request("/api/game/fairness/client-seed", bearer(player, json("PUT", { game: "dice", clientSeed: "lucky:7" })));
    expect(badSeed.status).toBe(422);
    const setSeed = await server.request("/api/game/fairness/client-seed", bearer(player, json("PUT", { game: "dice", clientSeed: "my lucky seed" })));
    expect((await readJson(setSeed)).data).toMatchObject({ clientSeed: "my lucky seed", nonce: 0, serverSeedHash: dice.serverSeedHash });

    const sessionId = await sessionFor(server, player, "playfair-dice");
    const placed = await bet(server, player, sessionId, { amount: "1.00", params: DICE });
    const round = (await readJson(placed)).data;
    expect(placed.status).toBe(201);
    expect(round).toMatchObject({ status: "settled", stake: "1.00", seeds: { serverSeedHash: dice.serverSeedHash, clientSeed: "my lucky seed", nonce: 0, cursor: 0, algorithmVersion: ALGORITHM_VERSION } });

    const hidden = await readJson(await server.request(`/api/game/fairness/rounds/${round.id}`));
    expect(hidden.data).toMatchObject({ id: round.id, serverSeed: null, outcome: round.outcome, nonce: 0 });

    const rotated = await readJson(await server.request("/api/game/fairness/rotate", bearer(player, json("POST", { game: "dice" }))));
    expect(rotated.data.previous).toMatchObject({ serverSeedHash: dice.serverSeedHash, clientSeed: "my lucky seed", nonce: 1 });
    expect(seedHash(rotated.data.previous.serverSeed)).toBe(dice.serverSeedHash);
    expect(rotated.data.serverSeedHash).not.toBe(dice.serverSeedHash);
    expect(rotated.data.nonce).toBe(0);

    const record = (await readJson(await server.request(`/api/game/fairness/rounds/${round.id}`))).data;
    expect(record.serverSeed).toBe(rotated.data.previous.serverSeed);
    const recomputed = verifyRound("dice", { ...record, serverSeedHash: record.serverSeedHash, params: record.params, algorithmVersion: record.algorithmVersion });
    expect(recomputed.outcome).toEqual(record.outcome);
  });

  it("keeps an open round's record private and 404s an unknown round", async () => {
    expect((await server.request("/api/game/fairness/rounds/00000000-0000-4000-8000-000000000009")).status).toBe(404);
  });
});

describe("a real round through the ledger", () => {
  it("takes the stake and pays the win in one step, records balances, publishes the spin and the balance, and leaves the ledger exact", async () => {
    const player = await fundedPlayer("20.00");
    const sessionId = await sessionFor(server, player, "playfair-dice");
    const response = await bet(server, player, sessionId, { amount: "2.50", params: DICE });
    const { data: round, balance } = await readJson(response);
    expect(response.status).toBe(201);
    const won = round.outcome.win as boolean;
    expect(round.payout).toBe(won ? (Math.floor(250 * Number(round.multiplier)) / 100).toFixed(2) : "0.00");
    expect(round.balanceBefore).toBe("20.00");
    const expected = (2000 - 250 + Math.round(Number(round.payout) * 100)) / 100;
    expect(round.balanceAfter).toBe(expected.toFixed(2));
    expect(balance).toBe(round.balanceAfter);
    expect(await cashOf(server, player)).toBe(round.balanceAfter);

    const keys = await server.database.db
      .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `game-round:${round.id}:%`));
    expect(keys.map((key) => `${key.kind} ${key.key}`).sort()).toEqual([`game-stake game-round:${round.id}:stake`, `game-win game-round:${round.id}:resolve`]);

    const spins = await outboxOn(`game:spins#${player.playerId}`);
    expect(spins.at(-1)?.data).toMatchObject({ event: "bet.placebet", spin: { id: round.id, status: "settled" } });
    const accounts = await outboxOn(`wallet:accounts#${player.playerId}`);
    expect(accounts.at(-1)?.data).toMatchObject({ event: "account", account: { cash: round.balanceAfter } });
    // The publication, read with the settling update, shows the account exactly as the wallet lists it.
    const listed = (await readJson(await server.request("/api/wallet/accounts", bearer(player)))).data as { currency: string }[];
    expect(accounts.at(-1)?.data).toEqual({ event: "account", account: listed.find((account) => account.currency === "EUR") });
    await expectLedgerClean(server);
  });

  it("plays every single-step original: limbo, plinko, keno, roulette with split amounts, and the slot with its free spins in one round", async () => {
    const player = await fundedPlayer("100.00");
    const cases: [string, Record<string, unknown>, string][] = [
      ["playfair-limbo", { target: "2.00" }, "1.00"],
      ["playfair-plinko", { rows: 16, risk: "high" }, "1.00"],
      ["playfair-keno", { picks: [1, 5, 9, 13, 40], risk: "medium" }, "1.00"],
      ["playfair-roulette", { bets: [{ kind: "red", amount: "1.50" }, { kind: "straight", numbers: [17], amount: "0.50" }] }, "2.00"],
      ["playfair-slot", {}, "1.00"],
    ];
    for (const [identity, params, amount] of cases) {
      const sessionId = await sessionFor(server, player, identity);
      const response = await bet(server, player, sessionId, { amount, params });
      const body = await readJson(response);
      expect(response.status, `${identity}: ${JSON.stringify(body)}`).toBe(201);
      expect(body.data).toMatchObject({ game: identity, status: "settled", stake: amount });
      const record = body.data;
      const serverSeed = await activeServerSeed(server, player.playerId, record.fairnessGame);
      const replayed = playRound(record.fairnessGame, { serverSeed, clientSeed: record.seeds.clientSeed, nonce: record.seeds.nonce, cursor: 0, params: record.params, algorithmVersion: ALGORITHM_VERSION });
      expect(replayed.outcome).toEqual(record.outcome);
    }
    const roulette = await bet(server, player, await sessionFor(server, player, "playfair-roulette"), { amount: "2.00", params: { bets: [{ kind: "red", amount: "1.00" }] } });
    expect(roulette.status).toBe(422);
    expect((await readJson(roulette)).errors.params).toBeDefined();
    await expectLedgerClean(server);
  });

  it("refuses stakes outside the game's range, amounts finer than the currency, bad parameters, another player's session and a short balance", async () => {
    const player = await fundedPlayer("1.00");
    const sessionId = await sessionFor(server, player, "playfair-dice");
    const refusals: [Record<string, unknown>, string][] = [
      [{ amount: "0.05", params: DICE }, "amount"],
      [{ amount: "1000.01", params: DICE }, "amount"],
      [{ amount: "0.105", params: DICE }, "amount"],
      [{ amount: "1.00", params: { target: "99.99", condition: "under" } }, "params"],
      [{ amount: "-1", params: DICE }, "amount"],
    ];
    for (const [body, field] of refusals) {
      const response = await bet(server, player, sessionId, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await readJson(response)).errors)).toContain(field);
    }
    const short = await bet(server, player, sessionId, { amount: "2.00", params: DICE });
    expect(short.status).toBe(422);
    expect(await readJson(short)).toMatchObject({ reason: "insufficientBalance", errors: { amount: ["The balance is not sufficient."] } });
    const stranger = await fundedPlayer();
    expect((await bet(server, stranger, sessionId, { amount: "0.10", params: DICE })).status).toBe(404);
    expect((await bet(server, player, "00000000-0000-4000-8000-000000000042", { amount: "0.10", params: DICE })).status).toBe(404);
    expect(await cashOf(server, player)).toBe("1.00");
  });

  it("settles a request retried under the same Idempotency-Key once, and refuses the key with another body (L4)", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(server, player, "playfair-dice");
    const headers = { "idempotency-key": "dice-retry-1" };
    const [first, second] = await Promise.all([bet(server, player, sessionId, { amount: "1.00", params: DICE }, headers), bet(server, player, sessionId, { amount: "1.00", params: DICE }, headers)]);
    const firstBody = await readJson(first);
    const secondBody = await readJson(second);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(secondBody.data.id).toBe(firstBody.data.id);
    expect([first.headers.get("idempotent-replayed"), second.headers.get("idempotent-replayed")].sort()).toEqual([null, "true"]);
    const rounds = (await server.database.db.select({ rounds: count() }).from(gameRounds).where(eq(gameRounds.sessionId, sessionId)))[0]!.rounds;
    expect(rounds).toBe(1);
    expect(await cashOf(server, player)).toBe(firstBody.data.balanceAfter);
    const reused = await bet(server, player, sessionId, { amount: "2.00", params: DICE }, headers);
    expect(reused.status).toBe(409);
    // Neither the replay nor the refused reuse took a nonce: the next round plays the very next one (F1).
    const next = await readJson(await bet(server, player, sessionId, { amount: "1.00", params: DICE }));
    expect([firstBody.data.seeds.nonce, next.data.seeds.nonce]).toEqual([0, 1]);
    await expectLedgerClean(server);
  });

  it("accepts exactly 10 of 50 parallel stakes when the balance covers 10", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(server, player, "playfair-limbo");
    // A 1,000,000x target loses with certainty short of one chance in a million: no win refills the balance.
    // One player's stakes take turns on the player's rows while each holds a pooled connection: on a
    // busy machine some wait longer than the pool's connection timeout and answer 503. A client
    // sends such a stake again under its key (L4), so the test does too.
    const stake = async (key: string): Promise<Response> => {
      for (;;) {
        const answer = await bet(server, player, sessionId, { amount: "1.00", params: { target: "1000000.00" } }, { "idempotency-key": key });
        if (answer.status !== 503) return answer;
      }
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => stake(randomUUID())));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    expect(await cashOf(server, player)).toBe("0.00");
    await expectLedgerClean(server);
  }, 120_000);
});

describe("limits and restricted mode at stake time (P3)", () => {
  it("refuses a stake over the bet limit with the limit named, publishes game.bet.restricted and moves no money", async () => {
    const player = await fundedPlayer("50.00");
    const limit = await server.request("/api/player/limits", bearer(player, json("POST", { definition: LIMIT_DEFINITION.bet, period: LIMIT_PERIOD.daily, currency: "EUR", amount: "3.00" })));
    expect(limit.status).toBe(201);
    const sessionId = await sessionFor(server, player, "playfair-limbo");
    expect((await bet(server, player, sessionId, { amount: "2.00", params: { target: "1000000.00" } })).status).toBe(201);
    const over = await bet(server, player, sessionId, { amount: "2.00", params: { target: "1000000.00" } });
    expect(over.status).toBe(422);
    expect(await readJson(over)).toMatchObject({ reason: "betLimitReached", errors: { amount: [expect.stringContaining("bet limit")] } });
    expect((await bet(server, player, sessionId, { amount: "1.00", params: { target: "1000000.00" } })).status).toBe(201);
    const reached = await bet(server, player, sessionId, { amount: "0.10", params: { target: "1000000.00" } });
    expect(await readJson(reached)).toMatchObject({ reason: "betLimitReached" });
    const events = await outboxOn(`game:bets#${player.playerId}`);
    // The same shape as a studio game's refusal: the game page reads one event whoever runs the game.
    expect(events.map((event) => GameBetRestrictedEventSchema.parse(event.data))).toEqual([
      { event: "game.bet.restricted", reason: "betLimitReached", message: expect.stringContaining("bet limit"), provider: "playfair", gameCode: "playfair-limbo", currency: "EUR", amount: "2.00" },
      { event: "game.bet.restricted", reason: "betLimitReached", message: expect.any(String), provider: "playfair", gameCode: "playfair-limbo", currency: "EUR", amount: "0.10" },
    ]);
    expect(await cashOf(server, player)).toBe("47.00");
  });

  it("refuses a self-excluded player's stake even with a token from before the exclusion, and a restricted token's launch", async () => {
    const player = await fundedPlayer("50.00");
    const sessionId = await sessionFor(server, player, "playfair-dice");
    await server.database.db.update(players).set({ selfExcludedUntil: new Date(Date.now() + 180 * 86_400_000) }).where(eq(players.id, player.playerId));
    const refused = await bet(server, player, sessionId, { amount: "1.00", params: DICE });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    expect((await launch(server, player, "playfair-dice", {})).status).toBe(403);
    expect((await outboxOn(`game:bets#${player.playerId}`)).map((event) => event.data)).toEqual([expect.objectContaining({ event: "game.bet.restricted", reason: "selfExcluded" })]);
    expect(await cashOf(server, player)).toBe("50.00");
  });
});

describe("mines: a multi-step round", () => {
  async function minesOf(roundId: string): Promise<number[]> {
    const [row] = await server.database.db.select({ hidden: gameRounds.hidden }).from(gameRounds).where(eq(gameRounds.id, roundId));
    return (row!.hidden as { minePositions: number[] }).minePositions;
  }

  it("holds the stake while open, reveals safe tiles, cashes out at the multiplier, and refuses a second board and a seed rotation meanwhile", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(server, player, "playfair-mines");
    const started = await readJson(await bet(server, player, sessionId, { amount: "2.00", params: { mines: 3 } }));
    expect(started.data).toMatchObject({ status: "open", payout: null, params: { mines: 3, reveals: [] }, outcome: { steps: [] } });
    expect(JSON.stringify(started.data)).not.toContain("minePositions");
    expect(started.balance).toBe("8.00");
    expect((await bet(server, player, sessionId, { amount: "1.00", params: { mines: 3 } })).status).toBe(409);
    expect((await server.request("/api/game/fairness/rotate", bearer(player, json("POST", { game: "mines" })))).status).toBe(409);
    expect((await act(server, player, sessionId, started.data.id, { action: "cashout" })).status).toBe(422);

    const mines = await minesOf(started.data.id);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    const first = await readJson(await act(server, player, sessionId, started.data.id, { action: "reveal", tile: safe[0] }));
    expect(first.data).toMatchObject({ status: "open", outcome: { steps: [{ tile: safe[0], safe: true, multiplier: "1.12" }] } });
    expect((await act(server, player, sessionId, started.data.id, { action: "reveal", tile: safe[0] })).status).toBe(422);
    await act(server, player, sessionId, started.data.id, { action: "reveal", tile: safe[1] });
    const cashed = await readJson(await act(server, player, sessionId, started.data.id, { action: "cashout" }));
    expect(cashed.data).toMatchObject({ status: "settled", multiplier: "1.28", payout: "2.56", balanceBefore: "10.00", balanceAfter: "10.56", outcome: { minePositions: mines } });
    expect(await cashOf(server, player)).toBe("10.56");
    expect((await act(server, player, sessionId, started.data.id, { action: "cashout" })).status).toBe(409);
    await expectLedgerClean(server);
  });

  it("ends the round at the first mine with nothing paid", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(server, player, "playfair-mines");
    const started = await readJson(await bet(server, player, sessionId, { amount: "1.00", params: { mines: 5 } }));
    const [mine] = await minesOf(started.data.id);
    const boom = await readJson(await act(server, player, sessionId, started.data.id, { action: "reveal", tile: mine }));
    expect(boom.data).toMatchObject({ status: "settled", payout: "0.00", multiplier: "0" });
    expect(await cashOf(server, player)).toBe("9.00");
    await expectLedgerClean(server);
  });
});

describe("demo play", () => {
  it("plays a guest's rounds with play money that never reaches the ledger", async () => {
    const before = (await server.database.db.select({ before: count() }).from(ledgerTransactions))[0]!.before;
    const sessionId = await sessionFor(server, null, "playfair-dice", { demo: true });
    const first = await readJson(await bet(server, null, sessionId, { amount: "10.00", params: DICE }));
    expect(first.data).toMatchObject({ demo: true, currency: "FUN", balanceBefore: "1000.00", status: "settled" });
    const tooMuch = await bet(server, null, sessionId, { amount: "100.01", params: DICE });
    expect(tooMuch.status).toBe(422);
    const minesSession = await sessionFor(server, null, "playfair-mines", { demo: true });
    const mines = await readJson(await bet(server, null, minesSession, { amount: "1.00", params: { mines: 1 } }));
    expect(mines.data).toMatchObject({ demo: true, status: "open" });
    expect(mines.balance).toBe("999.00");
    const after = (await server.database.db.select({ after: count() }).from(ledgerTransactions))[0]!.after;
    expect(after).toBe(before);
  });
});

describe("recall (P7), spins history and winners", () => {
  it("lists the last 10 rounds of a game with steps and balances, pages the spins, and shows big wins with masked names", async () => {
    const player = await fundedPlayer("100.00");
    await server.database.db.update(players).set({ nickname: "Lovelace" }).where(eq(players.id, player.playerId));
    const sessionId = await sessionFor(server, player, "playfair-limbo");
    // Choose a client seed that wins a 10x limbo target on the next nonce: a big win.
    await server.request("/api/game/fairness/seeds", bearer(player));
    const serverSeed = await activeServerSeed(server, player.playerId, "limbo");
    const wins = (clientSeed: string) => playRound("limbo", { serverSeed, clientSeed, nonce: 0, params: { target: "10.00" }, algorithmVersion: ALGORITHM_VERSION }).outcome.win;
    let attempt = 0;
    while (!wins(`big-win-${attempt}`)) attempt += 1;
    const clientSeed = `big-win-${attempt}`;
    await server.request("/api/game/fairness/client-seed", bearer(player, json("PUT", { game: "limbo", clientSeed })));
    const win = await readJson(await bet(server, player, sessionId, { amount: "1.00", params: { target: "10.00" } }));
    expect(win.data).toMatchObject({ status: "settled", payout: "10.00", multiplier: "10.00" });
    for (let index = 0; index < 11; index++) await bet(server, player, sessionId, { amount: "0.10", params: { target: "1.50" } });

    const recall = await readJson(await server.request("/api/game/originals/playfair-limbo/recall", bearer(player)));
    expect(recall.data).toHaveLength(10);
    expect(recall.data[0]).toMatchObject({ game: "playfair-limbo", stake: "0.10", balanceBefore: expect.any(String), balanceAfter: expect.any(String), outcome: expect.any(Object) });
    expect(recall.data.map((round: { id: string }) => round.id)).not.toContain(win.data.id);

    const page = await readJson(await server.request("/api/game/spins?page=2&perPage=5", bearer(player)));
    expect(page.meta).toEqual({ page: 2, perPage: 5, totalPages: 3, totalRows: 12 });
    expect(page.data).toHaveLength(5);

    const winners = await readJson(await server.request("/api/game/spins/winners"));
    expect(winners.data).toContainEqual(expect.objectContaining({ roundId: win.data.id, player: "Lo***", payout: "10.00", game: "playfair-limbo" }));
    expect(JSON.stringify(winners.data)).not.toContain("Lovelace");
    const feed = await outboxOn("global:game-winners");
    expect(feed.map((entry) => entry.data)).toContainEqual(expect.objectContaining({ event: "game.winner", winner: expect.objectContaining({ roundId: win.data.id }) }));
    const other = await fundedPlayer();
    expect((await readJson(await server.request("/api/game/originals/playfair-limbo/recall", bearer(other)))).data).toEqual([]);
    const rows = await server.database.db.select({ n: count() }).from(gameRounds).where(and(eq(gameRounds.playerId, player.playerId), eq(gameRounds.status, "settled")));
    expect(rows[0]!.n).toBe(12);
  });
});
