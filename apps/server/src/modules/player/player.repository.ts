import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { playerFieldSettings, players } from "./player.schema.ts";

export type PlayerRow = typeof players.$inferSelect;
export type NewPlayerRow = typeof players.$inferInsert;
export type PlayerUpdate = Partial<Omit<NewPlayerRow, "id" | "createdAt">>;
export type FieldSettingRow = typeof playerFieldSettings.$inferSelect;

export async function selectPlayer(executor: DbExecutor, playerId: string): Promise<PlayerRow | undefined> {
  const [row] = await executor.select().from(players).where(eq(players.id, playerId)).limit(1);
  return row;
}

/** E-mail addresses are one account whatever their case (the unique index is on lower(email)). */
export async function selectPlayerByEmail(executor: DbExecutor, email: string): Promise<PlayerRow | undefined> {
  const [row] = await executor
    .select()
    .from(players)
    .where(sql`lower(${players.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** `phone` in E.164. */
export async function selectPlayerByPhone(executor: DbExecutor, phone: string): Promise<PlayerRow | undefined> {
  const [row] = await executor.select().from(players).where(eq(players.phone, phone)).limit(1);
  return row;
}

export async function selectPlayerIdByTelegramUser(executor: DbExecutor, tgUserId: number): Promise<string | null> {
  const [row] = await executor.select({ id: players.id }).from(players).where(eq(players.tgUserId, tgUserId)).limit(1);
  return row?.id ?? null;
}

export async function insertPlayer(executor: DbExecutor, values: NewPlayerRow): Promise<string> {
  const [row] = await executor.insert(players).values(values).returning({ id: players.id });
  if (!row) throw new Error("the player was not created");
  return row.id;
}

export async function updatePlayer(executor: DbExecutor, playerId: string, values: PlayerUpdate): Promise<void> {
  await executor.update(players).set(values).where(eq(players.id, playerId));
}

/** Counts a sign-in; the profile's isNewlyRegistered reads this count. */
export async function incrementSignInCount(executor: DbExecutor, playerId: string, at: Date): Promise<void> {
  await executor
    .update(players)
    .set({ signInCount: sql`${players.signInCount} + 1`, updatedAt: at })
    .where(eq(players.id, playerId));
}

/** The affiliate tag is stored only if none is stored (spec 5). */
export async function storeAffiliateTagIfMissing(executor: DbExecutor, playerId: string, affiliateTag: string): Promise<boolean> {
  const rows = await executor
    .update(players)
    .set({ affiliateTag })
    .where(and(eq(players.id, playerId), sql`${players.affiliateTag} is null`))
    .returning({ id: players.id });
  return rows.length > 0;
}

export async function isNicknameTaken(executor: DbExecutor, nickname: string, exceptPlayerId?: string): Promise<boolean> {
  const sameName = sql`lower(${players.nickname}) = ${nickname.toLowerCase()}`;
  const [row] = await executor
    .select({ id: players.id })
    .from(players)
    .where(exceptPlayerId ? and(sameName, ne(players.id, exceptPlayerId)) : sameName)
    .limit(1);
  return row !== undefined;
}

export async function selectFieldSettings(executor: DbExecutor): Promise<FieldSettingRow[]> {
  return executor
    .select()
    .from(playerFieldSettings)
    .orderBy(asc(playerFieldSettings.scenario), asc(playerFieldSettings.sortOrder), asc(playerFieldSettings.field));
}

/** Seeds the operator's field lists; rows that exist are left alone so operators' edits survive. */
export async function insertMissingFieldSettings(db: AppDatabase, rows: (typeof playerFieldSettings.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(playerFieldSettings).values(rows).onConflictDoNothing();
}
