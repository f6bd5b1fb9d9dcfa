import { and, asc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../../db/database.ts";
import { gameRounds, gameSessions } from "./game-play.schema.ts";
import type { RoundService } from "./rounds.ts";

// P8: a round left open (the process stopped between its stake and its end, or the player walked
// away from a mines board or a blackjack hand) is ended once it is older than
// GAME_ROUND_TIMEOUT_MINUTES: a mines round with safe reveals is cashed out at its current
// multiplier, a blackjack round is completed by standing every hand left (the dealer plays out),
// anything else is voided and its stake refunded. The round row's status and the shared resolve key make it one or the other,
// never both. The same pass removes expired demo sessions (their play money with them).

const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

export type RoundRecovery = {
  /** Ends every round open longer than the timeout; resolves with how many it ended. */
  recoverOpenRounds(): Promise<number>;
  /** Runs at start-up, then every minute, one pass at a time. */
  start(): void;
  stop(): Promise<void>;
};

export function createRoundRecovery(dependencies: { db: AppDatabase; logger: FastifyBaseLogger; now: () => Date; timeoutMinutes: number; rounds: Pick<RoundService, "recover"> }): RoundRecovery {
  const { db, logger, now, timeoutMinutes, rounds } = dependencies;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;

  async function recoverOpenRounds(): Promise<number> {
    const cutoff = new Date(now().getTime() - timeoutMinutes * 60_000);
    let ended = 0;
    for (;;) {
      const stale = await db
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.status, "open"), lt(gameRounds.createdAt, cutoff)))
        .orderBy(asc(gameRounds.createdAt))
        .limit(SWEEP_BATCH);
      let endedNow = 0;
      for (const { id } of stale) {
        try {
          if ((await rounds.recover(id)) !== "none") endedNow += 1;
        } catch (error) {
          logger.error({ err: error, roundId: id }, "an open round could not be ended");
        }
      }
      ended += endedNow;
      if (stale.length < SWEEP_BATCH || endedNow === 0) break;
    }
    await db.delete(gameSessions).where(and(eq(gameSessions.demo, true), lt(gameSessions.expiresAt, now())));
    return ended;
  }

  function sweep(): void {
    if (sweeping || !timer) return;
    sweeping = recoverOpenRounds()
      .then((ended) => {
        if (ended > 0) logger.info({ ended }, "open game rounds ended after their timeout");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "open game rounds not swept"))
      .finally(() => {
        sweeping = undefined;
      });
  }

  return {
    recoverOpenRounds,
    start() {
      if (timer) return;
      // The first pass right after start-up ends what a previous process left open.
      setImmediate(sweep);
      timer = setInterval(sweep, SWEEP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}
