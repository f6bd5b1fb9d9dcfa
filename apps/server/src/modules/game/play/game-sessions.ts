// A game session as the play endpoints find it: the originals' rounds and crash's bets answer
// someone else's session, or one that is not theirs to play, exactly as a session that never existed.
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { executeFixedStatement, fixedStatementOf, type FixedStatement } from "../../../db/sql-rows.ts";
import { notFound } from "../../../lib/app-error.ts";
import { gameSessions, type GameSessionRow } from "./game-play.schema.ts";

/** The same answer for a missing session and for one the caller may not use, so ids cannot be probed. */
export function sessionNotFound() {
  return notFound("This game session does not exist.");
}

/** The session `sessionId` when the caller may play it: a guest's demo session (no player) or their own. */
export async function callersSession(executor: DbExecutor, sessionId: string, caller: { playerId: string | null }): Promise<GameSessionRow> {
  const [session] = await executeFixedStatement(executor, sessionStatementOf(executor), { id: sessionId });
  if (!session || (session.playerId !== null && session.playerId !== caller.playerId)) throw sessionNotFound();
  return session;
}

// Named and built once: every round and bet of an original starts with it (ADR 039).
let sessionStatement: FixedStatement<{ id: string }, GameSessionRow> | undefined;

function sessionStatementOf(executor: DbExecutor): FixedStatement<{ id: string }, GameSessionRow> {
  const columns = getTableColumns(gameSessions);
  sessionStatement ??= fixedStatementOf("game_session_by_id", executor.select(columns).from(gameSessions).where(eq(gameSessions.id, sql.placeholder("id"))), columns);
  return sessionStatement;
}

/** A real-money session takes no new stake once it has expired (demo sessions end when swept away). */
export function assertSessionOpen(session: Pick<GameSessionRow, "demo" | "expiresAt">, now: Date): void {
  if (!session.demo && session.expiresAt <= now) throw notFound("This game session has ended; launch the game again.");
}
