import { and, asc, eq, inArray, lte, notInArray } from "drizzle-orm";
import { PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS, PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "@playfair/contracts/constants";
import { BONUS_CHANNELS, BONUS_EVENTS } from "@playfair/contracts/bonus/bonus-constants";
import type { PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { BonusLifecycle } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import { bonusTemplates, playerBonuses, playerFreespins } from "./bonus.schema.ts";
import { localized } from "./player-bonus-views.ts";

// Spec 4: an issued bonus not activated in time finishes expired (result 4); an active one whose
// wagering time ran out finishes "bonus expired" (result 5), its money and winnings forfeited.
// Free spins not played in time finish expired (status 3, result 4). The loop runs every
// EXPIRY_INTERVAL_MS; tests call `expireDue(at)` directly.

export const EXPIRY_INTERVAL_MS = 60_000;
/** Rows read per pass; each expires in its own short transaction. */
const EXPIRY_BATCH = 200;

export type BonusExpiryDependencies = {
  db: AppDatabase;
  lifecycle: BonusLifecycle;
  precisions: BonusPrecisions;
  realtime: Pick<RealtimePublisher, "publish">;
  logger: FastifyBaseLogger;
  now: () => Date;
};

type FreespinRow = typeof playerFreespins.$inferSelect;

/** A free-spin row as the API and `playerFreespin` events show it (game names live in the catalogue, above this domain: the identity stands in). */
export async function freespinView(executor: DbExecutor, row: FreespinRow, locale = "en"): Promise<PlayerFreespin> {
  const [template] = await executor.select({ title: bonusTemplates.title }).from(bonusTemplates).where(eq(bonusTemplates.id, row.templateId));
  return {
    id: row.id,
    status: row.status,
    result: row.result,
    count: row.count,
    remaining: row.count - row.used,
    currency: row.currency,
    gameId: row.gameIdentity,
    gameName: row.gameIdentity,
    spinValue: row.spinValue,
    winnings: row.winnings,
    packageId: row.packageId,
    issueSessionId: row.issueSessionId,
    title: template ? localized(template.title, locale) : "",
    terms: row.terms,
    issuedAt: row.issuedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createBonusExpiry(dependencies: BonusExpiryDependencies) {
  const { db, lifecycle, precisions, realtime, logger, now } = dependencies;
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

  async function expireFreespin(id: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [expired] = await tx
        .update(playerFreespins)
        .set({ status: PLAYER_FREESPIN_STATUS.finished, result: PLAYER_FREESPIN_RESULT.expired, finishedAt: now() })
        .where(and(eq(playerFreespins.id, id), inArray(playerFreespins.status, [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active]), lte(playerFreespins.expiresAt, at)))
        .returning();
      if (!expired) return false;
      await realtime.publish(tx, `${BONUS_CHANNELS.playerFreespins}#${expired.playerId}`, { event: BONUS_EVENTS.playerFreespin, playerFreespin: await freespinView(tx, expired) });
      return true;
    });
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
    for (;;) {
      const due = await db
        .select({ id: playerFreespins.id })
        .from(playerFreespins)
        .where(and(inArray(playerFreespins.status, [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active]), lte(playerFreespins.expiresAt, at)))
        .limit(EXPIRY_BATCH);
      let finished = 0;
      for (const { id } of due) if (await expireFreespin(id, at)) finished += 1;
      counts.freespins += finished;
      if (due.length < EXPIRY_BATCH || finished === 0) break;
    }
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
