import { ALGORITHM_VERSION, playRound } from "@playfair/fairness";
import { GameBetMaxExceedEventSchema } from "@playfair/contracts/bonus/player-bonuses";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";
import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { AppError } from "../../../lib/app-error.ts";
import { bonusRow, casinoTerms, giveActiveBonus, moneyOf } from "../../bonus/bonus-test-kit.ts";
import { bonusStakes } from "../../bonus/bonus.schema.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { act, bearer, bet, expectLedgerClean, fund, json, newPlayer, sessionFor, startPlayServer } from "./game-play-test-kit.ts";
import { gameRounds, gameSeeds } from "./game-play.schema.ts";

// Bonus money inside the originals' stakes (ADR 034): cash first, then bonus money; the payout
// follows the money staked; wagering counted in the stake's transaction by the game's
// contribution; the max bet refused with its event; the cancel lock while a round is open.

let server: TestServer;

beforeAll(async () => {
  server = await startPlayServer();
});

afterAll(async () => {
  await server?.close();
});

async function playerWith(cash: string): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  if (cash !== "0") await fund(server, player.playerId, cash);
  return player;
}

/** Sets a client seed whose next limbo round at `target` wins (or loses): the test knows the outcome. */
async function nextLimbo(player: RegisteredPlayer, target: string, win: boolean): Promise<void> {
  await server.request("/api/game/fairness/seeds", bearer(player));
  const [seed] = await server.database.db
    .select({ serverSeed: gameSeeds.serverSeed, nonce: gameSeeds.nonce })
    .from(gameSeeds)
    .where(and(eq(gameSeeds.playerId, player.playerId), eq(gameSeeds.game, "limbo"), isNull(gameSeeds.revealedAt)));
  const wins = (clientSeed: string) => playRound("limbo", { serverSeed: seed!.serverSeed, clientSeed, nonce: seed!.nonce, params: { target }, algorithmVersion: ALGORITHM_VERSION }).outcome.win;
  let attempt = 0;
  while (wins(`wager-${attempt}`) !== win) attempt += 1;
  const response = await server.request("/api/game/fairness/client-seed", bearer(player, json("PUT", { game: "limbo", clientSeed: `wager-${attempt}` })));
  expect(response.status).toBeLessThan(300);
}

async function events(channel: string): Promise<Record<string, unknown>[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel));
  return rows.map((row) => row.data as Record<string, unknown>);
}

const money = (amount: string) => Number(amount).toFixed(2);

async function balancesOf(player: RegisteredPlayer) {
  const { cash, bonus } = await moneyOf(server, player.playerId);
  return { cash: money(cash), bonus: money(bonus) };
}

