import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/sql-errors.ts";
import { nicknameKey } from "./nickname-key.ts";
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

/** The nickname's look-alike key goes with every write of the nickname, whoever writes it. */
function withNicknameKey<T extends { nickname?: string | null; nicknameKey?: string | null }>(values: T): T {
  if (values.nickname === undefined) return values;
  return { ...values, nicknameKey: values.nickname === null ? null : nicknameKey(values.nickname) };
}

export async function insertPlayer(executor: DbExecutor, values: NewPlayerRow): Promise<string> {
  const [row] = await executor.insert(players).values(withNicknameKey(values)).returning({ id: players.id });
  if (!row) throw new Error("the player was not created");
  return row.id;
}

export async function updatePlayer(executor: DbExecutor, playerId: string, values: PlayerUpdate): Promise<void> {
  await executor.update(players).set(withNicknameKey(values)).where(eq(players.id, playerId));
}

/**
 * Gives nicknames stored before look-alike keys existed their key, oldest player first. A nickname
 * whose look-alike an older player already holds keeps no key (it is not in the unique index)
 * until its player changes it; the number of those is returned.
 */
export async function backfillNicknameKeys(db: AppDatabase): Promise<number> {
  const rows = await db
    .select({ id: players.id, nickname: players.nickname })
    .from(players)
    .where(and(isNotNull(players.nickname), isNull(players.nicknameKey)))
    .orderBy(asc(players.createdAt), asc(players.id));
  let clashes = 0;
  for (const row of rows) {
    if (row.nickname === null) continue;
    try {
      await db.update(players).set({ nicknameKey: nicknameKey(row.nickname) }).where(eq(players.id, row.id));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      clashes += 1;
    }
  }
  return clashes;
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

/** Another player holds this nickname or a look-alike of it (see nickname-key.ts). */
export async function isNicknameTaken(executor: DbExecutor, nickname: string, exceptPlayerId?: string): Promise<boolean> {
  const sameName = eq(players.nicknameKey, nicknameKey(nickname));
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
