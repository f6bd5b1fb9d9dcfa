import { and, count, eq, like } from "drizzle-orm";
import { normalizeAmount } from "@playfair/contracts/money";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase, readJson, type TestDatabase } from "../../../../test/test-server.ts";
import { ledgerAccounts, ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";
import { act, bet, cashOf, expectLedgerClean, fund, newPlayer, sessionFor, startPlayServer } from "./game-play-test-kit.ts";
import { gameRounds } from "./game-play.schema.ts";

// P8 and L5: a round interrupted between its stake and its end is completed or voided and
// refunded once, never both, and a crash inside a round's transaction leaves nothing behind.

const DICE = { target: "50.50", condition: "under" };
let database: TestDatabase;

afterAll(async () => {
  await database?.close();
});

/** The database outlives each server: a server's close leaves it open, as a crashed process would. */
function shared(handle: TestDatabase): TestDatabase {
  return { ...handle, close: async () => {} };
}

/** The player's EUR cash as the ledger holds it (the players' tokens expired with the clock's jump). */
async function cashInLedger(playerId: string): Promise<string> {
  const [account] = await database.db.select({ id: walletAccounts.id }).from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
  const [row] = await database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(and(eq(ledgerAccounts.walletAccountId, account!.id), eq(ledgerAccounts.balanceKind, "cash")));
  return normalizeAmount(row!.balance, 100);
}

async function resolutionsOf(roundId: string): Promise<string[]> {
  const rows = await database.db
    .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `game-round:${roundId}:%`));
  return rows.map((row) => `${row.kind} ${row.key.slice(row.key.lastIndexOf(":") + 1)}`).sort();
}

describe("round recovery", () => {
  it("rolls a round back whole when the process fails between its stake and its payout, and a retry then settles it once", async () => {
    database = await openTestDatabase();
    let failing = true;
    const server = await startPlayServer({
      database: shared(database),
      gamePlay: {
        faults: {
          afterStake: () => {
            if (failing) throw new Error("injected crash after the stake");
          },
        },
      },
    });
    try {
      const player = await newPlayer(server);
      await fund(server, player.playerId, "10.00");
      const sessionId = await sessionFor(server, player, "playfair-dice");
      const headers = { "idempotency-key": "crash-then-retry" };
      const crashed = await bet(server, player, sessionId, { amount: "1.00", params: DICE }, headers);
      expect(crashed.status).toBe(500);
      const rounds = (await database.db.select({ rounds: count() }).from(gameRounds).where(eq(gameRounds.sessionId, sessionId)))[0]!.rounds;
      expect(rounds).toBe(0);
      expect(await cashOf(server, player)).toBe("10.00");

      failing = false;
      const retried = await readJson(await bet(server, player, sessionId, { amount: "1.00", params: DICE }, headers));
      expect(retried.data.status).toBe("settled");
      const again = await bet(server, player, sessionId, { amount: "1.00", params: DICE }, headers);
      expect((await readJson(again)).data.id).toBe(retried.data.id);
      expect(await resolutionsOf(retried.data.id)).toEqual(["game-stake stake", "game-win resolve"]);
      expect(await cashOf(server, player)).toBe(retried.data.balanceAfter);
      await expectLedgerClean(server);
    } finally {
      await server.close();
    }
  });

  it("after a restart, cashes out an open mines round with safe reveals and voids one without, exactly once each", async () => {
    const before = await startPlayServer({ database: shared(database) });
    const revealing = await newPlayer(before);
    const idle = await newPlayer(before);
    await fund(before, revealing.playerId, "10.00");
    await fund(before, idle.playerId, "10.00");
    const revealingSession = await sessionFor(before, revealing, "playfair-mines");
    const idleSession = await sessionFor(before, idle, "playfair-mines");
    const started = (await readJson(await bet(before, revealing, revealingSession, { amount: "2.00", params: { mines: 3 } }))).data;
    const untouched = (await readJson(await bet(before, idle, idleSession, { amount: "3.00", params: { mines: 3 } }))).data;
    const [row] = await database.db.select({ hidden: gameRounds.hidden }).from(gameRounds).where(eq(gameRounds.id, started.id));
    const mines = (row!.hidden as { minePositions: number[] }).minePositions;
    const safeTile = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile))!;
    expect((await readJson(await act(before, revealing, revealingSession, started.id, { action: "reveal", tile: safeTile }))).data.status).toBe("open");
    await before.close();

    // The next process starts an hour and a minute later: past GAME_ROUND_TIMEOUT_MINUTES (60).
    const later = () => new Date(Date.now() + 61 * 60_000);
    const after = await startPlayServer({ database: shared(database), now: later });
    try {
      // Its start-up pass and a concurrent sweep race for the same rounds; each round ends once.
      await Promise.all([after.app.services.gamePlay.recovery.recoverOpenRounds(), after.app.services.gamePlay.recovery.recoverOpenRounds()]);
      const rounds = await database.db.select().from(gameRounds).where(eq(gameRounds.status, "open"));
      expect(rounds).toEqual([]);

      const [cashed] = await database.db.select().from(gameRounds).where(eq(gameRounds.id, started.id));
      expect(cashed).toMatchObject({ status: "settled", multiplier: "1.12", payout: "2.24", balanceAfter: "10.24" });
      expect(await resolutionsOf(started.id)).toEqual(["game-stake stake", "game-win resolve"]);
      expect(await cashInLedger(revealing.playerId)).toBe("10.24");

      const [voided] = await database.db.select().from(gameRounds).where(eq(gameRounds.id, untouched.id));
      expect(voided).toMatchObject({ status: "voided", payout: "3.00", balanceAfter: "10.00" });
      expect(await resolutionsOf(untouched.id)).toEqual(["game-refund resolve", "game-stake stake"]);
      expect(await cashInLedger(idle.playerId)).toBe("10.00");

      expect(await after.app.services.gamePlay.recovery.recoverOpenRounds()).toBe(0);
      await expectLedgerClean(after);
    } finally {
      await after.close();
    }
  });
});