describe("a stake with an active casino bonus", () => {
  it("takes cash first and the rest from the bonus, and a win pays each part back in proportion", async () => {
    const player = await playerWith("5.00");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const sessionId = await sessionFor(server, player, "playfair-limbo");

    await nextLimbo(player, "2.00", true);
    const won = await bet(server, player, sessionId, { amount: "10.00", params: { target: "2.00" } });
    const { data: round, balance } = await readJson(won);
    expect(won.status).toBe(201);
    expect(round).toMatchObject({ status: "settled", payout: "20.00", balanceBefore: "25.00", balanceAfter: "35.00" });
    expect(balance).toBe("35.00");
    // 5 cash + 5 bonus staked; the 2x win: 10 to cash, 10 to the bonus balance.
    expect(await balancesOf(player)).toEqual({ cash: "10.00", bonus: "25.00" });
    const [split] = await server.database.db.select().from(bonusStakes).where(eq(bonusStakes.stakeKey, `game-round:${round.id}`));
    expect(split).toMatchObject({ playerBonusId: granted.id, settledAt: expect.any(Date) });
    expect([money(split!.cashPart), money(split!.bonusPart), money(split!.counted)]).toEqual(["5.00", "5.00", "10.00"]);

    await nextLimbo(player, "2.00", false);
    const lost = await readJson(await bet(server, player, sessionId, { amount: "12.00", params: { target: "2.00" } }));
    expect(lost.data).toMatchObject({ status: "settled", payout: "0.00", balanceBefore: "35.00", balanceAfter: "23.00" });
    expect(await balancesOf(player)).toEqual({ cash: "0.00", bonus: "23.00" });

    const row = await bonusRow(server, granted.id);
    expect(money(row.wagered)).toBe("22.00");
    // The web shows live progress: the last playerBonus event carries it.
    const progress = (await events(`bonus:player-bonuses#${player.playerId}`)).at(-1);
    expect(progress).toMatchObject({ event: "playerBonus", playerBonus: { id: granted.id, balance: "23.00", wagering: { wagered: "22.00", required: "200.00" } } });
    await expectLedgerClean(server);
  });

  it("counts each game by its category's contribution, nothing outside the bonus's games, and nothing below the minimum multiplier", async () => {
    const player = await playerWith("0");
    const granted = await giveActiveBonus(server, player.playerId, "50.00", casinoTerms({ contributions: { slots: "100", table: "10", default: "50" }, minMultiplier: "1.50" }));
    const slot = await bet(server, player, await sessionFor(server, player, "playfair-slot"), { amount: "1.00", params: {} });
    expect(slot.status).toBe(201);
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("1.00");
    const roulette = await bet(server, player, await sessionFor(server, player, "playfair-roulette"), { amount: "2.00", params: { bets: [{ kind: "red", amount: "2.00" }] } });
    expect(roulette.status).toBe(201);
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("1.20");
    // Limbo is an instant game (default 50%); a 1.20 target is below the 1.50 minimum multiplier and counts nothing.
    const limbo = await sessionFor(server, player, "playfair-limbo");
    expect((await bet(server, player, limbo, { amount: "1.00", params: { target: "1.20" } })).status).toBe(201);
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("1.20");
    expect((await bet(server, player, limbo, { amount: "1.00", params: { target: "3.00" } })).status).toBe(201);
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("1.70");
    await expectLedgerClean(server);
  });

  it("plays a game outside the bonus's list with cash only, counting nothing", async () => {
    const player = await playerWith("3.00");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms({ gameIds: ["playfair-slot"] }));
    const dice = await sessionFor(server, player, "playfair-dice");
    const response = await bet(server, player, dice, { amount: "5.00", params: { target: "50.50", condition: "under" } });
    expect(response.status).toBe(422);
    expect(await readJson(response)).toMatchObject({ reason: "insufficientBalance" });
    expect((await bet(server, player, dice, { amount: "1.00", params: { target: "50.50", condition: "under" } })).status).toBe(201);
    expect((await balancesOf(player)).bonus).toBe("20.00");
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("0.00");
  });

  it("converts the bonus balance up to the cap when the wagering is done, the rest back to the budget", async () => {
    const player = await playerWith("0");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms({ wageringMultiplier: "1", maxConversionMultiplier: "0.5" }));
    const sessionId = await sessionFor(server, player, "playfair-limbo");
    await nextLimbo(player, "2.00", true);
    const won = await readJson(await bet(server, player, sessionId, { amount: "20.00", params: { target: "2.00" } }));
    // 20 of bonus money won 40; the requirement (20) is met: 10 converts (0.5 x 20), 30 goes back.
    expect(won.data).toMatchObject({ status: "settled", payout: "40.00", balanceBefore: "20.00", balanceAfter: "10.00" });
    expect(await balancesOf(player)).toEqual({ cash: "10.00", bonus: "0.00" });
    const row = await bonusRow(server, granted.id);
    expect(row).toMatchObject({ status: PLAYER_BONUS_STATUS.finished, result: PLAYER_BONUS_RESULT.played });
    expect([money(row.convertedAmount), money(row.forfeitedAmount)]).toEqual(["10.00", "30.00"]);
    await expectLedgerClean(server);
  });

  it("finishes a bonus whose money is all lost, with nothing converted", async () => {
    const player = await playerWith("0");
    const granted = await giveActiveBonus(server, player.playerId, "5.00", casinoTerms());
    const sessionId = await sessionFor(server, player, "playfair-limbo");
    await nextLimbo(player, "2.00", false);
    expect((await readJson(await bet(server, player, sessionId, { amount: "5.00", params: { target: "2.00" } }))).data).toMatchObject({ payout: "0.00", balanceAfter: "0.00" });
    const row = await bonusRow(server, granted.id);
    expect(row).toMatchObject({ status: PLAYER_BONUS_STATUS.finished, result: PLAYER_BONUS_RESULT.played });
    expect(money(row.convertedAmount)).toBe("0.00");
  });
});

