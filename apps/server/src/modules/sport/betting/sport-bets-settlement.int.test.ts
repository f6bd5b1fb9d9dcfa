import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { bearer, cashOf } from "../../game/play/game-play-test-kit.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { sportBets } from "../sport.schema.ts";
import {
  betById,
  bettingTestServer,
  cancelMarket,
  expectLedgerClean,
  insertEvent,
  matchResult,
  outboxOn,
  placedBet,
  rollBackCancel,
  rollBackSettlement,
  selection,
  settleMarket,
  slip,
} from "./betting-test-kit.ts";

// Settlement from the feed (ADR 035, L5, P9): every result kind, multiples and systems settling
// with their last leg, rollbacks reversing exactly what was paid, cancels marking bets for good.

const kit = bettingTestServer();

async function keysOf(betId: string): Promise<string[]> {
  const rows = await kit.server.database.db
    .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `sport-bet:${betId}:%`))
    .orderBy(ledgerTransactions.id);
  return rows.map((row) => `${row.kind} ${row.key.slice(`sport-bet:${betId}:`.length)}`);
}

describe("a single settles from the feed's result", () => {
  const cases = [
    { result: "win", odds: "2.00", paid: "20.00", cash: "110.00" },
    { result: "lose", odds: "2.00", paid: "0.00", cash: "90.00" },
    { result: "void", odds: "2.00", paid: "10.00", cash: "100.00" },
    { result: "half_win", odds: "1.90", paid: "14.50", cash: "104.50" },
    { result: "half_lose", odds: "1.90", paid: "5.00", cash: "95.00" },
  ] as const;
  for (const { result, odds, paid, cash } of cases) {
    it(`${result} at ${odds} pays ${paid} of 10.00`, async () => {
      const { server } = kit;
      const bettor = await kit.bettor();
      const eventId = await insertEvent(server, kit.clock, { markets: [matchResult(odds)] });
      const bet = await placedBet(server, bettor, slip([selection(eventId, "1", odds)]));
      await settleMarket(server, eventId, { "1": result, X: "lose", "2": "lose" });
      expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: paid, isSettled: true, legs: [{ result }] });
      expect(await cashOf(server, bettor)).toBe(cash);
      expect(await keysOf(bet.id)).toEqual(["sport-stake stake", `${result === "void" ? "sport-refund" : "sport-win"} settle:1`]);
      await expectLedgerClean(server);
    });
  }

  it("a dead heat pays the factor's share at full odds", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { markets: [matchResult("4.00")] });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "4.00")]));
    await settleMarket(server, eventId, { "1": { result: "win", deadHeatFactor: "0.5" }, X: "lose", "2": "lose" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "20.00" });
    expect(await cashOf(server, bettor)).toBe("110.00");
  });

  it("is settled once: the same settlement again changes nothing, and the bet is published with the balance", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    await settleMarket(server, eventId, { "1": "win" });
    await settleMarket(server, eventId, { "1": "win" });
    expect(await cashOf(server, bettor)).toBe("110.00");
    expect(await keysOf(bet.id)).toEqual(["sport-stake stake", "sport-win settle:1"]);
    expect((await outboxOn(server, `game:bets#${bettor.playerId}`)).at(-1)).toMatchObject({ event: "bet.placebet", bet: { id: bet.id, status: "settled", payout: "20.00" } });
  });
});

describe("multiples and systems", () => {
  it("a multiple settles when its last leg does, multiplying the legs", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const first = await insertEvent(server, kit.clock);
    const second = await insertEvent(server, kit.clock, { markets: [matchResult("1.50")] });
    const bet = await placedBet(server, bettor, slip([selection(first, "1", "2.00"), selection(second, "1", "1.50")]));
    expect(bet.potentialPayout).toBe("30.00");
    await settleMarket(server, first, { "1": "win" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "accepted", payout: null, legs: [{ result: "win" }, { result: "open" }] });
    await settleMarket(server, second, { "1": "half_win" });
    // 10.00 x 2.00 x (1.50 + 1) / 2 = 25.00
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "25.00" });
    expect(await cashOf(server, bettor)).toBe("115.00");
    await expectLedgerClean(server);
  });

  it("a system 2/3 pays its winning lines", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const events = [await insertEvent(server, kit.clock), await insertEvent(server, kit.clock, { markets: [matchResult("3.00")] }), await insertEvent(server, kit.clock)];
    const bet = await placedBet(server, bettor, slip([selection(events[0]!, "1", "2.00"), selection(events[1]!, "1", "3.00"), selection(events[2]!, "1", "2.00")], { kind: "system", systemSize: 2, stake: "30.00" }));
    // Lines of 10.00: 2x3, 2x2, 3x2 = 60 + 40 + 60.
    expect(bet.potentialPayout).toBe("160.00");
    await settleMarket(server, events[0]!, { "1": "win" });
    await settleMarket(server, events[1]!, { "1": "win" });
    await settleMarket(server, events[2]!, { "1": "lose" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "60.00" });
    expect(await cashOf(server, bettor)).toBe("130.00");
  });

  it("a system 3/4 sums its four lines, a void leg counting 1", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const events = [];
    for (let index = 0; index < 4; index++) events.push(await insertEvent(server, kit.clock));
    const bet = await placedBet(
      server,
      bettor,
      slip(
        events.map((eventId) => selection(eventId, "1", "2.00")),
        { kind: "system", systemSize: 3, stake: "40.00" },
      ),
    );
    await settleMarket(server, events[0]!, { "1": "win" });
    await settleMarket(server, events[1]!, { "1": "win" });
    await settleMarket(server, events[2]!, { "1": "win" });
    await settleMarket(server, events[3]!, { "1": "void" });
    // One line of 10.00 at 8 and three at 4.
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "200.00" });
    await expectLedgerClean(server);
  });
});

