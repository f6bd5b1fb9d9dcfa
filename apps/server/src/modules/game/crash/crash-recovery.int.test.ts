import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, readJson, type TestDatabase, type TestServer } from "../../../../test/test-server.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { cashOf, expectLedgerClean, fund, newPlayer, sessionFor, startPlayServer } from "../play/game-play-test-kit.ts";
import { crashBets } from "./crash.schema.ts";
import { CRASH_ENV, bettingRound, cashOut, clockAtMultiplier, placeBet, postingsOf, roundById, startRunning, testClock } from "./crash-test-kit.ts";
import { hundredthsText } from "./crash-views.ts";

// P8 and L5 for the shared round: the process running the loop dies (or fails between a crash and
// its bets' settlement), and whichever process leads next ends what it left: a running round
// crashes at the point its chain fixed (recorded cash-outs paid, the rest lost), a betting round is
// cancelled and its bets refunded, never both, each bet resolved once. Meanwhile only one process
// leads.

const LEASE_MS = 10_000;
const clock = testClock();
let database: TestDatabase;
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.close();
});

/** The database outlives each server: a server's close leaves it open, as a crashed process would. */
function shared(handle: TestDatabase): TestDatabase {
  return { ...handle, close: async () => {} };
}

async function startProcess(options: { failAfterCrash?: () => boolean } = {}): Promise<TestServer> {
  database ??= await openTestDatabase();
  const server = await startPlayServer({
    database: shared(database),
    now: clock.now,
    env: { ...CRASH_ENV, CRASH_LEADER_LEASE_MS: String(LEASE_MS) },
    gamePlay: {
      crashFaults: {
        afterCrash: () => {
          if (options.failAfterCrash?.()) throw new Error("injected stop after the crash");
        },
      },
    },
  });
  servers.push(server);
  return server;
}

async function betOf(id: string) {
  const [row] = await database.db.select().from(crashBets).where(eq(crashBets.id, id));
  return row!;
}

let player: RegisteredPlayer;
let sessionId: string;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startProcess();
  second = await startProcess();
});

describe("crash recovery", () => {
  it("lets one process lead; when it dies mid-round the next leader crashes the round at its point, paying only recorded cash-outs", async () => {
    player = await newPlayer(first);
    await fund(first, player.playerId, "10.00");
    sessionId = await sessionFor(first, player, "playfair-crash");
    const round = await bettingRound(first, clock, (point) => point >= 200 && point < 100_000);
    const manual = (await readJson(await placeBet(first, player, sessionId, { amount: "1.00" }))).data.id as string;
    const auto = (await readJson(await placeBet(first, player, sessionId, { amount: "1.00", autoCashout: "1.50" }))).data.id as string;
    const autoAbove = (await readJson(await placeBet(first, player, sessionId, { amount: "1.00", autoCashout: hundredthsText(round.crashPoint + 1) }))).data.id as string;
    const plain = (await readJson(await placeBet(first, player, sessionId, { amount: "1.00" }))).data.id as string;
    const running = await startRunning(first, clock, round);
    clockAtMultiplier(clock, running, 120);
    expect((await readJson(await cashOut(first, player, sessionId, manual))).data).toMatchObject({ status: "cashed", payout: "1.20" });

    // A second process only serves while the first one's lease runs.
    await second.app.services.crash.loop.tick();
    expect(second.app.services.crash.loop.isLeader()).toBe(false);
    expect((await roundById(database.db, round.id)).status).toBe("running");

    // The first process stops ticking (it died); once its lease has run out the second leads.
    clock.advance(LEASE_MS + 1);
    await second.app.services.crash.loop.tick();
    expect(second.app.services.crash.loop.isLeader()).toBe(true);
    expect(await roundById(database.db, round.id)).toMatchObject({ status: "crashed" });
    expect(await betOf(manual)).toMatchObject({ status: "cashed", cashoutMultiplier: 120 });
    expect(await betOf(auto)).toMatchObject({ status: "cashed", cashoutMultiplier: 150 });
    expect(await betOf(autoAbove)).toMatchObject({ status: "lost" });
    expect(await betOf(plain)).toMatchObject({ status: "lost" });
    for (const bet of [manual, auto, autoAbove, plain]) expect(await postingsOf(database.db, bet)).toEqual(["game-stake stake", "game-win resolve"]);
    expect(await cashOf(second, player)).toBe("8.70");
    await expectLedgerClean(second);
  });

  it("cancels a round its leader left betting and refunds its bets, once", async () => {
    const leader = second;
    const round = await bettingRound(leader, clock);
    const bets = [
      (await readJson(await placeBet(leader, player, sessionId, { amount: "2.00" }))).data.id as string,
      (await readJson(await placeBet(leader, player, sessionId, { amount: "0.50", autoCashout: "1.01" }))).data.id as string,
    ];
    expect(await cashOf(leader, player)).toBe("6.20");

    const third = await startProcess();
    clock.advance(LEASE_MS + 1);
    await third.app.services.crash.loop.tick();
    expect(await roundById(database.db, round.id)).toMatchObject({ status: "cancelled" });
    for (const bet of bets) {
      expect(await betOf(bet)).toMatchObject({ status: "refunded" });
      expect(await postingsOf(database.db, bet)).toEqual(["game-refund resolve", "game-stake stake"]);
    }
    expect(await cashOf(third, player)).toBe("8.70");
    // Its record shows the hash (nothing was played on it) and no point.
    expect((await readJson(await third.request(`/api/game/crash/rounds/${round.id}`))).data).toMatchObject({ status: "cancelled", hash: round.hash, crashPoint: null });
    await expectLedgerClean(third);
  });

  it("ends the bets of a round whose leader stopped between its crash and their settlement", async () => {
    let failing = false;
    const fourth = await startProcess({ failAfterCrash: () => failing });
    clock.advance(LEASE_MS + 1);
    const round = await bettingRound(fourth, clock, (point) => point >= 200 && point < 100_000);
    const auto = (await readJson(await placeBet(fourth, player, sessionId, { amount: "1.00", autoCashout: "2.00" }))).data.id as string;
    const plain = (await readJson(await placeBet(fourth, player, sessionId, { amount: "1.00" }))).data.id as string;
    const running = await startRunning(fourth, clock, round);
    clockAtMultiplier(clock, running, round.crashPoint);
    failing = true;
    await expect(fourth.app.services.crash.loop.tick()).rejects.toThrow("injected stop");
    expect(await roundById(database.db, round.id)).toMatchObject({ status: "crashed" });
    expect(await betOf(plain)).toMatchObject({ status: "active" });

    failing = false;
    await fourth.app.services.crash.loop.tick();
    expect(await betOf(auto)).toMatchObject({ status: "cashed", cashoutMultiplier: 200 });
    expect(await betOf(plain)).toMatchObject({ status: "lost" });
    for (const bet of [auto, plain]) expect(await postingsOf(database.db, bet)).toEqual(["game-stake stake", "game-win resolve"]);
    expect(await cashOf(fourth, player)).toBe("8.70");
    await expectLedgerClean(fourth);
  });
});
