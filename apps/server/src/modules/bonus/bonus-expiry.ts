import { and, asc, eq, inArray, lte, notInArray } from "drizzle-orm";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../db/database.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import type { BonusLifecycle } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import { playerBonuses } from "./bonus.schema.ts";

// Spec 4: an issued bonus not activated in time finishes expired (result 4); an active one whose
// wagering time ran out finishes "bonus expired" (result 5), its money and winnings forfeited.
// Free spins not played in time finish expired through their own part (`freespins.expireDue`). The loop runs every
// EXPIRY_INTERVAL_MS; tests call `expireDue(at)` directly.

export const EXPIRY_INTERVAL_MS = 60_000;
/** Rows read per pass; each expires in its own short transaction. */
const EXPIRY_BATCH = 200;

export type BonusExpiryDependencies = {
  db: AppDatabase;
  lifecycle: BonusLifecycle;
  precisions: BonusPrecisions;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Ends free spins past their time (`freespins.expireDue`); answers how many ended. */
  expireFreespins(): Promise<number>;
};

export function createBonusExpiry(dependencies: BonusExpiryDependencies) {
  const { db, lifecycle, precisions, logger, now } = dependencies;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Expires one bonus if it is still due; false when it must wait (an open round). */
  async function expireBonus(id: string, at: Date): Promise<boolean> {
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(playerBonuses)
          .where(and(eq(playerBonuses.id, id), inArray(playerBonuses.status, [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active]), lte(playerBonuses.expiresAt, at)))
          .for("update");
        if (!row) return false;
        // A round staked with bonus money settles into this bonus's balance: forfeiting before its
        // payout would leave the payout nowhere to go (or credit a bonus that no longer exists).
        // The next pass after the round settles expires it.
        if (row.status === PLAYER_BONUS_STATUS.active && (await lifecycle.hasOpenRounds(tx, row.id))) return false;
        await lifecycle.finish(tx, row, row.status === PLAYER_BONUS_STATUS.active ? PLAYER_BONUS_RESULT.bonusExpired : PLAYER_BONUS_RESULT.expired);
        return true;
      }),
    );
  }

  /** Expires every bonus and free-spin grant due at `at`; answers how many finished. */
  async function expireDue(at: Date): Promise<{ bonuses: number; freespins: number }> {
    await precisions.load();
    const counts = { bonuses: 0, freespins: 0 };
    // Bonuses waiting for an open round stay due; they are left out of the following reads.
    const waiting: string[] = [];
    for (;;) {
      const due = await db
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(
          and(
            inArray(playerBonuses.status, [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active]),
            lte(playerBonuses.expiresAt, at),
            waiting.length > 0 ? notInArray(playerBonuses.id, waiting) : undefined,
          ),
        )
        .orderBy(asc(playerBonuses.expiresAt))
        .limit(EXPIRY_BATCH);
      for (const { id } of due) {
        if (await expireBonus(id, at)) counts.bonuses += 1;
        else waiting.push(id);
      }
      if (due.length < EXPIRY_BATCH) break;
    }
    // Free spins end through their own part, which turns what was played into a bonus.
    counts.freespins = await dependencies.expireFreespins();
    return counts;
  }

  return {
    expireDue,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = expireDue(now())
          .catch((error: unknown) => logger.warn({ err: error }, "bonus expiry pass failed"))
          .finally(() => {
            running = undefined;
          });
      }, EXPIRY_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
