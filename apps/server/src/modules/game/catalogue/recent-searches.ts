import { RECENT_SEARCHES_KEPT } from "@playfair/contracts/game/catalogue-api";
import { and, desc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { AppDatabase } from "../../../db/database.ts";
import { gameRecentSearches } from "./catalogue.schema.ts";

export type RecentSearch = { id: string; text: string; createdAt: string };

export type RecentSearches = {
  listRecentSearches(playerId: string): Promise<RecentSearch[]>;
  rememberSearch(playerId: string, text: string): Promise<void>;
  /** Removes the given recent searches, or all of them without ids. */
  deleteRecentSearches(playerId: string, ids: readonly string[] | undefined): Promise<void>;
};

/** A player's recent searches (spec 7 search/recent): the newest RECENT_SEARCHES_KEPT texts. */
export function createRecentSearches(dependencies: { db: AppDatabase; now: () => Date }): RecentSearches {
  const { db, now } = dependencies;

  // One statement, prepared once (every search sends it), so a search costs one round trip and one
  // commit here: the text becomes the newest, and of the other texts only the newest
  // RECENT_SEARCHES_KEPT - 1 stay. (The delete cannot see a row the insert has just added, hence
  // "other texts" rather than the first ten of the list.)
  const rememberSearchStatement = (() => {
    const playerId = sql.placeholder("playerId");
    const text = sql.placeholder("text");
    const remembered = db.$with("remembered").as(
      db
        .insert(gameRecentSearches)
        .values({ playerId, text, createdAt: sql.placeholder("at") })
        .onConflictDoUpdate({ target: [gameRecentSearches.playerId, gameRecentSearches.text], set: { createdAt: sql`excluded.created_at` } }),
    );
    const othersKept = db
      .select({ id: gameRecentSearches.id })
      .from(gameRecentSearches)
      .where(and(eq(gameRecentSearches.playerId, playerId), ne(gameRecentSearches.text, text)))
      .orderBy(desc(gameRecentSearches.createdAt), desc(gameRecentSearches.id))
      .limit(RECENT_SEARCHES_KEPT - 1);
    return db
      .with(remembered)
      .delete(gameRecentSearches)
      .where(and(eq(gameRecentSearches.playerId, playerId), ne(gameRecentSearches.text, text), notInArray(gameRecentSearches.id, othersKept)))
      .prepare("catalogue_remember_search");
  })();

  async function rememberSearch(playerId: string, text: string): Promise<void> {
    const normalized = text.trim().replace(/\s+/g, " ").slice(0, 100);
    if (normalized === "") return;
    await rememberSearchStatement.execute({ playerId, text: normalized, at: now() });
  }

  return {
    async listRecentSearches(playerId) {
      const rows = await db
        .select()
        .from(gameRecentSearches)
        .where(eq(gameRecentSearches.playerId, playerId))
        .orderBy(desc(gameRecentSearches.createdAt), desc(gameRecentSearches.id))
        .limit(RECENT_SEARCHES_KEPT);
      return rows.map((row) => ({ id: row.id, text: row.text, createdAt: row.createdAt.toISOString() }));
    },
    rememberSearch,
    async deleteRecentSearches(playerId, ids) {
      if (ids === undefined) {
        await db.delete(gameRecentSearches).where(eq(gameRecentSearches.playerId, playerId));
        return;
      }
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return;
      await db.delete(gameRecentSearches).where(and(eq(gameRecentSearches.playerId, playerId), inArray(gameRecentSearches.id, uuids)));
    },
  };
}
