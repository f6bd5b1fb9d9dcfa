import { RECENT_SEARCHES_KEPT } from "@playfair/contracts/game/catalogue-api";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "../../../db/database.ts";
import { gameRecentSearches } from "./catalogue.schema.ts";

export type RecentSearch = { id: string; text: string; createdAt: string };

export type RecentSearches = {
  listRecentSearches(playerId: string): Promise<RecentSearch[]>;
  /** Notes a search; it is written within `flushDelayMs` (the search's answer does not wait for it). */
  rememberSearch(playerId: string, text: string): void;
  /** Removes the given recent searches, or all of them without ids. */
  deleteRecentSearches(playerId: string, ids: readonly string[] | undefined): Promise<void>;
  /** Writes every search noted so far (at shutdown, and before a player's list is read). */
  flushRecentSearches(): Promise<void>;
};

/** How long a noted search waits for others to share its write. */
const FLUSH_DELAY_MS = 25;
/** A batch this large is written at once instead of waiting. */
const FLUSH_AT_ENTRIES = 1_000;

/** `at`: microseconds since the epoch (see `rememberSearch`). */
type PendingSearch = { playerId: string; text: string; at: number };

/**
 * A player's recent searches (spec 7 search/recent): the newest RECENT_SEARCHES_KEPT texts.
 *
 * Searches are written behind the answer, many players' in one transaction (ADR 033): a search
 * answer no longer waits for a commit, and the database commits once per batch instead of once per
 * search. Reading or deleting a player's list writes what is pending first, so a player always sees
 * their own searches; a crash loses at most the last `FLUSH_DELAY_MS` of them.
 */
export function createRecentSearches(dependencies: { db: AppDatabase; now: () => Date; log?: (error: unknown) => void }): RecentSearches {
  const { db, now } = dependencies;
  const log = dependencies.log ?? ((error: unknown) => console.error("recent searches not written", error));
  // One entry per player and text: a repeated search only moves its time.
  let pending = new Map<string, PendingSearch>();
  let timer: NodeJS.Timeout | null = null;
  // Batches are written one after another, so a flush awaited by a reader includes every earlier one.
  let writing: Promise<void> = Promise.resolve();
  // The last search's time in microseconds: a search answered within the same millisecond as the
  // one before (a quick answer, a player typing fast) is still the newer one, so a repeated search
  // always moves to the top of the list. Microseconds are what the column keeps.
  let lastNotedMicros = 0;

  async function writeBatch(batch: PendingSearch[]): Promise<void> {
    const rows = JSON.stringify(batch.map((entry) => ({ player_id: entry.playerId, text: entry.text, created_at: isoWithMicroseconds(entry.at) })));
    await db.transaction(async (tx) => {
      // Players deleted since their search are skipped rather than failing everyone's batch.
      await tx.execute(sql`
        insert into game_recent_searches (player_id, text, created_at)
        select searched.player_id, searched.text, searched.created_at
        from jsonb_to_recordset(${rows}::jsonb) as searched(player_id uuid, text varchar(100), created_at timestamptz)
        join players on players.id = searched.player_id
        on conflict (player_id, text) do update set created_at = greatest(game_recent_searches.created_at, excluded.created_at)`);
      await tx.execute(sql`
        delete from game_recent_searches
        where id in (
          select id from (
            select id, row_number() over (partition by player_id order by created_at desc, id desc) as place
            from game_recent_searches
            where player_id in (select (entry ->> 'player_id')::uuid from jsonb_array_elements(${rows}::jsonb) as entry)
          ) as ranked
          where ranked.place > ${RECENT_SEARCHES_KEPT})`);
    });
  }

  function flushRecentSearches(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      writing = writing.then(() => writeBatch(batch)).catch(log);
    }
    return writing;
  }

  function hasPendingFor(playerId: string): boolean {
    for (const entry of pending.values()) if (entry.playerId === playerId) return true;
    return false;
  }

  return {
    async listRecentSearches(playerId) {
      if (hasPendingFor(playerId)) await flushRecentSearches();
      else await writing;
      const rows = await db
        .select()
        .from(gameRecentSearches)
        .where(eq(gameRecentSearches.playerId, playerId))
        .orderBy(desc(gameRecentSearches.createdAt), desc(gameRecentSearches.id))
        .limit(RECENT_SEARCHES_KEPT);
      return rows.map((row) => ({ id: row.id, text: row.text, createdAt: row.createdAt.toISOString() }));
    },
    rememberSearch(playerId, text) {
      const normalized = text.trim().replace(/\s+/g, " ").slice(0, 100);
      if (normalized === "") return;
      const key = `${playerId}\n${normalized}`;
      pending.delete(key);
      lastNotedMicros = Math.max(now().getTime() * 1000, lastNotedMicros + 1);
      pending.set(key, { playerId, text: normalized, at: lastNotedMicros });
      if (pending.size >= FLUSH_AT_ENTRIES) void flushRecentSearches();
      else timer ??= setTimeout(() => void flushRecentSearches(), FLUSH_DELAY_MS);
    },
    async deleteRecentSearches(playerId, ids) {
      if (hasPendingFor(playerId)) await flushRecentSearches();
      else await writing;
      if (ids === undefined) {
        await db.delete(gameRecentSearches).where(eq(gameRecentSearches.playerId, playerId));
        return;
      }
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return;
      await db.delete(gameRecentSearches).where(and(eq(gameRecentSearches.playerId, playerId), inArray(gameRecentSearches.id, uuids)));
    },
    flushRecentSearches,
  };
}

/** An ISO 8601 time with microseconds (JavaScript's Date stops at milliseconds). */
function isoWithMicroseconds(micros: number): string {
  return new Date(Math.floor(micros / 1000)).toISOString().replace("Z", `${String(micros % 1000).padStart(3, "0")}Z`);
}
