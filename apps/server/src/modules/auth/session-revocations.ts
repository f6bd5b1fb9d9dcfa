import { ACCESS_TOKEN_TTL_SECONDS } from "@playfair/contracts/player/auth";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../db/database.ts";
import { selectRevocationsSince } from "./session.repository.ts";

// Access tokens are checked without a database round trip, so every process keeps the ids of the
// sessions ended lately (S3): its own revocations at once, other processes' by polling.

/** Other processes' revocations reach this one within this interval (and always within the token's lifetime). */
const REVOCATION_POLL_MS = 2_000;
// A revoked session's tokens all expire within the access-token lifetime; after it (plus a margin
// for clock differences between processes) the session id need not be remembered any more.
const REVOCATION_MEMORY_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
// Revocations committed late (a long transaction) still carry their earlier time: each poll looks back this far.
const POLL_OVERLAP_MS = 30_000;

export type SessionRevocations = {
  /** True while `start` would begin the polling: not started yet and not stopped. */
  canStart(): boolean;
  /** Loads the recent revocations, then polls for new ones until `stop`. */
  start(): void;
  /** The first load (undefined before `start`); it never rejects. */
  firstLoad(): Promise<void> | undefined;
  isFirstLoadDone(): boolean;
  isRevoked(sessionId: string): boolean;
  markRevoked(sessionIds: string[], at: Date): void;
  stop(): Promise<void>;
};

export function createSessionRevocations({ db, logger, now }: { db: AppDatabase; logger: FastifyBaseLogger; now: () => Date }): SessionRevocations {
  // Session id -> revocation time (ms).
  const revoked = new Map<string, number>();
  let watermark = 0;
  let pollTimer: NodeJS.Timeout | undefined;
  let firstLoad: Promise<void> | undefined;
  let isFirstLoadDone = false;
  let isStopped = false;

  async function pollRevocations(): Promise<void> {
    const nowMs = now().getTime();
    const since = watermark > 0 ? watermark - POLL_OVERLAP_MS : nowMs - REVOCATION_MEMORY_MS;
    const rows = await selectRevocationsSince(db, new Date(since));
    for (const row of rows) {
      const revokedAtMs = row.revokedAt.getTime();
      if (!revoked.has(row.id)) revoked.set(row.id, revokedAtMs);
      if (revokedAtMs > watermark) watermark = revokedAtMs;
    }
    if (watermark === 0) watermark = since + POLL_OVERLAP_MS;
    for (const [id, revokedAtMs] of revoked) {
      if (revokedAtMs < nowMs - REVOCATION_MEMORY_MS) revoked.delete(id);
    }
  }

  function canStart() {
    return !firstLoad && !isStopped;
  }

  function start() {
    if (!canStart()) return;
    const loading = pollRevocations()
      .catch((error: unknown) => logger.warn({ err: error }, "could not load session revocations"))
      .finally(() => {
        isFirstLoadDone = true;
      });
    firstLoad = loading;
    const tick = () => {
      pollRevocations()
        .catch((error: unknown) => {
          if (!isStopped) logger.warn({ err: error }, "could not poll session revocations");
        })
        .finally(() => {
          if (!isStopped) {
            pollTimer = setTimeout(tick, REVOCATION_POLL_MS);
            pollTimer.unref();
          }
        });
    };
    void loading.then(() => {
      if (isStopped) return;
      pollTimer = setTimeout(tick, REVOCATION_POLL_MS);
      pollTimer.unref();
    });
  }

  return {
    canStart,
    start,
    firstLoad: () => firstLoad,
    isFirstLoadDone: () => isFirstLoadDone,
    isRevoked: (sessionId) => revoked.has(sessionId),
    markRevoked(sessionIds, at) {
      for (const id of sessionIds) revoked.set(id, at.getTime());
    },
    async stop() {
      isStopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      await firstLoad;
    },
  };
}
