import { and, asc, eq, exists, ilike, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { EventInfo, SportInfo, SportSearchResultSchema } from "@playfair/contracts/sport/sportsbook-api";
import type { z } from "zod";
import type { AppDatabase } from "../../../db/database.ts";
import { strongEtagOf } from "../../../lib/etag.ts";
import { sportCategories, sportChampionships, sportCompetitors, sportEvents } from "../sport.schema.ts";
import { isOpen, selectEvents, summariesOf } from "./event-summaries.ts";
import { sportName } from "./sport-names.ts";

// The spec's sport calls (spec 3 and 7): sport info by sport id (cached per sport, as the site
// caches it too), event info by event id, and search by name.

/** How long a sport's info is kept when nothing drops it sooner (another process's feed). */
const SPORT_INFO_TTL_MS = 30_000;
/** Results per kind of a search. */
const SEARCH_LIMIT = 20;

export type EncodedAnswer = { json: Buffer; etag: string };
export type SportSearchResult = z.infer<typeof SportSearchResultSchema>;

/** `%`, `_` and `\` match themselves in a name search. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createSportInfo(dependencies: { db: AppDatabase; clock: () => Date }) {
  const { db, clock } = dependencies;
  const cache = new Map<number, { answer: EncodedAnswer | null; expiresAt: number }>();
  // Bumped by every drop: a load that started before a drop must not store what it read.
  let generation = 0;

  async function loadSportInfo(sportId: number): Promise<SportInfo | null> {
    const rows = await db
      .select({ categoryId: sportCategories.id, categoryName: sportCategories.name, championshipId: sportChampionships.id, championshipName: sportChampionships.name })
      .from(sportCategories)
      .innerJoin(sportChampionships, eq(sportChampionships.categoryId, sportCategories.id))
      .where(eq(sportCategories.sportId, sportId))
      .orderBy(asc(sportCategories.position), asc(sportCategories.name), asc(sportCategories.id), asc(sportChampionships.position), asc(sportChampionships.name), asc(sportChampionships.id));
    if (rows.length === 0) return null;
    const categories: SportInfo["Categories"] = [];
    for (const row of rows) {
      let category = categories.at(-1);
      if (category?.CategoryId !== row.categoryId) {
        category = { CategoryId: row.categoryId, Name: row.categoryName, Championships: [] };
        categories.push(category);
      }
      category.Championships.push({ ChampionshipId: row.championshipId, Name: row.championshipName });
    }
    return { Categories: categories };
  }

  return {
    /**
     * A sport's categories with their championships, encoded once per sport and kept until the
     * feed changes them or the TTL runs out; null for a sport without any.
     */
    async sportInfo(sportId: number): Promise<EncodedAnswer | null> {
      const at = clock().getTime();
      const cached = cache.get(sportId);
      if (cached && cached.expiresAt > at) return cached.answer;
      const loadedIn = generation;
      const info = await loadSportInfo(sportId);
      const json = info ? Buffer.from(JSON.stringify(info)) : null;
      const answer = json ? { json, etag: strongEtagOf(json) } : null;
      if (loadedIn === generation) cache.set(sportId, { answer, expiresAt: at + SPORT_INFO_TTL_MS });
      return answer;
    },

    /** Forgets a sport's cached info: the feed added or changed its categories or championships. */
    dropSportInfo(sportId: number): void {
      generation += 1;
      cache.delete(sportId);
    },

    async eventInfo(eventId: number): Promise<EventInfo | null> {
      const [row] = await selectEvents(db, eq(sportEvents.id, eventId), [], { limit: 1 });
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        championship: {
          id: row.championshipId,
          name: row.championshipName,
          category: { id: row.categoryId, name: row.categoryName, sport: { id: row.sportId, name: sportName(row.sportId) } },
        },
      };
    },

    /** Open events whose name or competitors match, soonest first, and championships by name. */
    async search(text: string): Promise<SportSearchResult> {
      const pattern = containsPattern(text);
      const competitor = alias(sportCompetitors, "competitor");
      const competitorMatches = exists(
        db
          .select({ id: competitor.id })
          .from(competitor)
          .where(and(or(eq(competitor.id, sportEvents.homeCompetitorId), eq(competitor.id, sportEvents.awayCompetitorId)), ilike(competitor.name, pattern))),
      );
      const [events, championships] = await Promise.all([
        selectEvents(db, and(isOpen, or(ilike(sportEvents.name, pattern), competitorMatches)), [asc(sportEvents.startsAt)], { limit: SEARCH_LIMIT }),
        db
          .select({ id: sportChampionships.id, name: sportChampionships.name, categoryId: sportCategories.id, categoryName: sportCategories.name, sportId: sportCategories.sportId })
          .from(sportChampionships)
          .innerJoin(sportCategories, eq(sportCategories.id, sportChampionships.categoryId))
          .where(ilike(sportChampionships.name, pattern))
          .orderBy(asc(sportChampionships.name), asc(sportChampionships.id))
          .limit(SEARCH_LIMIT),
      ]);
      return { events: await summariesOf(db, events), championships };
    },
  };
}

export type SportInfoService = ReturnType<typeof createSportInfo>;
