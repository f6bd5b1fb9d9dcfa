import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlayerFreespinEventSchema } from "@playfair/contracts/bonus/player-bonuses";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { ledgerTransactions } from "../ledger/ledger.schema.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { bearer, bet, cashOf, expectLedgerClean, fund, json, launch, sessionFor, startPlayServer } from "../game/play/game-play-test-kit.ts";
import { gameRounds } from "../game/play/game-play.schema.ts";
import { bonusPlayer, freespinRow, freespinTemplate, giveFreespins, winningsBonus } from "./freespins-test-kit.ts";

// Free spins (spec 3, 4, 7; ADR 034): issued, activated, cancelled and listed; played on Starfall
// at the spin value without the player's money; the winnings become a bonus with the template's
// wagering when the last spin is played or the free spins end early.

let server: TestServer;
let clock = Date.now();

beforeAll(async () => {
  server = await startPlayServer({ now: () => new Date(clock) });
});

afterAll(async () => {
  await server?.close();
});

const SLOT = "playfair-slot";

async function spin(player: { accessToken: string }, sessionId: string, freespinId: string, amount = "1.00") {
  return bet(server, player, sessionId, { amount, params: {}, freespinId });
}

async function freespinEvents(playerId: string) {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `bonus:player-freespins#${playerId}`));
  return rows.map((row) => PlayerFreespinEventSchema.parse(row.data).playerFreespin);
}

describe("issuing, activating, cancelling and listing free spins", () => {
  it("lists issued free spins with the game and the title in the player's language, activates them and offers them at launch", async () => {
    const player = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 10, gameIds: ["playfair-crash", SLOT], spinValue: "0.20" });
    const issued = await giveFreespins(server, player.playerId, template, false);

    const list = await readJson(await server.request("/api/game/player-freespins?status=1,2", bearer(player, { headers: { "accept-language": "de" } })));
    expect(list.data).toEqual([
      expect.objectContaining({ id: issued.id, status: 1, result: 1, count: 10, remaining: 10, currency: "EUR", gameId: SLOT, gameName: "Starfall", spinValue: "0.20", winnings: "0.00", title: "Starfall-Freispiele" }),
    ]);
    // Issued free spins are not offered yet.
    expect((await readJson(await launch(server, player, SLOT, {}))).freespin).toBeUndefined();

    const activated = await server.request(`/api/game/player-freespins/${issued.id}/activate`, bearer(player, json("PUT", {})));
    expect(activated.status).toBe(200);
    expect((await readJson(activated)).data).toMatchObject({ id: issued.id, status: 2, result: 1, activatedAt: expect.any(String) });
    expect((await server.request(`/api/game/player-freespins/${issued.id}/activate`, bearer(player, json("PUT", {})))).status).toBe(409);

    expect((await readJson(await launch(server, player, SLOT, {}))).freespin).toEqual({ id: issued.id, remaining: 10, spinValue: "0.20" });
    expect((await freespinEvents(player.playerId)).map((view) => view.status)).toEqual([1, 2]);
  });

  it("cancels free spins: finished with result 3, gone from the default list, and nobody else's can be touched", async () => {
    const player = await bonusPlayer(server);
    const other = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 5, gameIds: [SLOT] });
    const given = await giveFreespins(server, player.playerId, template);

    expect((await server.request(`/api/game/player-freespins/${given.id}/cancel`, bearer(other, json("PUT", {})))).status).toBe(404);
    const cancelled = await server.request(`/api/game/player-freespins/${given.id}/cancel`, bearer(player, json("PUT", {})));
    expect(cancelled.status).toBe(200);
    expect((await readJson(cancelled)).data).toMatchObject({ status: 3, result: 3, finishedAt: expect.any(String) });
    expect((await readJson(await server.request("/api/game/player-freespins", bearer(player)))).data).toEqual([]);
    expect((await readJson(await server.request("/api/game/player-freespins?status=3", bearer(player)))).data).toHaveLength(1);
    expect((await server.request(`/api/game/player-freespins/${given.id}/cancel`, bearer(player, json("PUT", {})))).status).toBe(409);
    expect(await winningsBonus(server, player.playerId, given.id)).toEqual([]);
  });

  it("refuses free spins on games the currency cannot play, and past the template's per-player limit", async () => {
    const player = await bonusPlayer(server);
    const mines = await freespinTemplate(server, { count: 5, gameIds: ["playfair-mines"] });
    const refused = await server.database.db.transaction((tx) => server.app.services.bonus.freespins.issue(tx, { playerId: player.playerId, template: mines, currency: "EUR", source: "manual" }));
    expect(refused).toEqual({ refused: "currency" });
    const once = await freespinTemplate(server, { count: 5, gameIds: [SLOT], perPlayerLimit: 1 });
    await giveFreespins(server, player.playerId, once);
    const again = await server.database.db.transaction((tx) => server.app.services.bonus.freespins.issue(tx, { playerId: player.playerId, template: once, currency: "EUR", source: "manual" }));
    expect(again).toEqual({ refused: "alreadyReceived" });
  });
});

