// Shared by the crash integration tests; not used by the app. The loop is stepped by hand with a
// clock the test moves, so a round's phases take no real time.
import { crashMillisecondsTo } from "@playfair/contracts/game/crash";
import { desc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestDatabase, TestServer } from "../../../../test/test-server.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { bearer, fund, json, newPlayer, startPlayServer } from "../play/game-play-test-kit.ts";
import { crashRounds, type CrashRoundRow } from "./crash.schema.ts";

export const CRASH_ENV = { CRASH_CHAIN_LENGTH: "2000", CRASH_BETTING_MS: "5000", CRASH_PAUSE_MS: "1000" };

/** A clock the test moves; it starts at the real time so access tokens stay valid. */
export function testClock(): { now: () => Date; advance(ms: number): void; set(at: Date): void } {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
    set(date) {
      // Never backwards: the loop's steps compare against times it has already seen.
      at = Math.max(at, date.getTime());
    },
  };
}

type Clock = ReturnType<typeof testClock>;

export type CrashTestServer = {
  clock: Clock;
  /** The file's server; read it inside a test or hook, once beforeAll has started it. */
  readonly server: TestServer;
  /** A new player with `amount` EUR of cash. */
  fundedPlayer(amount?: string): Promise<RegisteredPlayer>;
};

/**
 * One play server for the calling test file, on a test clock with CRASH_ENV's phases: started
 * before the file's tests and closed after them. Call it at the top of the file.
 */
export function crashTestServer(): CrashTestServer {
  const clock = testClock();
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startPlayServer({ now: clock.now, env: CRASH_ENV });
  });
  afterAll(async () => {
    await started?.close();
  });
  const handle: CrashTestServer = {
    clock,
    get server() {
      if (!started) throw new Error("the crash test server is read before beforeAll started it");
      return started;
    },
    async fundedPlayer(amount = "100.00") {
      const player = await newPlayer(handle.server);
      await fund(handle.server, player.playerId, amount);
      return player;
    },
  };
  return handle;
}

export async function roundInPlay(db: TestDatabase["db"]): Promise<CrashRoundRow | undefined> {
  const [row] = await db.select().from(crashRounds).where(inArray(crashRounds.status, ["betting", "running"]));
  return row;
}

export async function roundById(db: TestDatabase["db"], id: string): Promise<CrashRoundRow> {
  const [row] = await db.select().from(crashRounds).where(eq(crashRounds.id, id));
  return row!;
}

/** Steps the loop through whole rounds until a betting round's point passes `wanted`. */
export async function bettingRound(server: TestServer, clock: Clock, wanted: (crashPoint: number) => boolean = () => true): Promise<CrashRoundRow> {
  const { loop } = server.app.services.crash;
  for (let attempt = 0; attempt < 200; attempt++) {
    await loop.tick();
    const round = await roundInPlay(server.database.db);
    if (round?.status === "betting" && wanted(round.crashPoint)) return round;
    if (round?.status === "betting") clock.set(round.bettingEndsAt);
    else if (round?.status === "running") clock.set(new Date(round.startedAt!.getTime() + crashMillisecondsTo(round.crashPoint)));
    else {
      const [last] = await server.database.db.select().from(crashRounds).orderBy(desc(crashRounds.createdAt)).limit(1);
      if (last?.crashedAt) clock.set(new Date(Math.max(clock.now().getTime(), last.crashedAt.getTime() + 1000)));
    }
  }
  throw new Error("no round with the wanted point came up");
}

/** Ends the betting phase of `round` and starts it running. */
export async function startRunning(server: TestServer, clock: Clock, round: CrashRoundRow): Promise<CrashRoundRow> {
  clock.set(round.bettingEndsAt);
  await server.app.services.crash.loop.tick();
  const running = await roundById(server.database.db, round.id);
  expect(running.status).toBe("running");
  return running;
}

/** Moves the clock to the moment the running round's curve shows `hundredths`. */
export function clockAtMultiplier(clock: Clock, round: CrashRoundRow, hundredths: number): void {
  clock.set(new Date(round.startedAt!.getTime() + crashMillisecondsTo(hundredths)));
}

export async function placeBet(server: TestServer, player: { accessToken: string } | null, sessionId: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return server.request(`/api/game/crash/${sessionId}/bets`, bearer(player, json("POST", body, headers)));
}

export async function cashOut(server: TestServer, player: { accessToken: string } | null, sessionId: string, betId: string): Promise<Response> {
  return server.request(`/api/game/crash/${sessionId}/bets/${betId}/cashout`, bearer(player, { method: "POST" }));
}

/** The ledger transactions of one bet, as "kind key-suffix". */
export async function postingsOf(db: TestDatabase["db"], betId: string): Promise<string[]> {
  const rows = await db.select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind }).from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, `crash-bet:${betId}:%`));
  return rows.map((row) => `${row.kind} ${row.key.slice(row.key.lastIndexOf(":") + 1)}`).sort();
}

export async function outboxOn(db: TestDatabase["db"], channel: string): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel)).orderBy(realtimeOutbox.id);
  return rows.map((row) => row.data as Record<string, unknown>);
}
