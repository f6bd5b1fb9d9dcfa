import { describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { cashOf, json } from "../../game/play/game-play-test-kit.ts";
import { betById, bettingTestServer, changeMarket, expectLedgerClean, insertEvent, openBets, placedBet, selection, settleMarket, slip, type Bettor } from "./betting-test-kit.ts";

// Cash-out (ADR 035): an offer from the latest prices less the 5% margin, accepted only while it
// still stands against the markets' versions, in one transaction with the bet's settlement.

const kit = bettingTestServer();

function cashOut(server: TestServer, bettor: Bettor, betId: string, offerId: string): Promise<Response> {
  return server.request(`/api/sportsbook/bets/${betId}/cash-out`, { ...json("POST", { offerId }), headers: { "content-type": "application/json", authorization: `Bearer ${bettor.token}` } });
}

describe("the cash-out offer", () => {
  it("is the bet's value at the latest prices less the margin, and pays once as cashed_out", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [unchanged] = await openBets(server, bettor);
    expect(unchanged!.cashOut?.amount).toBe("9.50");
    await changeMarket(server, eventId, "1|", { odds: { "1": "1.60" } });
    const [shorter] = await openBets(server, bettor);
    // 10.00 x 2.00 / 1.60 x 0.95
    expect(shorter!.cashOut?.amount).toBe("11.87");
    const accepted = await cashOut(server, bettor, bet.id, shorter!.cashOut!.offerId);
    expect(accepted.status).toBe(200);
    expect((await readJson(accepted)).data).toMatchObject({ status: "cashed_out", payout: "11.87", isSettled: true });
    expect(await cashOf(server, bettor)).toBe("101.87");
    // The feed's result afterwards changes nothing.
    await settleMarket(server, eventId, { "1": "win" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "cashed_out", payout: "11.87" });
    expect(await cashOf(server, bettor)).toBe("101.87");
    expect(await openBets(server, bettor)).toEqual([]);
    await expectLedgerClean(server);
  });

  it("values a multiple's won legs at their result and its open legs at the latest price", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const first = await insertEvent(server, kit.clock);
    const second = await insertEvent(server, kit.clock);
    await placedBet(server, bettor, slip([selection(first, "1", "2.00"), selection(second, "1", "2.00")]));
    await settleMarket(server, first, { "1": "win" });
    await changeMarket(server, second, "1|", { odds: { "1": "2.50" } });
    // 10.00 x 2.00 x 2.00 / 2.50 x 0.95
    expect((await openBets(server, bettor))[0]!.cashOut?.amount).toBe("15.20");
  });

  it("is refused once the price moved after the offer, and a new offer stands", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [before] = await openBets(server, bettor);
    await changeMarket(server, eventId, "1|", { odds: { "1": "1.90" } });
    const stale = await cashOut(server, bettor, bet.id, before!.cashOut!.offerId);
    expect(stale.status).toBe(409);
    expect(await readJson(stale)).toMatchObject({ code: "CONFLICT", reason: "oddsChanged" });
    expect(await cashOf(server, bettor)).toBe("90.00");
    const [after] = await openBets(server, bettor);
    expect((await cashOut(server, bettor, bet.id, after!.cashOut!.offerId)).status).toBe(200);
  });

  it("pays one of two presses racing each other, however they interleave", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [open] = await openBets(server, bettor);
    const presses = await Promise.all([cashOut(server, bettor, bet.id, open!.cashOut!.offerId), cashOut(server, bettor, bet.id, open!.cashOut!.offerId), changeMarket(server, eventId, "1|", { odds: { "1": "2.10" } })]);
    const statuses = presses.slice(0, 2).map((response) => (response as Response).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const paid = statuses.includes(200);
    expect(await cashOf(server, bettor)).toBe(paid ? "99.50" : "90.00");
    await expectLedgerClean(server);
  });

  it("and the feed's settlement arriving together resolve the held stake once (L5)", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [open] = await openBets(server, bettor);
    const [pressed] = await Promise.all([cashOut(server, bettor, bet.id, open!.cashOut!.offerId), settleMarket(server, eventId, { "1": "win" })]);
    const final = await betById(server, bettor, bet.id);
    if (pressed.status === 200) expect(final).toMatchObject({ status: "cashed_out", payout: "9.50" });
    else expect(final).toMatchObject({ status: "settled", payout: "20.00" });
    expect(await cashOf(server, bettor)).toBe(pressed.status === 200 ? "99.50" : "110.00");
    await expectLedgerClean(server);
  });

  it("is not offered while a market is suspended, and an earlier offer is refused", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [before] = await openBets(server, bettor);
    await changeMarket(server, eventId, "1|", { status: "suspended" });
    expect((await openBets(server, bettor))[0]!.cashOut).toBeNull();
    const refused = await cashOut(server, bettor, bet.id, before!.cashOut!.offerId);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toMatchObject({ reason: "marketSuspended" });
  });

  it("refuses an offer id it did not sign, and another player's bet", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const [open] = await openBets(server, bettor);
    const [versions, whole, fraction] = open!.cashOut!.offerId.split(".");
    const forged = await cashOut(server, bettor, bet.id, `${versions}.${Number(whole) + 5}.${fraction}.forged-signature`);
    expect(forged.status).toBe(422);
    const other = await kit.bettor();
    expect((await cashOut(server, other, bet.id, open!.cashOut!.offerId)).status).toBe(404);
    expect(await cashOf(server, bettor)).toBe("90.00");
  });
});