describe("rollbacks", () => {
  it("reverse exactly what was paid and reopen the bet, which settles again on the corrected result", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    await settleMarket(server, eventId, { "1": "win" });
    expect(await cashOf(server, bettor)).toBe("110.00");
    await rollBackSettlement(server, eventId);
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "accepted", payout: null, isSettled: false, legs: [{ result: "open" }] });
    expect(await cashOf(server, bettor)).toBe("90.00");
    await settleMarket(server, eventId, { "1": "lose" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "0.00" });
    expect(await cashOf(server, bettor)).toBe("90.00");
    expect(await keysOf(bet.id)).toEqual(["sport-stake stake", "sport-win settle:1", "sport-win rollback:1", "sport-win settle:2"]);
    await expectLedgerClean(server);
  });

  it("leave the player's cash at zero when the win was spent, the house writing off the rest", async () => {
    const { server } = kit;
    const bettor = await kit.bettor("10.00");
    const eventId = await insertEvent(server, kit.clock, { markets: [matchResult("3.00")] });
    await placedBet(server, bettor, slip([selection(eventId, "1", "3.00")]));
    await settleMarket(server, eventId, { "1": "win" });
    // 30.00 won; 25.00 of it staked again on another event.
    const other = await insertEvent(server, kit.clock);
    await placedBet(server, bettor, slip([selection(other, "1", "2.00")], { stake: "25.00" }));
    await rollBackSettlement(server, eventId);
    expect(await cashOf(server, bettor)).toBe("0.00");
    await expectLedgerClean(server);
  });
});

describe("cancels (P9)", () => {
  it("mark a bet cancelled with the feed as actor and its reason, give the stake back, and no late settlement touches it", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    await cancelMarket(server, eventId, "The match was abandoned.");
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "cancelled", payout: "10.00", isSettled: true, legs: [{ result: "void" }] });
    const [row] = await server.database.db.select().from(sportBets).where(eq(sportBets.id, bet.id));
    expect(row).toMatchObject({ cancelledBy: "feed", cancelReason: "The match was abandoned." });
    expect(await cashOf(server, bettor)).toBe("100.00");

    await settleMarket(server, eventId, { "1": "win" });
    await rollBackSettlement(server, eventId);
    await rollBackCancel(server, eventId);
    await settleMarket(server, eventId, { "1": "win" });
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "cancelled", payout: "10.00" });
    expect(await cashOf(server, bettor)).toBe("100.00");
    expect(await keysOf(bet.id)).toEqual(["sport-stake stake", "sport-refund cancel"]);
    await expectLedgerClean(server);
  });

  it("of a settled bet reverse the settlement first; a cancelled leg of a multiple counts 1 and reopens on the cancel's rollback", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const first = await insertEvent(server, kit.clock);
    const second = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(first, "1", "2.00"), selection(second, "1", "2.00")]));
    await settleMarket(server, first, { "1": "win" });
    await settleMarket(server, second, { "1": "win" });
    expect(await cashOf(server, bettor)).toBe("130.00");
    await cancelMarket(server, second, "Wrong price.");
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "20.00", legs: [{ result: "win" }, { result: "void" }] });
    expect(await cashOf(server, bettor)).toBe("110.00");
    await rollBackCancel(server, second);
    expect(await betById(server, bettor, bet.id)).toMatchObject({ status: "settled", payout: "40.00", legs: [{ result: "win" }, { result: "win" }] });
    expect(await cashOf(server, bettor)).toBe("130.00");
    await expectLedgerClean(server);
  });

  it("with a window only cancel the bets placed inside it", async () => {
    const { server } = kit;
    const early = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const before = await placedBet(server, early, slip([selection(eventId, "1", "2.00")]));
    kit.clock.advance(60_000);
    const from = kit.clock.now().getTime();
    const inside = await placedBet(server, early, slip([selection(eventId, "1", "2.00")]));
    await cancelMarket(server, eventId, "A goal before the price moved.", "1|", { from });
    expect(await betById(server, early, before.id)).toMatchObject({ status: "accepted" });
    expect(await betById(server, early, inside.id)).toMatchObject({ status: "cancelled" });
  });
});

describe("the bets history", () => {
  it("lists settled bets by default and open ones on isSettled=false, paged like the spins", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const open = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const other = await insertEvent(server, kit.clock);
    const settled = await placedBet(server, bettor, slip([selection(other, "1", "2.00")]));
    await settleMarket(server, other, { "1": "lose" });
    const byDefault = await readJson(await server.request("/api/game/bets", bearer(bettor)));
    expect(byDefault).toMatchObject({ data: [{ id: settled.id }], meta: { page: 1, perPage: 20, totalRows: 1, totalPages: 1 } });
    const unsettled = await readJson(await server.request("/api/game/bets?isSettled=false&page=1&perPage=5", bearer(bettor)));
    expect(unsettled).toMatchObject({ data: [{ id: open.id, isSettled: false }], meta: { perPage: 5, totalRows: 1 } });
  });
});
