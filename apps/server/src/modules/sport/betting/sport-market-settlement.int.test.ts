import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { executeRows } from "../../../db/sql-rows.ts";
import { cashOf } from "../../game/play/game-play-test-kit.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { sportBets, sportMarketSettlements } from "../sport.schema.ts";
import { createBetMoney } from "./bet-money.ts";
import { createBetPublications } from "./bet-publications.ts";
import { createBetResolution } from "./bet-resolution.ts";
import { bettingTestServer, expectLedgerClean, insertEvent, matchResult, outboxOn, placedBet, rollBackSettlement, selection, settleMarket, slip, type Bettor, type TestMarket } from "./betting-test-kit.ts";
import { createCurrencyPrecision } from "./currency-precision.ts";
import { createFeedSettlement } from "./feed-settlement.ts";
import { createMarketSettlement } from "./market-settlement.ts";

// A market's settlement over the whole set of its bets (ADR 037): hundreds of bets of every result
// settle with exact sums in several batches, a crashed batch changes nothing and the next pass picks
// it up, a pass that died after some batches resumes, a second or a concurrent application of the
// message pays nobody twice, a resettlement while the market waits pays by the new results, and a
// multiple waits for its last leg.

const kit = bettingTestServer();

/** Small batches, so a few hundred bets take several transactions as 100,000 would. */
const BATCH = 48;

function smallBatches() {
  const { db } = kit.server.database;
  const { ledger, realtime, wallet } = kit.server.app.services;
  const precision = createCurrencyPrecision();
  const money = createBetMoney({ ledger });
  const publications = createBetPublications({ realtime, wallet });
  const settlement = createMarketSettlement({ db, money, publications, precision, now: kit.clock.now, batchSize: BATCH });
  const listener = createFeedSettlement({ resolution: createBetResolution({ money, precision }), settlement, publications, now: kit.clock.now });
  return { settlement, listener };
}

/** One market whose five outcomes end five different ways. */
const MIXED: TestMarket = {
  marketKey: "1|",
  outcomes: [
    { id: "1", odds: "2.00", active: true },
    { id: "X", odds: "3.40", active: true },
    { id: "2", odds: "3.80", active: true },
    { id: "q1", odds: "1.90", active: true },
    { id: "q2", odds: "1.90", active: true },
  ],
};
const RESULTS = { "1": "win", X: "lose", "2": "void", q1: "half_win", q2: "half_lose" } as const;

/** What a single pays in cents, by the rules of each result (floored to the cent). */
function expectedPayout(outcomeId: keyof typeof RESULTS, stakeCents: bigint): bigint {
  switch (RESULTS[outcomeId]) {
    case "win":
      return stakeCents * 2n;
    case "lose":
      return 0n;
    case "void":
      return stakeCents;
    case "half_win":
      return (stakeCents * 290n) / 200n;
    case "half_lose":
      return stakeCents / 2n;
  }
}

async function statusesOf(betIds: string[]): Promise<Map<string, number>> {
  const rows = await kit.server.database.db.select({ status: sportBets.status, bets: count() }).from(sportBets).where(inArray(sportBets.id, betIds)).groupBy(sportBets.status);
  return new Map(rows.map((row) => [row.status, row.bets]));
}

async function waitingMarkets(): Promise<{ eventId: number; marketKey: string }[]> {
  return kit.server.database.db.select({ eventId: sportMarketSettlements.eventId, marketKey: sportMarketSettlements.marketKey }).from(sportMarketSettlements);
}

