import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { players } from "../player/player.schema.ts";
import { socialAuthStates, socialConnections } from "./social.schema.ts";

export type SocialConnectionRow = typeof socialConnections.$inferSelect;
export type SocialAuthStateRow = typeof socialAuthStates.$inferSelect;

export async function insertAuthState(executor: DbExecutor, values: typeof socialAuthStates.$inferInsert): Promise<void> {
  await executor.insert(socialAuthStates).values(values);
}

/** Takes a pending state out in one statement, so two callbacks racing with it cannot both use it. */
export async function takeAuthState(executor: DbExecutor, state: string): Promise<SocialAuthStateRow | undefined> {
  const [row] = await executor.delete(socialAuthStates).where(eq(socialAuthStates.state, state)).returning();
  return row;
}

export async function deleteExpiredAuthStates(executor: DbExecutor, now: Date): Promise<void> {
  await executor.delete(socialAuthStates).where(lt(socialAuthStates.expiresAt, now));
}

export async function selectConnectionByIdentity(executor: DbExecutor, provider: string, subject: string): Promise<SocialConnectionRow | undefined> {
  const [row] = await executor
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.provider, provider), eq(socialConnections.subject, subject)))
    .limit(1);
  return row;
}

export async function selectConnections(executor: DbExecutor, playerId: string): Promise<SocialConnectionRow[]> {
  return executor
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.playerId, playerId))
    .orderBy(asc(socialConnections.createdAt), asc(socialConnections.provider));
}

export async function insertConnection(executor: DbExecutor, values: typeof socialConnections.$inferInsert): Promise<void> {
  await executor.insert(socialConnections).values(values);
}

export async function deleteConnection(executor: DbExecutor, playerId: string, provider: string): Promise<number> {
  const rows = await executor
    .delete(socialConnections)
    .where(and(eq(socialConnections.playerId, playerId), eq(socialConnections.provider, provider)))
    .returning({ id: socialConnections.id });
  return rows.length;
}

/** What decides whether a player could still sign in without a given connection. */
export type PlayerSignInFacts = {
  id: string;
  email: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  hasVerifiedPhone: boolean;
  tgUserId: number | null;
  createdAt: Date;
};

function signInFacts(row: typeof players.$inferSelect): PlayerSignInFacts {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    hasVerifiedPhone: row.phone !== null && row.phoneVerifiedAt !== null,
    tgUserId: row.tgUserId,
    createdAt: row.createdAt,
  };
}

export async function selectPlayerFacts(executor: DbExecutor, playerId: string, options: { forUpdate?: boolean } = {}): Promise<PlayerSignInFacts | undefined> {
  const query = executor.select().from(players).where(eq(players.id, playerId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ? signInFacts(row) : undefined;
}

export async function selectPlayerFactsByEmail(executor: DbExecutor, email: string): Promise<PlayerSignInFacts | undefined> {
  const [row] = await executor
    .select()
    .from(players)
    .where(sql`lower(${players.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ? signInFacts(row) : undefined;
}

export async function selectPlayerIdByTelegramUser(executor: DbExecutor, tgUserId: number): Promise<string | undefined> {
  const [row] = await executor.select({ id: players.id }).from(players).where(eq(players.tgUserId, tgUserId)).limit(1);
  return row?.id;
}

export async function setTelegramUser(executor: DbExecutor, playerId: string, tgUserId: number | null, at: Date): Promise<void> {
  await executor.update(players).set({ tgUserId, updatedAt: at }).where(eq(players.id, playerId));
}

export async function selectSocialProviders(executor: DbExecutor, playerId: string): Promise<string[]> {
  const rows = await executor
    .select({ provider: socialConnections.provider })
    .from(socialConnections)
    .where(eq(socialConnections.playerId, playerId))
    .orderBy(asc(socialConnections.provider));
  return rows.map((row) => row.provider);
}