describe("playing free spins on Starfall", () => {
  it("plays every spin at the spin value without the player's money; the winnings become an active bonus with the template's wagering", async () => {
    const player = await bonusPlayer(server);
    await fund(server, player.playerId, "5.00");
    const template = await freespinTemplate(server, { count: 3, gameIds: [SLOT] });
    const given = await giveFreespins(server, player.playerId, template);
    const sessionId = await sessionFor(server, player, SLOT);

    let won = 0n;
    for (let index = 0; index < 3; index++) {
      const response = await spin(player, sessionId, given.id);
      const body = await readJson(response);
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(body.data).toMatchObject({ freespinId: given.id, stake: "1.00", status: "settled", seeds: expect.objectContaining({ nonce: index }) });
      expect(body.balance).toBe("5.00");
      won += BigInt(String(body.data.payout).replace(".", ""));
    }
    expect(await cashOf(server, player)).toBe("5.00");
    const finished = await freespinRow(server, given.id);
    expect(finished).toMatchObject({ status: 3, result: 2, used: 3, settled: 3 });
    const winnings = `${won / 100n}.${(won % 100n).toString().padStart(2, "0")}`;
    expect(Number(finished.winnings)).toBe(Number(winnings));
    const bonuses = await winningsBonus(server, player.playerId, given.id);
    if (won === 0n) {
      expect(bonuses).toEqual([]);
    } else {
      expect(bonuses).toEqual([expect.objectContaining({ source: "freespins", status: 2, amount: winnings, wageringMultiplier: "5" })]);
      expect(Number(bonuses[0]!.wageringRequired)).toBe(Number(winnings) * 5);
      const accounts = await readJson(await server.request("/api/wallet/accounts", bearer(player)));
      expect(accounts.data[0]).toMatchObject({ cash: "5.00", bonus: winnings });
    }
    // No spin is left: a fourth is refused and moves nothing.
    expect((await spin(player, sessionId, given.id)).status).toBe(409);
    expect((await freespinEvents(player.playerId)).at(-1)).toMatchObject({ status: 3, result: 2, remaining: 0 });
    await expectLedgerClean(server);
  });

  it("issues a bonus for winnings and nothing for zero winnings", async () => {
    const player = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 1, gameIds: [SLOT] });
    const sessionId = await sessionFor(server, player, SLOT);
    const seen = { won: false, lost: false };
    for (let attempt = 0; attempt < 60 && !(seen.won && seen.lost); attempt++) {
      const given = await giveFreespins(server, player.playerId, template);
      const body = await readJson(await spin(player, sessionId, given.id));
      const bonuses = await winningsBonus(server, player.playerId, given.id);
      if (body.data.payout === "0.00") {
        seen.lost = true;
        expect(bonuses).toEqual([]);
      } else {
        seen.won = true;
        expect(bonuses).toEqual([expect.objectContaining({ amount: body.data.payout, source: "freespins" })]);
      }
      expect(await freespinRow(server, given.id)).toMatchObject({ status: 3, result: 2 });
    }
    expect(seen).toEqual({ won: true, lost: true });
    await expectLedgerClean(server);
  });

  it("never takes more spins than the count when they are played at once", async () => {
    const player = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 3, gameIds: [SLOT] });
    const given = await giveFreespins(server, player.playerId, template);
    const sessionId = await sessionFor(server, player, SLOT);
    const answers = await Promise.all(Array.from({ length: 8 }, () => spin(player, sessionId, given.id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await freespinRow(server, given.id)).toMatchObject({ used: 3, settled: 3, status: 3 });
    const rounds = await server.database.db.select().from(gameRounds).where(eq(gameRounds.freespinId, given.id));
    expect(rounds).toHaveLength(3);
    const stakes = await server.database.db.select().from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, "game-round:%:stake"));
    expect(stakes.filter((row) => rounds.some((round) => row.idempotencyKey === `game-round:${round.id}:stake`))).toHaveLength(3);
    await expectLedgerClean(server);
  });

  it("refuses a free spin on another game, someone else's, at another amount, or in demo, and the player's own rounds stay paid as usual", async () => {
    const player = await bonusPlayer(server);
    const other = await bonusPlayer(server);
    await fund(server, player.playerId, "10.00");
    const template = await freespinTemplate(server, { count: 2, gameIds: [SLOT] });
    const given = await giveFreespins(server, player.playerId, template);

    const dice = await sessionFor(server, player, "playfair-dice");
    const onDice = await bet(server, player, dice, { amount: "1.00", params: { target: "50.50", condition: "under" }, freespinId: given.id });
    expect(onDice.status).toBe(422);
    expect((await readJson(onDice)).errors.freespinId).toBeDefined();

    const otherSession = await sessionFor(server, other, SLOT);
    expect((await spin(other, otherSession, given.id)).status).toBe(404);

    const sessionId = await sessionFor(server, player, SLOT);
    const wrongAmount = await spin(player, sessionId, given.id, "2.00");
    expect(wrongAmount.status).toBe(422);
    expect((await readJson(wrongAmount)).errors.amount[0]).toContain("1.00 EUR");

    const demo = await sessionFor(server, player, SLOT, { demo: true });
    expect((await spin(player, demo, given.id)).status).toBe(422);

    expect(await freespinRow(server, given.id)).toMatchObject({ used: 0, status: 2 });
    // The slot's ordinary rounds (with their own feature spins) are untouched by all this.
    const paid = await bet(server, player, sessionId, { amount: "1.00", params: {} });
    expect(paid.status).toBe(201);
    expect((await readJson(paid)).data.freespinId).toBeNull();
    await expectLedgerClean(server);
  });
});

