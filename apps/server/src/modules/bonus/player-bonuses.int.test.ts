import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { PlayerFreespinEventSchema } from "@playfair/contracts/bonus/player-bonuses";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { createTestClock } from "../messaging/accounts-test-kit.ts";
import { players } from "../player/player.schema.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { bonusStakes, bonusTemplates, playerBonuses, playerFreespins } from "./bonus.schema.ts";
import { asOperator, bearer, bonusPlayer, expectLedgerClean, issueByHand, issued, playerBonusAction, signInAgain, startBonusServer, walletOf } from "./bonus-api-test-kit.ts";

// A player's bonuses end to end (spec 4, ADR 034): given by hand, listed, summed in the base
// currency, activated into the bonus balance, cancelled or expired with the money returned to the
// budget, and refused to the players who must get nothing.

const clock = createTestClock();
let server: TestServer;

beforeAll(async () => {
  server = await startBonusServer(clock);
});

afterAll(async () => {
  await server?.close();
});

const DAY_SECONDS = 86_400;

describe("player bonuses", () => {
  it("lists an issued bonus, sums it in the base currency, activates it into the bonus balance and forfeits it on cancel", async () => {
    const player = await bonusPlayer(server);
    const bonus = await issued(server, player.playerId, "no-deposit-10");
    expect(bonus).toMatchObject({ status: 1, result: 1, amount: "10.00", balance: "0.00" });

    const list = await readJson(await server.request("/api/game/player-bonuses", bearer(player, { headers: { "accept-language": "de" } })));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: bonus.id, title: "10 gratis zum Spielen", kind: "noDeposit", source: "manual", wagering: { required: "100.00", wagered: "0.00", multiplier: "10" }, maxConversion: "50.00" });

    // 10 EUR at 1.08 USD per EUR, in the base currency (USD).
    const sum = await readJson(await server.request("/api/game/player-bonuses/sum?status=1,2", bearer(player)));
    // Spec 3's Bonus sum is the answer itself, not wrapped in `data` (ADR 034).
    expect(Object.keys(sum).sort()).toEqual(["baseCurrencyBonusTotal", "baseCurrencySymbol", "playerBonuses"]);
    expect(sum).toMatchObject({ baseCurrencyBonusTotal: "10.80", baseCurrencySymbol: "$" });
    expect(sum.playerBonuses).toHaveLength(1);

    const activated = await playerBonusAction(server, player, bonus.id, "activate");
    expect(activated.status).toBe(200);
    expect((await readJson(activated)).data).toMatchObject({ status: 2, result: 1, balance: "10.00" });
    expect(await walletOf(server, player)).toMatchObject({ cash: "0", bonus: "10", balance: "10" });

    const cancelled = await playerBonusAction(server, player, bonus.id, "cancel");
    expect(cancelled.status).toBe(200);
    expect((await readJson(cancelled)).data).toMatchObject({ status: 3, result: 3, balance: "0.00" });
    expect(await walletOf(server, player)).toMatchObject({ bonus: "0", balance: "0" });
    expect((await readJson(await server.request("/api/game/player-bonuses", bearer(player)))).data).toEqual([]);
    expect((await readJson(await server.request("/api/game/player-bonuses?status=3", bearer(player)))).data).toMatchObject([{ id: bonus.id, status: 3, result: 3 }]);
    expect((await readJson(await server.request("/api/game/player-bonuses/sum", bearer(player)))).baseCurrencyBonusTotal).toBe("0.00");
    await expectLedgerClean(server);
  });

  it("refuses a second active bonus in the same currency with 409, and a cancel of a finished one", async () => {
    const player = await bonusPlayer(server);
    const first = await issued(server, player.playerId, "no-deposit-10");
    const second = await issued(server, player.playerId, "reload-50", { amount: "20" });
    expect((await playerBonusAction(server, player, first.id, "activate")).status).toBe(200);
    const refused = await playerBonusAction(server, player, second.id, "activate");
    expect(refused.status).toBe(409);
    expect(ApiErrorSchema.parse(await readJson(refused))).toMatchObject({ code: "CONFLICT", reason: "bonusAlreadyActive" });
    expect(await walletOf(server, player)).toMatchObject({ bonus: "10" });
    expect((await playerBonusAction(server, player, first.id, "cancel")).status).toBe(200);
    const again = await playerBonusAction(server, player, first.id, "cancel");
    expect(again.status).toBe(409);
    expect((await readJson(again)).reason).toBe("bonusFinished");
    // Once the first is gone the second may start.
    expect((await playerBonusAction(server, player, second.id, "activate")).status).toBe(200);
    expect(await walletOf(server, player)).toMatchObject({ bonus: "20" });
    await expectLedgerClean(server);
  });

  it("activates exactly one of two bonuses raced in the same currency, and one of two activations of the same bonus", async () => {
    const player = await bonusPlayer(server);
    const first = await issued(server, player.playerId, "no-deposit-10");
    const second = await issued(server, player.playerId, "reload-50", { amount: "20" });
    const answers = await Promise.all([playerBonusAction(server, player, first.id, "activate"), playerBonusAction(server, player, second.id, "activate")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const wallet = await walletOf(server, player);
    expect(["10", "20"]).toContain(wallet.bonus);

    const other = await bonusPlayer(server);
    const bonus = await issued(server, other.playerId, "no-deposit-10");
    const twice = await Promise.all([playerBonusAction(server, other, bonus.id, "activate"), playerBonusAction(server, other, bonus.id, "activate")]);
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await walletOf(server, other)).toMatchObject({ bonus: "10" });
    await expectLedgerClean(server);
  });

  it("converts a bonus without wagering to cash as soon as it is activated", async () => {
    const template = await readJson(await server.request("/api/operator/bonus-templates/no-deposit-10", asOperator("GET")));
    const { id: _id, code: _code, ...input } = template.data;
    const put = await server.request("/api/operator/bonus-templates/instant-5", asOperator("PUT", { ...input, reward: { kind: "noDeposit", amount: { EUR: "5" } }, terms: { ...input.terms, wageringMultiplier: "0" } }));
    expect(put.status).toBe(200);
    const player = await bonusPlayer(server);
    const bonus = await issued(server, player.playerId, "instant-5");
    const activated = await readJson(await playerBonusAction(server, player, bonus.id, "activate"));
    expect(activated.data).toMatchObject({ status: 3, result: 2, convertedAmount: "5.00" });
    expect(await walletOf(server, player)).toMatchObject({ cash: "5", bonus: "0" });
    await expectLedgerClean(server);
  });

  it("expires an issued bonus (result 4) and an active one (result 5, money forfeited), waiting for an open round", async () => {
    const player = await bonusPlayer(server);
    const waiting = await issued(server, player.playerId, "no-deposit-10");
    const playing = await issued(server, player.playerId, "reload-50", { amount: "20" });
    expect((await playerBonusAction(server, player, playing.id, "activate")).status).toBe(200);
    await server.database.db.insert(bonusStakes).values({ stakeKey: `game-round:${playing.id}`, playerBonusId: playing.id, cashPart: "0", bonusPart: "1", counted: "1" });

    clock.advanceSeconds(31 * DAY_SECONDS);
    await server.app.services.bonus.expiry.expireDue(clock.now());
    await signInAgain(server, player);
    const statusOf = async (id: string) => (await server.database.db.select({ status: playerBonuses.status, result: playerBonuses.result }).from(playerBonuses).where(eq(playerBonuses.id, id)))[0];
    expect(await statusOf(waiting.id)).toEqual({ status: 3, result: 4 });
    // The open round keeps the active bonus alive until it settles.
    expect(await statusOf(playing.id)).toEqual({ status: 2, result: 1 });
    expect(await walletOf(server, player)).toMatchObject({ bonus: "20" });

    await server.database.db.update(bonusStakes).set({ settledAt: clock.now() }).where(eq(bonusStakes.playerBonusId, playing.id));
    await server.app.services.bonus.expiry.expireDue(clock.now());
    expect(await statusOf(playing.id)).toEqual({ status: 3, result: 5 });
    expect(await walletOf(server, player)).toMatchObject({ bonus: "0", cash: "0" });
    await expectLedgerClean(server);
  });

  it("expires free spins not played in time and publishes the finished grant", async () => {
    const player = await bonusPlayer(server);
    const [template] = await server.database.db.select().from(bonusTemplates).where(eq(bonusTemplates.code, "starfall-20"));
    const [grant] = await server.database.db
      .insert(playerFreespins)
      .values({ playerId: player.playerId, walletAccountId: player.walletAccountId, currency: "EUR", templateId: template!.id, source: "code", gameIdentity: "playfair-slot", count: 20, used: 3, spinValue: "0.20", terms: template!.terms, expiresAt: new Date(clock.now().getTime() + 1000) })
      .returning();
    clock.advanceSeconds(60);
    await server.app.services.bonus.expiry.expireDue(clock.now());
    const [expired] = await server.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, grant!.id));
    expect(expired).toMatchObject({ status: 3, result: 4, used: 3 });
    const [event] = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `bonus:player-freespins#${player.playerId}`));
    expect(PlayerFreespinEventSchema.parse(event!.data).playerFreespin).toMatchObject({ id: grant!.id, status: 3, result: 4, remaining: 17, gameId: "playfair-slot" });
  });

  it("gives nothing to a self-excluded player, one who opted out or one from an excluded country, and says why", async () => {
    const excluded = await bonusPlayer(server);
    await server.database.db.update(players).set({ selfExcludedUntil: new Date(clock.now().getTime() + 90 * DAY_SECONDS * 1000) }).where(eq(players.id, excluded.playerId));
    const optedOut = await bonusPlayer(server, { receiveBonus: false });
    const template = await readJson(await server.request("/api/operator/bonus-templates/no-deposit-10", asOperator("GET")));
    const { id: _id, code: _code, ...input } = template.data;
    expect((await server.request("/api/operator/bonus-templates/no-deposit-not-fr", asOperator("PUT", { ...input, terms: { ...input.terms, excludedCountries: ["FR"] } }))).status).toBe(200);
    const french = await bonusPlayer(server, { country: "FR" });
    for (const [player, template, reason] of [
      [excluded, "no-deposit-10", "restricted"],
      [optedOut, "no-deposit-10", "optedOut"],
      [french, "no-deposit-not-fr", "excludedCountry"],
    ] as const) {
      const refused = await issueByHand(server, player.playerId, template);
      const body = ApiErrorSchema.parse(await readJson(refused));
      expect(refused.status, reason).toBe(409);
      expect(body.reason).toBe(reason);
      expect(body.message.length).toBeGreaterThan(10);
    }
    expect(await server.database.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, excluded.playerId))).toEqual([]);
    // The restricted player still reads their (empty) list, and may not activate anything.
    expect((await server.request("/api/game/player-bonuses", bearer(excluded))).status).toBe(200);
  });

  it("gives a free-spins template by hand as issued free spins the player activates, and refuses an amount with them", async () => {
    const player = await bonusPlayer(server);
    const answer = await issueByHand(server, player.playerId, "starfall-20");
    const given = await readJson(answer);
    expect(answer.status, JSON.stringify(given)).toBe(201);
    expect(given.data).toMatchObject({ status: 1, result: 1, count: 20, remaining: 20, currency: "EUR", gameId: "playfair-slot" });
    const [row] = await server.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, given.data.id));
    expect(row).toMatchObject({ playerId: player.playerId, source: "manual", status: 1 });
    const [event] = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `bonus:player-freespins#${player.playerId}`));
    expect(PlayerFreespinEventSchema.parse(event!.data).playerFreespin).toEqual(given.data);
    const listed = await readJson(await server.request("/api/game/player-freespins?status=1,2", bearer(player)));
    expect(listed.data).toEqual([given.data]);
    expect((await server.request(`/api/game/player-freespins/${given.data.id}/activate`, bearer(player, { method: "PUT" }))).status).toBe(200);
    // No bonus money moved: free spins are not a player bonus.
    expect(await server.database.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, player.playerId))).toEqual([]);

    const withAmount = await issueByHand(server, player.playerId, "starfall-20", { amount: "5.00" });
    expect(withAmount.status).toBe(422);
    expect(Object.keys((await readJson(withAmount)).errors)).toEqual(["amount"]);
  });

  it("answers 404 for another player's bonus and changes nothing", async () => {
    const owner = await bonusPlayer(server);
    const stranger = await bonusPlayer(server);
    const bonus = await issued(server, owner.playerId, "no-deposit-10");
    const answer = await playerBonusAction(server, stranger, bonus.id, "activate");
    expect(answer.status).toBe(404);
    expect(await walletOf(server, owner)).toMatchObject({ bonus: "0" });
  });
});
