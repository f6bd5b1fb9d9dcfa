import { and, eq } from "drizzle-orm";
import { PlayerBonusEventSchema } from "@playfair/contracts/bonus/player-bonuses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { createTestClock } from "../messaging/accounts-test-kit.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { cashbackPayouts, cashbackPeriods, playerBonuses } from "./bonus.schema.ts";
import { lastClosedPeriod, periodContaining } from "./cashback.ts";
import { bearer, bonusPlayer, expectLedgerClean, postMoney, signInAgain, startBonusServer } from "./bonus-api-test-kit.ts";

// Weekly cashback (seeded `weekly-cashback`: 10% of net losses, at least 10 lost, at most 100 paid,
// wagered once). Postings carry the database's time, so the test clock starts now and the payout
// runs a week later, when this week is the last closed period.

const clock = createTestClock();
let server: TestServer;
const WEEK_SECONDS = 7 * 86_400;

beforeAll(async () => {
  server = await startBonusServer(clock);
});

afterAll(async () => {
  await server?.close();
});

async function cashbackBonusOf(playerId: string) {
  return server.database.db.select().from(playerBonuses).where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.source, "cashback")));
}

describe("cashback", () => {
  it("fixes periods as weeks from Monday 00:00 UTC", () => {
    const wednesday = new Date("2026-12-02T15:30:00Z");
    expect(periodContaining(wednesday, 7)).toEqual({ start: new Date("2026-11-30T00:00:00Z"), end: new Date("2026-12-07T00:00:00Z") });
    expect(lastClosedPeriod(wednesday, 7)).toEqual({ start: new Date("2026-11-23T00:00:00Z"), end: new Date("2026-11-30T00:00:00Z") });
  });

  it("pays 10% of real-money net losses of the closed week as an issued bonus, once, and nothing for bonus-money stakes or small losses", async () => {
    const loser = await bonusPlayer(server);
    await postMoney(server, loser, "deposit", "500");
    await postMoney(server, loser, "game-stake", "100");
    await postMoney(server, loser, "game-win", "30");
    // Bonus money staked earns no cashback.
    await postMoney(server, loser, "bonus-credit", "50", { balance: "bonus" });
    await postMoney(server, loser, "game-stake", "50", { balance: "bonus" });
    const small = await bonusPlayer(server);
    await postMoney(server, small, "deposit", "50");
    await postMoney(server, small, "game-stake", "5");
    const winner = await bonusPlayer(server);
    await postMoney(server, winner, "deposit", "50");
    await postMoney(server, winner, "game-stake", "20");
    await postMoney(server, winner, "game-win", "60");
    const optedOut = await bonusPlayer(server, { receiveBonus: false });
    await postMoney(server, optedOut, "deposit", "100");
    await postMoney(server, optedOut, "game-stake", "100");

    const running = await readJson(await server.request("/api/game/bonuses/cashback?currency=EUR", bearer(loser)));
    expect(running.data).toMatchObject({ available: true, percent: "10", netLoss: "70.00", estimatedAmount: "7.00", minLoss: "10", maxAmount: "100", lastPayout: null });

    clock.advanceSeconds(WEEK_SECONDS);
    const { paid } = await server.app.services.bonus.cashback.payCashback(clock.now());
    expect(paid).toBeGreaterThanOrEqual(1);
    const [bonus] = await cashbackBonusOf(loser.playerId);
    expect(bonus).toMatchObject({ status: 1, amount: "7.00", wageringMultiplier: "1", source: "cashback" });
    expect(Number(bonus!.wageringRequired)).toBe(7);
    for (const player of [small, winner, optedOut]) expect(await cashbackBonusOf(player.playerId)).toEqual([]);

    // A rerun, and a second server's run, pay nobody twice.
    expect((await server.app.services.bonus.cashback.payCashback(clock.now())).periods).toMatchObject([{ template: "weekly-cashback", skipped: true, paid: 0 }]);
    expect(await cashbackBonusOf(loser.playerId)).toHaveLength(1);
    expect(await server.database.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.playerId, loser.playerId))).toHaveLength(1);

    await signInAgain(server, loser);
    const after = await readJson(await server.request("/api/game/bonuses/cashback?currency=EUR", bearer(loser)));
    expect(after.data).toMatchObject({ netLoss: "0.00", estimatedAmount: "0.00", lastPayout: { amount: "7.00" } });
    const listed = await readJson(await server.request("/api/game/player-bonuses", bearer(loser)));
    expect(listed.data).toMatchObject([{ id: bonus!.id, kind: "cashback", source: "cashback", amount: "7.00", status: 1 }]);
    // The event the payout published is the view the API shows.
    const [event] = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `bonus:player-bonuses#${loser.playerId}`));
    expect(PlayerBonusEventSchema.parse(event!.data).playerBonus).toEqual(listed.data[0]);
    const activated = await server.request(`/api/game/player-bonuses/${bonus!.id}/activate`, bearer(loser, { method: "PUT" }));
    expect(activated.status).toBe(200);
    await expectLedgerClean(server);
  });

  it("skips a period it has paid without reading its postings again, and pays the next period", async () => {
    const cashback = server.app.services.bonus.cashback;
    // Postings carry the database's time: a week from now, the week they fall in is the last closed one.
    const at = new Date(Date.now() + WEEK_SECONDS * 1000);
    const closed = lastClosedPeriod(at, 7);
    await cashback.payCashback(at);
    // Losses that land in the paid week afterwards: a run that scanned the week again would pay them.
    const late = await bonusPlayer(server);
    await postMoney(server, late, "deposit", "200");
    await postMoney(server, late, "game-stake", "150");
    const restart = await cashback.payCashback(at);
    expect(restart).toEqual({ paid: 0, periods: [{ template: "weekly-cashback", periodStart: closed.start.toISOString(), periodEnd: closed.end.toISOString(), skipped: true, paid: 0 }] });
    expect(await cashbackBonusOf(late.playerId)).toEqual([]);

    const nextWeek = new Date(at.getTime() + WEEK_SECONDS * 1000);
    const next = await cashback.payCashback(nextWeek);
    expect(next.periods).toEqual([{ template: "weekly-cashback", periodStart: closed.end.toISOString(), periodEnd: lastClosedPeriod(nextWeek, 7).end.toISOString(), skipped: false, paid: 0 }]);
    const [marked] = await server.database.db.select().from(cashbackPeriods).where(eq(cashbackPeriods.periodStart, closed.end.toISOString().slice(0, 10)));
    expect(marked).toMatchObject({ periodEnd: lastClosedPeriod(nextWeek, 7).end.toISOString().slice(0, 10), paidPlayers: 0 });
  });

  it("ignores losses outside the closed period", async () => {
    const player = await bonusPlayer(server);
    await postMoney(server, player, "deposit", "100");
    await postMoney(server, player, "game-stake", "80");
    // Two weeks on, the last closed week is the one after these losses.
    await server.app.services.bonus.cashback.payCashback(new Date(clock.now().getTime() + 2 * WEEK_SECONDS * 1000));
    expect(await cashbackBonusOf(player.playerId)).toEqual([]);
  });

  it("answers that no cashback runs in a currency without an offer", async () => {
    const player = await bonusPlayer(server, { currency: "BTC" });
    const answer = await readJson(await server.request("/api/game/bonuses/cashback?currency=BTC", bearer(player)));
    expect(answer.data).toMatchObject({ available: false, currency: "BTC", lastPayout: null });
  });
});