describe("expiry", () => {
  it("ends unplayed free spins with result 4 after their play period; what was played still becomes a bonus", async () => {
    const player = await bonusPlayer(server);
    const template = await freespinTemplate(server, { count: 40, gameIds: [SLOT] });
    const given = await giveFreespins(server, player.playerId, template);
    const sessionId = await sessionFor(server, player, SLOT);
    let won = "0.00";
    // Spins until one wins, so there are winnings to keep (a loss-only start would prove less).
    for (let index = 0; index < 39 && won === "0.00"; index++) {
      const body = await readJson(await spin(player, sessionId, given.id));
      won = (await freespinRow(server, given.id)).winnings;
      expect(body.data.freespinId).toBe(given.id);
    }
    const untouched = await giveFreespins(server, player.playerId, template, false);

    clock += 3 * 86_400_000 + 1000;
    try {
      // The minute loop may get there first; either way each ends once.
      await server.app.services.bonus.freespins.expireDue();
    } finally {
      clock = Date.now();
    }
    const expired = await freespinRow(server, given.id);
    expect(expired).toMatchObject({ status: 3, result: 4 });
    expect(expired.used).toBeLessThan(40);
    const bonuses = await winningsBonus(server, player.playerId, given.id);
    expect(bonuses).toEqual([expect.objectContaining({ source: "freespins", amount: Number(won).toFixed(2) })]);
    // Issued free spins have a week to be activated: still waiting.
    expect(await freespinRow(server, untouched.id)).toMatchObject({ status: 1 });
    await expectLedgerClean(server);
  });
});
