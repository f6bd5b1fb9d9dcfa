import { eq } from "drizzle-orm";
import { GameBetMaxExceedEventSchema, PlayerBonusEventSchema } from "@playfair/contracts/bonus/player-bonuses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../../test/test-server.ts";
import { bonusRow, casinoTerms, giveActiveBonus, moneyOf } from "../../bonus/bonus-test-kit.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { expectLedgerExact, fundedPlayer, nextId, startAggregatorServer, walletCall, type FundedPlayer } from "./aggregator-test-kit.ts";

// Studio games behind the aggregator stake bonus money the way our originals do (ADR 034): the
// bet takes cash first, the win follows the money staked, a rollback gives back what the bet took,
// the max bet is refused with its event, and the balance the studio sees is cash plus bonus.

let server: TestServer;

beforeAll(async () => {
  server = await startAggregatorServer();
});

afterAll(async () => {
  await server.close();
});

const GAME = "aurora-fruit-classic";

function bet(player: FundedPlayer, amount: string, roundId: string, roundClosed = false, transactionId = nextId("bet")) {
  return walletCall(server, "bet", { token: player.token, currency: "EUR", transactionId, roundId, gameCode: GAME, amount, roundClosed });
}

function win(player: FundedPlayer, roundId: string, amount: string) {
  return walletCall(server, "win", { token: player.token, currency: "EUR", transactionId: nextId("win"), roundId, gameCode: GAME, amount, roundClosed: true });
}

async function balances(player: FundedPlayer) {
  const { cash, bonus } = await moneyOf(server, player.playerId);
  return { cash: Number(cash).toFixed(2), bonus: Number(bonus).toFixed(2) };
}

describe("a studio game with an active casino bonus", () => {
  it("stakes cash first, pays the win pro rata, and answers the playable balance", async () => {
    const player = await fundedPlayer(server, "5");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    expect(Number((await walletCall(server, "balance", { token: player.token, currency: "EUR" })).answer.balance)).toBe(25);
    const roundId = nextId("round");
    const taken = await bet(player, "10", roundId);
    expect(taken.answer).toMatchObject({ status: "OK" });
    expect(Number(taken.answer.balance)).toBe(15);
    expect(await balances(player)).toEqual({ cash: "0.00", bonus: "15.00" });
    const paid = await win(player, roundId, "20");
    expect(Number(paid.answer.balance)).toBe(35);
    expect(await balances(player)).toEqual({ cash: "10.00", bonus: "25.00" });
    const row = await bonusRow(server, granted.id);
    expect(Number(row.wagered)).toBe(10);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("gives a rolled-back bet back to the balances it came from", async () => {
    const player = await fundedPlayer(server, "2");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const roundId = nextId("round");
    const transactionId = nextId("bet");
    await bet(player, "6", roundId, false, transactionId);
    expect(await balances(player)).toEqual({ cash: "0.00", bonus: "16.00" });
    const rolledBack = await walletCall(server, "rollback", { token: player.token, currency: "EUR", transactionId: nextId("rollback"), referenceTransactionId: transactionId, roundId, gameCode: GAME, roundClosed: true });
    expect(rolledBack.answer).toMatchObject({ status: "OK" });
    expect(await balances(player)).toEqual({ cash: "2.00", bonus: "20.00" });
    expect(Number((await bonusRow(server, granted.id)).wagered)).toBe(0);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("takes a rolled-back bet's wagering back, gives its bonus part back as bonus money, and pays the round's win on the bets that remain", async () => {
    const player = await fundedPlayer(server, "2");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms());
    const roundId = nextId("round");
    const first = nextId("bet");
    await bet(player, "6", roundId, false, first);
    await bet(player, "3", roundId);
    expect(await balances(player)).toEqual({ cash: "0.00", bonus: "13.00" });
    expect(Number((await bonusRow(server, granted.id)).wagered)).toBe(9);

    const rolledBack = await walletCall(server, "rollback", { token: player.token, currency: "EUR", transactionId: nextId("rollback"), referenceTransactionId: first, roundId, gameCode: GAME, roundClosed: false });
    expect(rolledBack.answer).toMatchObject({ status: "OK" });
    // The bet's 2 cash and 4 bonus money go back where they came from; only the second bet still counts.
    expect(await balances(player)).toEqual({ cash: "2.00", bonus: "17.00" });
    expect(Number((await bonusRow(server, granted.id)).wagered)).toBe(3);
    const events = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `bonus:player-bonuses#${player.playerId}`));
    expect(PlayerBonusEventSchema.parse(events.at(-1)!.data).playerBonus.wagering.wagered).toBe("3.00");

    // The round's win follows the bet that remains (all bonus money): it is all bonus money.
    await win(player, roundId, "6");
    expect(await balances(player)).toEqual({ cash: "2.00", bonus: "23.00" });
    expect(Number((await bonusRow(server, granted.id)).wagered)).toBe(3);
    expect(await expectLedgerExact(server)).toEqual([]);
  });

  it("refuses a bet over the bonus's max bet with LIMIT_REACHED and game.bet.max.exceed", async () => {
    const player = await fundedPlayer(server, "10");
    const granted = await giveActiveBonus(server, player.playerId, "20.00", casinoTerms({ maxBet: { EUR: "2.50" } }));
    const refused = await bet(player, "3", nextId("round"));
    expect(refused.answer).toMatchObject({ status: "LIMIT_REACHED" });
    expect(refused.answer.message).toContain("2.50 EUR");
    expect(await balances(player)).toEqual({ cash: "10.00", bonus: "20.00" });
    const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:bets#${player.playerId}`));
    expect(rows.map((row) => GameBetMaxExceedEventSchema.parse(row.data))).toEqual([
      { event: "game.bet.max.exceed", playerBonus: { id: granted.id, currency: "EUR", maxBetAmount: "2.50" }, gameCode: GAME, amount: "3.00" },
    ]);
  });
});
