import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { bonusRow, casinoTerms, giveActiveBonus, moneyOf } from "../../bonus/bonus-test-kit.ts";
import { expectLedgerClean, sessionFor } from "../play/game-play-test-kit.ts";
import { bettingRound, cashOut, clockAtMultiplier, crashTestServer, placeBet, startRunning } from "./crash-test-kit.ts";

// Crash bets stake bonus money like every original (ADR 034): cash first, the cash-out pro rata,
// the wagering counted at the bet, an auto cash-out under the bonus's minimum multiplier not counted.

const crash = crashTestServer();
const { clock, fundedPlayer } = crash;

async function balances(playerId: string) {
  const { cash, bonus } = await moneyOf(crash.server, playerId);
  return { cash: Number(cash).toFixed(2), bonus: Number(bonus).toFixed(2) };
}

describe("a crash bet with an active casino bonus", () => {
  it("takes cash first, pays a cash-out pro rata, and counts the bet unless its auto cash-out is under the minimum multiplier", async () => {
    const player = await fundedPlayer("2.00");
    const granted = await giveActiveBonus(crash.server, player.playerId, "20.00", casinoTerms({ minMultiplier: "1.50" }));
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock, (point) => point >= 200);
    const placed = await readJson(await placeBet(crash.server, player, sessionId, { amount: "4.00" }));
    expect(placed).toMatchObject({ data: { status: "active" }, balance: "18.00" });
    expect(await balances(player.playerId)).toEqual({ cash: "0.00", bonus: "18.00" });
    // An auto cash-out at 1.20x declares a multiplier under 1.50: it stakes bonus money but counts nothing.
    const low = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00", autoCashout: "1.20" }));
    expect(low.data).toMatchObject({ status: "active" });
    expect(Number((await bonusRow(crash.server, granted.id)).wagered)).toBe(4);

    const running = await startRunning(crash.server, clock, round);
    clockAtMultiplier(clock, running, 150);
    const cashed = await readJson(await cashOut(crash.server, player, sessionId, placed.data.id));
    expect(cashed.data).toMatchObject({ status: "cashed", payout: "6.00" });
    // 2 cash + 2 bonus staked: 3.00 back to each.
    expect(await balances(player.playerId)).toEqual({ cash: "3.00", bonus: "20.00" });
    expect(cashed.balance).toBe("23.00");
    await expectLedgerClean(crash.server);
  });
});
