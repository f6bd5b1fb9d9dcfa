import { and, count, desc, eq, gt, gte, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { actionTokens, playerSessions, refreshTokens } from "./auth.schema.ts";

export type SessionRow = typeof playerSessions.$inferSelect;
export type NewSessionRow = typeof playerSessions.$inferInsert;

export async function insertSession(executor: DbExecutor, values: NewSessionRow): Promise<string> {
  const [row] = await executor.insert(playerSessions).values(values).returning({ id: playerSessions.id });
  if (!row) throw new Error("the session was not created");
  return row.id;
}

export async function selectSession(executor: DbExecutor, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await executor.select().from(playerSessions).where(eq(playerSessions.id, sessionId)).limit(1);
  return row;
}

export async function insertRefreshToken(executor: DbExecutor, values: { sessionId: string; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await executor.insert(refreshTokens).values(values);
}

/**
 * Marks an unused refresh token as used by `usedBy` (the rotating client) and returns its session:
 * a guarded conditional update, so of two requests presenting the same token exactly one gets the row.
 */
export async function markRefreshTokenUsed(
  executor: DbExecutor,
  tokenHash: string,
  at: Date,
  usedBy: string,
): Promise<{ sessionId: string; expiresAt: Date } | undefined> {
  const [row] = await executor
    .update(refreshTokens)
    .set({ usedAt: at, usedBy })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
  return row;
}

/**
 * Retires the session's other unused refresh tokens (those a grace-period refresh issued beside
 * the one now rotated): only one token of a family stays live, so a copy of another is caught as
 * reuse. A retired token has no `usedBy`, so no grace period covers it.
 */
export async function retireOtherRefreshTokens(executor: DbExecutor, sessionId: string, at: Date): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)));
}

export async function selectRefreshToken(
  executor: DbExecutor,
  tokenHash: string,
): Promise<{ sessionId: string; usedAt: Date | null; usedBy: string | null } | undefined> {
  const [row] = await executor
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, usedBy: refreshTokens.usedBy })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(executor: DbExecutor, sessionId: string, at: Date): Promise<void> {
  await executor.update(playerSessions).set({ lastActiveAt: at }).where(eq(playerSessions.id, sessionId));
}

/** Revokes the player's live sessions matching the filter; returns the ids it revoked. */
export async function revokeSessionRows(
  executor: DbExecutor,
  filter: { playerId: string; sessionId?: string; exceptSessionId?: string },
  reason: string,
  at: Date,
): Promise<string[]> {
  const conditions: SQL[] = [eq(playerSessions.playerId, filter.playerId), isNull(playerSessions.revokedAt)];
  if (filter.sessionId) conditions.push(eq(playerSessions.id, filter.sessionId));
  if (filter.exceptSessionId) conditions.push(ne(playerSessions.id, filter.exceptSessionId));
  const rows = await executor
    .update(playerSessions)
    .set({ revokedAt: at, revokeReason: reason.slice(0, 32) })
    .where(and(...conditions))
    .returning({ id: playerSessions.id });
  return rows.map((row) => row.id);
}

export async function selectRevocationsSince(executor: DbExecutor, since: Date): Promise<{ id: string; revokedAt: Date }[]> {
  const rows = await executor
    .select({ id: playerSessions.id, revokedAt: playerSessions.revokedAt })
    .from(playerSessions)
    .where(gte(playerSessions.revokedAt, since));
  return rows.flatMap((row) => (row.revokedAt ? [{ id: row.id, revokedAt: row.revokedAt }] : []));
}

function liveSessions(playerId: string, at: Date): SQL | undefined {
  return and(eq(playerSessions.playerId, playerId), isNull(playerSessions.revokedAt), gt(playerSessions.expiresAt, at));
}

export async function selectLiveSessions(executor: DbExecutor, playerId: string, at: Date, page: { limit: number; offset: number }): Promise<SessionRow[]> {
  return executor
    .select()
    .from(playerSessions)
    .where(liveSessions(playerId, at))
    .orderBy(desc(playerSessions.lastActiveAt), desc(playerSessions.createdAt))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLiveSessions(executor: DbExecutor, playerId: string, at: Date): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(playerSessions).where(liveSessions(playerId, at));
  return row?.total ?? 0;
}

export async function insertActionToken(
  executor: DbExecutor,
  values: { tokenHash: string; purpose: string; playerId: string; state?: string | null; subject?: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await executor.insert(actionTokens).values(values);
}

/** Consumes an unexpired, unused token of the purpose (and state, when given); single use under concurrency. */
export async function consumeActionToken(
  executor: DbExecutor,
  input: { tokenHash: string; purpose: string; state?: string; at: Date },
): Promise<{ playerId: string; subject: string | null } | undefined> {
  const conditions: SQL[] = [
    eq(actionTokens.tokenHash, input.tokenHash),
    eq(actionTokens.purpose, input.purpose),
    isNull(actionTokens.consumedAt),
    gt(actionTokens.expiresAt, input.at),
  ];
  if (input.state !== undefined) conditions.push(sql`${actionTokens.state} is not distinct from ${input.state}`);
  const [row] = await executor
    .update(actionTokens)
    .set({ consumedAt: input.at })
    .where(and(...conditions))
    .returning({ playerId: actionTokens.playerId, subject: actionTokens.subject });
  return row;
}