describe("the max bet while wagering", () => {
  it("refuses a stake over it with 422 and game.bet.max.exceed, staking nothing", async () => {
    const player = await playerWith("10.00");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms({ maxBet: { EUR: "5.00" } }));
    const sessionId = await sessionFor(server, player, "playfair-dice");
    const refused = await bet(server, player, sessionId, { amount: "6.00", params: { target: "50.50", condition: "under" } });
    expect(refused.status).toBe(422);
    const body = await readJson(refused);
    expect(body).toMatchObject({ reason: "bonusMaxBetExceeded" });
    expect(body.errors.amount[0]).toContain("5.00 EUR");
    expect(await balancesOf(player)).toEqual({ cash: "10.00", bonus: "20.00" });
    expect(await server.database.db.select().from(gameRounds).where(eq(gameRounds.sessionId, sessionId))).toHaveLength(0);
    const [event] = await events(`game:bets#${player.playerId}`);
    expect(GameBetMaxExceedEventSchema.parse(event)).toEqual({
      event: "game.bet.max.exceed",
      playerBonus: { id: granted.id, currency: "EUR", maxBetAmount: "5.00" },
      gameCode: "playfair-dice",
      amount: "6.00",
    });
    expect((await bet(server, player, sessionId, { amount: "5.00", params: { target: "50.50", condition: "under" } })).status).toBe(201);
  });
});