async function houseBalance(): Promise<bigint> {
  const [row] = await executeRows<{ balance: string }>(
    kit.server.database.db,
    sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where house_code = 'sportsbook-house' and currency = 'EUR'`,
  );
  return toMinorUnits(row!.balance, "100");
}

async function settleKeys(betIds: string[]): Promise<string[]> {
  const keys = await kit.server.database.db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, "sport-bet:%:settle:%"));
  const ours = new Set(betIds);
  return keys.map((row) => row.key).filter((key) => ours.has(key.split(":")[1]!));
}

type Placed = { id: string; bettor: Bettor; outcomeId: keyof typeof RESULTS; stakeCents: bigint };

describe("a market with a few hundred bets", () => {
  it("settles in batches with exact sums; a crashed batch changes nothing, a second application nothing either, and a multiple waits for its last leg", async () => {
    const { server } = kit;
    const { settlement, listener } = smallBatches();
    const eventId = await insertEvent(server, kit.clock, { markets: [MIXED] });
    const otherEventId = await insertEvent(server, kit.clock, { markets: [matchResult()] });
    const bettors = await Promise.all(Array.from({ length: 6 }, () => kit.bettor("500.00")));
    const outcomeIds = Object.keys(RESULTS) as (keyof typeof RESULTS)[];
    const singles: Placed[] = [];
    for (let index = 0; index < 200; index++) {
      const bettor = bettors[index % bettors.length]!;
      const outcomeId = outcomeIds[index % outcomeIds.length]!;
      const stake = fromMinorUnits(100n + BigInt(index * 7), "100");
      const odds = MIXED.outcomes.find((outcome) => outcome.id === outcomeId)!.odds;
      const bet = await placedBet(server, bettor, slip([selection(eventId, outcomeId, odds)], { stake }));
      singles.push({ id: bet.id, bettor, outcomeId, stakeCents: toMinorUnits(stake, "100") });
    }
    const multiples: Placed[] = [];
    for (const bettor of bettors) {
      const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00"), selection(otherEventId, "1", "2.00")], { stake: "3.00" }));
      multiples.push({ id: bet.id, bettor, outcomeId: "1", stakeCents: 300n });
    }
    const cashBefore = new Map(await Promise.all(bettors.map(async (bettor) => [bettor.playerId, toMinorUnits(await cashOf(server, bettor), "100")] as const)));
    const houseBefore = await houseBalance();
    const singleIds = singles.map((bet) => bet.id);

    // The feed's transaction decides every leg and settles the first batch (the decided bets among
    // the market's first BATCH legs in bet id order; a multiple is not decided yet); the market
    // waits for the rest.
    const walkOrder = [...singleIds, ...multiples.map((bet) => bet.id)].sort();
    const settledBy = (batches: number) => walkOrder.slice(0, batches * BATCH).filter((id) => singleIds.includes(id)).length;
    await settleMarket(server, eventId, RESULTS, "1|", listener);
    expect((await statusesOf(singleIds)).get("settled")).toBe(settledBy(1));
    const market = { eventId, marketKey: "1|" };
    expect(await waitingMarkets()).toEqual([market]);

    // A batch that dies before its commit leaves every bet as it was, the market still waiting.
    await expect(
      server.database.db.transaction(async (tx) => {
        await settlement.settleBatch(tx, market, walkOrder[BATCH - 1]!);
        expect((await tx.select({ status: sportBets.status, bets: count() }).from(sportBets).where(and(inArray(sportBets.id, singleIds), eq(sportBets.status, "settled"))).groupBy(sportBets.status))[0]!.bets).toBe(settledBy(2));
        throw new Error("the process died");
      }),
    ).rejects.toThrow("the process died");
    expect((await statusesOf(singleIds)).get("settled")).toBe(settledBy(1));

    // A pass that died after one more batch committed: the next pass settles the rest, each bet once.
    await server.database.db.transaction((tx) => settlement.settleBatch(tx, market, walkOrder[BATCH - 1]!));
    expect((await statusesOf(singleIds)).get("settled")).toBe(settledBy(2));
    expect(await waitingMarkets()).toEqual([market]);
    await settlement.settleQueuedBets();
    expect(await statusesOf(singleIds)).toEqual(new Map([["settled", singles.length]]));
    expect(await statusesOf(multiples.map((bet) => bet.id))).toEqual(new Map([["accepted", multiples.length]]));
    expect(await waitingMarkets()).toEqual([]);

    let paid = 0n;
    const expectedCash = new Map(cashBefore);
    for (const bet of singles) {
      const payout = expectedPayout(bet.outcomeId, bet.stakeCents);
      paid += payout;
      expectedCash.set(bet.bettor.playerId, expectedCash.get(bet.bettor.playerId)! + payout);
      const [row] = await server.database.db.select({ payout: sportBets.payout }).from(sportBets).where(eq(sportBets.id, bet.id));
      expect(toMinorUnits(row!.payout!, "100"), `${bet.outcomeId} of ${bet.stakeCents}`).toBe(payout);
    }
    for (const bettor of bettors) expect(toMinorUnits(await cashOf(server, bettor), "100")).toBe(expectedCash.get(bettor.playerId));
    const staked = singles.reduce((sum, bet) => sum + bet.stakeCents, 0n);
    expect((await houseBalance()) - houseBefore).toBe(staked - paid);
    expect(await settleKeys(singleIds)).toHaveLength(singles.length);
    const published = await outboxOn(server, `game:bets#${bettors[0]!.playerId}`);
    expect(published.at(-1)).toMatchObject({ bet: { status: "settled", isSettled: true } });
    expect((await outboxOn(server, `wallet:accounts#${bettors[0]!.playerId}`)).at(-1)).toMatchObject({ account: { cash: fromMinorUnits(expectedCash.get(bettors[0]!.playerId)!, "100") } });

    // The same message again, then another drain: nothing moves.
    const transactionsBefore = (await server.database.db.select({ transactions: count() }).from(ledgerTransactions))[0]!.transactions;
    await settleMarket(server, eventId, RESULTS, "1|", listener);
    await settlement.settleQueuedBets();
    expect((await server.database.db.select({ transactions: count() }).from(ledgerTransactions))[0]!.transactions).toBe(transactionsBefore);
    for (const bettor of bettors) expect(toMinorUnits(await cashOf(server, bettor), "100")).toBe(expectedCash.get(bettor.playerId));

    // The multiples' last leg: each pays 2.00 x 2.00.
    await settleMarket(server, otherEventId, { "1": "win", X: "lose", "2": "lose" }, "1|", listener);
    await settlement.settleQueuedBets();
    expect(await statusesOf(multiples.map((bet) => bet.id))).toEqual(new Map([["settled", multiples.length]]));
    for (const bettor of bettors) expect(toMinorUnits(await cashOf(server, bettor), "100")).toBe(expectedCash.get(bettor.playerId)! + 1200n);
    await expectLedgerClean(server);
  }, 240_000);

  it("pays once when the same settlement is applied twice at the same time", async () => {
    const { server } = kit;
    const eventId = await insertEvent(server, kit.clock);
    const bettors = await Promise.all(Array.from({ length: 4 }, () => kit.bettor("100.00")));
    const betIds: string[] = [];
    for (let index = 0; index < 80; index++) {
      const bet = await placedBet(server, bettors[index % bettors.length]!, slip([selection(eventId, "1", "2.00")], { stake: "1.00" }));
      betIds.push(bet.id);
    }
    const first = smallBatches();
    const second = smallBatches();
    await Promise.all([settleMarket(server, eventId, { "1": "win", X: "lose", "2": "lose" }, "1|", first.listener), settleMarket(server, eventId, { "1": "win", X: "lose", "2": "lose" }, "1|", second.listener)]);
    await Promise.all([first.settlement.settleQueuedBets(), second.settlement.settleQueuedBets()]);
    expect(await statusesOf(betIds)).toEqual(new Map([["settled", betIds.length]]));
    expect((await settleKeys(betIds)).every((key) => key.endsWith(":settle:1"))).toBe(true);
    expect(await settleKeys(betIds)).toHaveLength(betIds.length);
    // Each bettor staked 20 x 1.00 out of 100.00 and won 20 x 2.00.
    for (const bettor of bettors) expect(await cashOf(server, bettor)).toBe("120.00");
    const settled = await server.database.db.select({ count: count() }).from(sportBets).where(and(inArray(sportBets.id, betIds), eq(sportBets.settlementCount, 1)));
    expect(settled[0]!.count).toBe(betIds.length);
    await expectLedgerClean(server);
  }, 120_000);

  it("pays by the new results when the market is rolled back and settled again while its bets wait", async () => {
    const { server } = kit;
    const { settlement, listener } = smallBatches();
    const eventId = await insertEvent(server, kit.clock);
    const bettors = await Promise.all(Array.from({ length: 3 }, () => kit.bettor("100.00")));
    const betIds: string[] = [];
    for (let index = 0; index < 120; index++) {
      const bet = await placedBet(server, bettors[index % bettors.length]!, slip([selection(eventId, "1", "2.00")], { stake: "1.00" }));
      betIds.push(bet.id);
    }
    await settleMarket(server, eventId, { "1": "lose", X: "win", "2": "lose" }, "1|", listener);
    expect((await statusesOf(betIds)).get("settled")).toBe(BATCH);
    await rollBackSettlement(server, eventId);
    await settleMarket(server, eventId, { "1": "win", X: "lose", "2": "lose" }, "1|", listener);
    await settlement.settleQueuedBets();
    expect(await statusesOf(betIds)).toEqual(new Map([["settled", betIds.length]]));
    expect(await waitingMarkets()).toEqual([]);
    // Each bettor staked 40 x 1.00 out of 100.00 and won 40 x 2.00; the first batch's bets lost,
    // were reopened and won under their second settlement number.
    for (const bettor of bettors) expect(await cashOf(server, bettor)).toBe("140.00");
    const keys = await settleKeys(betIds);
    expect(keys.filter((key) => key.endsWith(":settle:1"))).toHaveLength(betIds.length);
    expect(keys.filter((key) => key.endsWith(":settle:2"))).toHaveLength(BATCH);
    await expectLedgerClean(server);
  }, 120_000);
});
