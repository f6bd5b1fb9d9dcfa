import { pageMeta, type PaginationQuery } from "@playfair/contracts/pagination";
import type { SessionView } from "@playfair/contracts/player/sessions";
import type { AppDatabase } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";
import { countLiveSessions, selectLiveSessions } from "./session.repository.ts";

// A player's view of their own sessions (the sessions page): the live ones, and closing one or all
// but the current. Closing ends a session at once, like a sign-out on that device (S3).

const SESSION_NOT_FOUND = "This session does not exist or has already ended.";

type RevokeSessions = (input: { playerId: string; reason: string; exceptSessionId?: string; sessionId?: string }) => Promise<number>;

export function createSessionList({ db, now, revokeSessions }: { db: AppDatabase; now: () => Date; revokeSessions: RevokeSessions }) {
  return {
    async listSessions(principal: Principal, query: PaginationQuery): Promise<{ data: SessionView[]; meta: ReturnType<typeof pageMeta> }> {
      const at = now();
      const [rows, total] = await Promise.all([
        selectLiveSessions(db, principal.playerId, at, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
        countLiveSessions(db, principal.playerId, at),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          device: row.device,
          browser: row.browser,
          os: row.os,
          ip: row.ip,
          country: row.country,
          method: row.method,
          platform: row.platform,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastActiveAt.toISOString(),
          isCurrent: row.id === principal.sessionId,
        })),
        meta: pageMeta(query, total),
      };
    },

    async closeSession(principal: Principal, sessionId: string): Promise<void> {
      const closed = await revokeSessions({ playerId: principal.playerId, sessionId, reason: "closed" });
      if (closed === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
    },

    async closeOtherSessions(principal: Principal): Promise<number> {
      return revokeSessions({ playerId: principal.playerId, exceptSessionId: principal.sessionId, reason: "close-other" });
    },
  };
}