describe("the cancel lock", () => {
  it("refuses to cancel a bonus while a mines round it staked is open, and cancels once the round is over", async () => {
    const player = await playerWith("1.00");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const sessionId = await sessionFor(server, player, "playfair-mines");
    const started = await readJson(await bet(server, player, sessionId, { amount: "4.00", params: { mines: 3 } }));
    expect(started.data).toMatchObject({ status: "open" });
    expect(started.balance).toBe("17.00");
    const cancel = () => server.database.db.transaction((tx) => server.app.services.bonus.lifecycle.cancel(tx, player.playerId, granted.id));
    const refusal = await cancel().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "CONFLICT", status: 409, reason: "bonusHasOpenRounds" });

    const [row] = await server.database.db.select({ hidden: gameRounds.hidden }).from(gameRounds).where(eq(gameRounds.id, started.data.id));
    const mines = (row!.hidden as { minePositions: number[] }).minePositions;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile))!;
    expect((await act(server, player, sessionId, started.data.id, { action: "reveal", tile: safe })).status).toBe(200);
    const cashed = await readJson(await act(server, player, sessionId, started.data.id, { action: "cashout" }));
    expect(cashed.data).toMatchObject({ status: "settled" });
    const payout = Math.round(Number(cashed.data.payout) * 100);
    // 1 cash + 3 bonus staked: the bonus's share of the payout is floor(payout x 3 / 4).
    const bonusShare = Math.floor((payout * 3) / 4);
    expect(await balancesOf(player)).toEqual({ cash: ((payout - bonusShare) / 100).toFixed(2), bonus: ((1700 + bonusShare) / 100).toFixed(2) });

    const cancelled = await cancel();
    expect(cancelled).toMatchObject({ status: PLAYER_BONUS_STATUS.finished, result: PLAYER_BONUS_RESULT.canceled });
    expect(await balancesOf(player)).toEqual({ cash: ((payout - bonusShare) / 100).toFixed(2), bonus: "0.00" });
    await expectLedgerClean(server);
  });

  it("pays the bonus's share of a round to the budget when the bonus ended while the round was open", async () => {
    const player = await playerWith("0");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const sessionId = await sessionFor(server, player, "playfair-mines");
    const started = await readJson(await bet(server, player, sessionId, { amount: "4.00", params: { mines: 3 } }));
    // The expiry job's way out: finished expired, whatever is open.
    const active = await bonusRow(server, granted.id);
    await server.database.db.transaction((tx) => server.app.services.bonus.lifecycle.finish(tx, active, PLAYER_BONUS_RESULT.expired));
    expect(await balancesOf(player)).toEqual({ cash: "0.00", bonus: "0.00" });
    const [row] = await server.database.db.select({ hidden: gameRounds.hidden }).from(gameRounds).where(eq(gameRounds.id, started.data.id));
    const mines = (row!.hidden as { minePositions: number[] }).minePositions;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile))!;
    await act(server, player, sessionId, started.data.id, { action: "reveal", tile: safe });
    const cashed = await readJson(await act(server, player, sessionId, started.data.id, { action: "cashout" }));
    expect(cashed.data).toMatchObject({ status: "settled" });
    expect(await balancesOf(player)).toEqual({ cash: "0.00", bonus: "0.00" });
    const [resolve] = await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, `game-round:${started.data.id}:resolve`));
    expect(resolve).toBeDefined();
    await expectLedgerClean(server);
  });
});

describe("concurrent and retried stakes", () => {
  it("keeps the wagering and the balances exact over 20 parallel rounds", async () => {
    const player = await playerWith("5.00");
    const granted = await giveActiveBonus(server, player.playerId, "50.00", casinoTerms());
    const sessions = await Promise.all(Array.from({ length: 4 }, () => sessionFor(server, player, "playfair-dice")));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bet(server, player, sessions[index % sessions.length]!, { amount: "1.00", params: { target: "50.50", condition: "under" } }).then(readJson)),
    );
    const payouts = answers.map((answer) => {
      expect(answer.data).toMatchObject({ status: "settled", stake: "1.00" });
      return Math.round(Number(answer.data.payout) * 100);
    });
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("20.00");
    const { cash, bonus } = await balancesOf(player);
    expect(Math.round(Number(cash) * 100) + Math.round(Number(bonus) * 100)).toBe(5500 - 2000 + payouts.reduce((sum, payout) => sum + payout, 0));
    const splits = await server.database.db.select().from(bonusStakes).where(eq(bonusStakes.playerBonusId, granted.id));
    expect(splits).toHaveLength(20);
    expect(splits.every((split) => split.settledAt !== null)).toBe(true);
    await expectLedgerClean(server);
  });

  it("counts a stake retried with the same Idempotency-Key once", async () => {
    const player = await playerWith("0");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const sessionId = await sessionFor(server, player, "playfair-dice");
    const request = () => bet(server, player, sessionId, { amount: "2.00", params: { target: "50.50", condition: "under" } }, { "idempotency-key": "wager-once" });
    const [first, second] = await Promise.all([request(), request()]);
    const third = await request();
    const ids = new Set([(await readJson(first)).data.id, (await readJson(second)).data.id, (await readJson(third)).data.id]);
    expect(ids.size).toBe(1);
    expect(money((await bonusRow(server, granted.id)).wagered)).toBe("2.00");
    const stakes = await server.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(like(ledgerTransactions.idempotencyKey, `game-round:${[...ids][0]}:%`), eq(ledgerTransactions.kind, "game-stake")));
    expect(stakes).toHaveLength(1);
  });
});
