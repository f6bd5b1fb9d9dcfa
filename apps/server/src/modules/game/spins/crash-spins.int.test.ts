import { WINNERS_CHANNEL } from "@playfair/contracts/game/play";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { players } from "../../player/player.schema.ts";
import { refreshPlayer, type RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { bettingRound, cashOut, clockAtMultiplier, outboxOn, placeBet, roundById, crashTestServer, startRunning } from "../crash/crash-test-kit.ts";
import { bearer, bet, sessionFor } from "../play/game-play-test-kit.ts";

// Crash bets read back like every other original's rounds: one spin each in the spins history (with
// its filters and paging), the player's last bets in game recall, and big cash-outs in the public
// winners feed, published live when they happen.

const crash = crashTestServer();
const { clock, fundedPlayer } = crash;

async function get(player: RegisteredPlayer | null, path: string) {
  const response = await crash.server.request(path, bearer(player));
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as { data: Record<string, unknown>[]; meta?: Record<string, number> };
}

/** One bet on the next round whose point passes `wanted`, cashed at `cashAt` hundredths or left to crash. */
async function crashBet(player: RegisteredPlayer, sessionId: string, amount: string, cashAt: number | null, wanted: (point: number) => boolean = () => true) {
  const round = await bettingRound(crash.server, clock, wanted);
  // Waiting for a rare crash point can move the clock past the access token's lifetime.
  await refreshPlayer(crash.server, player);
  const placement = await placeBet(crash.server, player, sessionId, { amount });
  const placed = await readJson(placement);
  expect(placement.status, `the bet on round ${round.id}: ${JSON.stringify(placed)}`).toBe(201);
  const running = await startRunning(crash.server, clock, round);
  if (cashAt !== null) {
    clockAtMultiplier(clock, running, cashAt);
    expect((await cashOut(crash.server, player, sessionId, placed.data.id)).status).toBe(200);
  }
  clockAtMultiplier(clock, running, round.crashPoint);
  await crash.server.app.services.crash.loop.tick();
  expect((await roundById(crash.server.database.db, round.id)).status).toBe("crashed");
  return { betId: placed.data.id as string, round };
}

describe("crash bets in the spins history and recall", () => {
  it("lists each settled crash bet as a spin beside dice rounds, filters and pages them, and recalls the last bets with their round", async () => {
    const player = await fundedPlayer();
    const crashSession = await sessionFor(crash.server, player, "playfair-crash");
    const diceSession = await sessionFor(crash.server, player, "playfair-dice");
    const won = await crashBet(player, crashSession, "2.00", 150, (point) => point >= 200 && point < 100_000);
    const dice = await readJson(await bet(crash.server, player, diceSession, { amount: "1.00", params: { target: "50.00", condition: "under" } }));
    expect(dice.data.status).toBe("settled");
    const lost = await crashBet(player, crashSession, "1.00", null, (point) => point < 100_000);
    // A demo bet is no spin of the history.
    const demoSession = await sessionFor(crash.server, null, "playfair-crash", { demo: true });
    const demoRound = await bettingRound(crash.server, clock);
    expect((await placeBet(crash.server, null, demoSession, { amount: "5.00" })).status).toBe(201);
    await startRunning(crash.server, clock, demoRound);

    const all = await get(player, "/api/game/spins");
    expect(all.meta).toMatchObject({ totalRows: 3 });
    expect(all.data.map((row) => row.id)).toEqual([lost.betId, dice.data.id, won.betId]);
    expect(all.data[2]).toEqual({
      id: won.betId,
      game: "playfair-crash",
      gameName: expect.any(String),
      source: "original",
      provider: "playfair",
      currency: "EUR",
      status: "settled",
      stake: "2.00",
      payout: "3.00",
      multiplier: "1.50",
      createdAt: expect.any(String),
      settledAt: expect.any(String),
      verifiable: true,
      fairnessRoundId: won.round.id,
    });
    expect(all.data[0]).toMatchObject({ status: "settled", stake: "1.00", payout: "0.00", multiplier: "0", fairnessRoundId: lost.round.id });
    expect(all.data[1]).toMatchObject({ game: "playfair-dice", fairnessRoundId: dice.data.id });

    const crashOnly = await get(player, "/api/game/spins?game=playfair-crash&perPage=1&page=2");
    expect(crashOnly.meta).toMatchObject({ totalRows: 2, page: 2 });
    expect(crashOnly.data.map((row) => row.id)).toEqual([won.betId]);
    expect((await get(player, "/api/game/spins?source=thirdParty")).meta).toMatchObject({ totalRows: 0 });
    expect((await get(player, "/api/game/spins?status=voided")).meta).toMatchObject({ totalRows: 0 });
    const tomorrow = new Date(clock.now().getTime() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await get(player, `/api/game/spins?game=playfair-crash&dateFrom=${tomorrow}`)).meta).toMatchObject({ totalRows: 0 });

    const recall = await get(player, "/api/game/originals/playfair-crash/recall");
    expect(recall.data).toHaveLength(2);
    expect(recall.data[0]).toMatchObject({
      id: lost.betId,
      game: "playfair-crash",
      status: "settled",
      stake: "1.00",
      payout: "0.00",
      multiplier: "0",
      seeds: null,
      // 100 - 2.00 + 3.00 - 1.00 (dice) + the dice payout, then the 1.00 stake lost.
      balanceBefore: ((10_000 + Math.round(Number(dice.data.payout) * 100)) / 100).toFixed(2),
      balanceAfter: ((9_900 + Math.round(Number(dice.data.payout) * 100)) / 100).toFixed(2),
      params: { roundId: lost.round.id, autoCashout: null },
      outcome: { roundId: lost.round.id, crashPoint: `${Math.floor(lost.round.crashPoint / 100)}.${String(lost.round.crashPoint % 100).padStart(2, "0")}`, cashoutMultiplier: null },
    });
    expect(recall.data[1]).toMatchObject({ id: won.betId, multiplier: "1.50", payout: "3.00", balanceBefore: "100.00", balanceAfter: "101.00", outcome: { cashoutMultiplier: "1.50" } });
    // Other originals' recall is untouched by crash bets.
    expect((await get(player, "/api/game/originals/playfair-dice/recall")).data.map((row) => row.id)).toEqual([dice.data.id]);
  });
});

describe("crash cash-outs in the public big wins", () => {
  it("lists a cash-out from 10x among the winners and publishes it live; a smaller one is not", async () => {
    const player = await fundedPlayer();
    await crash.server.database.db.update(players).set({ nickname: "Rocket" }).where(eq(players.id, player.playerId));
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const small = await crashBet(player, sessionId, "1.00", 999, (point) => point > 999 && point < 100_000);
    const big = await crashBet(player, sessionId, "1.00", 1000, (point) => point > 1000 && point < 100_000);

    const winners = await get(null, "/api/game/spins/winners");
    expect(winners.data[0]).toEqual({ roundId: big.betId, game: "playfair-crash", player: "Ro***", currency: "EUR", stake: "1.00", payout: "10.00", multiplier: "10.00", settledAt: expect.any(String) });
    expect(winners.data.map((row) => row.roundId)).not.toContain(small.betId);
    const live = await outboxOn(crash.server.database.db, WINNERS_CHANNEL);
    expect(live).toContainEqual({ event: "game.winner", winner: winners.data[0] });
    expect(live.map((event) => (event.winner as { roundId: string }).roundId)).not.toContain(small.betId);
  });
});
