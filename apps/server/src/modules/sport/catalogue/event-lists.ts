import { asc, count, sql } from "drizzle-orm";
import { pageMeta, type PageMeta } from "@playfair/contracts/pagination";
import type { EventDetail, EventListQuery, EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { LIVE_CAROUSEL_DEFAULT, TOP_EVENTS_DEFAULT } from "@playfair/contracts/sport/sportsbook-api";
import type { AppDatabase } from "../../../db/database.ts";
import { sportChampionships, sportEvents } from "../sport.schema.ts";
import { countEvents, eventFilter, isLive, isOpen, isPrematch, readEventDetail, selectEvents, summariesOf } from "./event-summaries.ts";

// The widget's own read API (`/api/sportsbook/...`): sports with event counts, event lists, one
// event with every market, and the home page's carousels.

/**
 * A championship among the first few of its category (the feed orders them by importance) is a
 * big one: the top-events carousel shows its events before any other.
 */
const BIG_CHAMPIONSHIP_POSITIONS = 3;

export function createEventLists(dependencies: { db: AppDatabase }) {
  const { db } = dependencies;
  // Live events grouped by sport, their biggest championships first; pre-match ones by start.
  const liveOrder = [asc(sportEvents.sportId), asc(sportChampionships.position), asc(sportEvents.startsAt)];

  return {
    /** Every sport with open events: how many are pre-match and how many live. */
    async sportCounts(): Promise<{ sportId: number; prematch: number; live: number }[]> {
      return db
        .select({
          sportId: sportEvents.sportId,
          prematch: sql<number>`cast(${count()} filter (where ${isPrematch}) as integer)`,
          live: sql<number>`cast(${count()} filter (where ${isLive}) as integer)`,
        })
        .from(sportEvents)
        .where(isOpen)
        .groupBy(sportEvents.sportId)
        .orderBy(asc(sportEvents.sportId));
    },

    /** Open events, filtered: live ones first, grouped by sport; pre-match ones by start time. */
    async listEvents(query: EventListQuery): Promise<{ data: EventSummary[]; meta: PageMeta }> {
      const live = query.live === undefined ? undefined : query.live === "true";
      const where = eventFilter({ live, sportId: query.sportId, categoryId: query.categoryId, championshipId: query.championshipId });
      const order =
        live === true
          ? liveOrder
          : live === false
            ? [asc(sportEvents.startsAt)]
            : [sql`case when ${isLive} then 0 else 1 end`, sql`case when ${isLive} then ${sportEvents.sportId} else 0 end`, asc(sportEvents.startsAt)];
      const [events, total] = await Promise.all([
        selectEvents(db, where, order, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
        countEvents(db, where),
      ]);
      return { data: await summariesOf(db, events), meta: pageMeta(query, total) };
    },

    eventDetail(eventId: number): Promise<EventDetail | null> {
      return readEventDetail(db, eventId);
    },

    /** Pre-match events of the big championships, soonest first, then any other soonest. */
    async topEvents(limit = TOP_EVENTS_DEFAULT): Promise<EventSummary[]> {
      const events = await selectEvents(db, isPrematch, [sql`${sportChampionships.position} >= ${BIG_CHAMPIONSHIP_POSITIONS}`, asc(sportEvents.startsAt)], { limit });
      return summariesOf(db, events);
    },

    /** Live events for the home carousel, in the live list's order. */
    async liveEvents(limit = LIVE_CAROUSEL_DEFAULT): Promise<EventSummary[]> {
      return summariesOf(db, await selectEvents(db, isLive, liveOrder, { limit }));
    },
  };
}

export type EventLists = ReturnType<typeof createEventLists>;
