import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { LiveState, SportEventStatus } from "@playfair/contracts/sport/feed-messages";
import type { Competitor, EventDetail, EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import type { DbExecutor } from "../../../db/database.ts";
import { marketColumns } from "../feed/event-messages.ts";
import { readUpProducers } from "../feed/producers.ts";
import { sportCategories, sportChampionships, sportCompetitors, sportEvents, sportMarkets } from "../sport.schema.ts";
import { competitorOutcomeIds, mainMarketOf, marketView, type MarketRow } from "../sport-views.ts";

// Events as the widget and the home page's carousels list them: the event with its category,
// championship and competitors, whether its producer is down, and its main market.

/** In play, or interrupted while the live producer covers it (see feed/event-updates.ts). */
export const isLive: SQL = sql`(${sportEvents.status} = 'live' or (${sportEvents.status} = 'suspended' and ${sportEvents.producer} = 'live'))`;
/** Not started yet, or suspended before the start. */
export const isPrematch: SQL = sql`(${sportEvents.status} = 'not_started' or (${sportEvents.status} = 'suspended' and ${sportEvents.producer} = 'prematch'))`;
export const isOpen: SQL = or(isLive, isPrematch)!;

const eventMarketColumns = { eventId: sportMarkets.eventId, ...marketColumns };

type EventRow = {
  id: number;
  sportId: number;
  categoryId: number;
  categoryName: string;
  championshipId: number;
  championshipName: string;
  name: string;
  homeCompetitorId: number | null;
  awayCompetitorId: number | null;
  startsAt: Date;
  status: string;
  producer: string;
  liveState: LiveState | null;
};

/** The events matching `where`, in `orderBy`, with their category and championship. */
export function selectEvents(executor: DbExecutor, where: SQL | undefined, orderBy: SQL[], page: { limit: number; offset?: number }): Promise<EventRow[]> {
  return executor
    .select({
      id: sportEvents.id,
      sportId: sportEvents.sportId,
      categoryId: sportEvents.categoryId,
      categoryName: sportCategories.name,
      championshipId: sportEvents.championshipId,
      championshipName: sportChampionships.name,
      name: sportEvents.name,
      homeCompetitorId: sportEvents.homeCompetitorId,
      awayCompetitorId: sportEvents.awayCompetitorId,
      startsAt: sportEvents.startsAt,
      status: sportEvents.status,
      producer: sportEvents.producer,
      liveState: sportEvents.liveState,
    })
    .from(sportEvents)
    .innerJoin(sportChampionships, eq(sportChampionships.id, sportEvents.championshipId))
    .innerJoin(sportCategories, eq(sportCategories.id, sportEvents.categoryId))
    .where(where)
    .orderBy(...orderBy, asc(sportEvents.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** How many events match `where` (the page meta of a list). */
export async function countEvents(executor: DbExecutor, where: SQL | undefined): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(sportEvents)
    .innerJoin(sportChampionships, eq(sportChampionships.id, sportEvents.championshipId))
    .where(where);
  return row?.total ?? 0;
}

async function competitorsOf(executor: DbExecutor, events: readonly EventRow[]): Promise<Map<number, Competitor>> {
  const ids = [...new Set(events.flatMap((event) => [event.homeCompetitorId, event.awayCompetitorId]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: sportCompetitors.id, name: sportCompetitors.name, shortName: sportCompetitors.shortName, crest: sportCompetitors.crest })
    .from(sportCompetitors)
    .where(inArray(sportCompetitors.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

function summaryBase(event: EventRow, competitors: Map<number, Competitor>, upProducers: Set<string>, marketCount: number): Omit<EventSummary, "mainMarket"> {
  return {
    id: event.id,
    sportId: event.sportId,
    categoryId: event.categoryId,
    categoryName: event.categoryName,
    championshipId: event.championshipId,
    championshipName: event.championshipName,
    name: event.name,
    home: event.homeCompetitorId === null ? null : (competitors.get(event.homeCompetitorId) ?? null),
    away: event.awayCompetitorId === null ? null : (competitors.get(event.awayCompetitorId) ?? null),
    startsAt: event.startsAt.toISOString(),
    status: event.status as SportEventStatus,
    liveState: event.liveState,
    suspended: !upProducers.has(event.producer),
    marketCount,
  };
}

/** The listed events as summaries: three more queries whatever the page's length. */
export async function summariesOf(executor: DbExecutor, events: readonly EventRow[]): Promise<EventSummary[]> {
  if (events.length === 0) return [];
  const ids = events.map((event) => event.id);
  const [competitors, upProducers, counts, mains] = await Promise.all([
    competitorsOf(executor, events),
    readUpProducers(executor),
    executor.select({ eventId: sportMarkets.eventId, markets: count() }).from(sportMarkets).where(inArray(sportMarkets.eventId, ids)).groupBy(sportMarkets.eventId),
    executor
      .selectDistinctOn([sportMarkets.eventId], eventMarketColumns)
      .from(sportMarkets)
      .where(inArray(sportMarkets.eventId, ids))
      .orderBy(sportMarkets.eventId, sql`${sportMarkets.specifiers} <> ''`, asc(sportMarkets.marketTypeId), asc(sportMarkets.marketKey)),
  ]);
  const countById = new Map(counts.map((row) => [row.eventId, row.markets]));
  const mainById = new Map<number, MarketRow>(mains.map((row) => [row.eventId, row]));
  return events.map((event) => {
    const main = mainById.get(event.id);
    return { ...summaryBase(event, competitors, upProducers, countById.get(event.id) ?? 0), mainMarket: main ? marketView(main) : null };
  });
}

/** One event with every market, or null when the feed never sent it. */
export async function readEventDetail(executor: DbExecutor, eventId: number): Promise<EventDetail | null> {
  const [event] = await selectEvents(executor, eq(sportEvents.id, eventId), [], { limit: 1 });
  if (!event) return null;
  const [competitors, upProducers, markets] = await Promise.all([
    competitorsOf(executor, [event]),
    readUpProducers(executor),
    executor.select(eventMarketColumns).from(sportMarkets).where(eq(sportMarkets.eventId, eventId)).orderBy(asc(sportMarkets.marketTypeId), asc(sportMarkets.specifiers)),
  ]);
  const names = await competitorNames(executor, competitorOutcomeIds(markets));
  // The main market first, as in the lists; the rest by type and line.
  const main = mainMarketOf(markets);
  const ordered = main ? [main, ...markets.filter((market) => market !== main)] : markets;
  return { ...summaryBase(event, competitors, upProducers, markets.length), markets: ordered.map((market) => marketView(market, names)) };
}

/** The names of the competitors an outright market's outcomes stand for, by outcome id. */
async function competitorNames(executor: DbExecutor, ids: readonly number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select({ id: sportCompetitors.id, name: sportCompetitors.name }).from(sportCompetitors).where(inArray(sportCompetitors.id, [...ids]));
  return new Map(rows.map((row) => [String(row.id), row.name]));
}

/** Filters of the event lists (`and` of the given ones). */
export function eventFilter(filter: { live?: boolean | undefined; sportId?: number | undefined; categoryId?: number | undefined; championshipId?: number | undefined }): SQL {
  return and(
    filter.live === undefined ? isOpen : filter.live ? isLive : isPrematch,
    filter.sportId === undefined ? undefined : eq(sportEvents.sportId, filter.sportId),
    filter.categoryId === undefined ? undefined : eq(sportEvents.categoryId, filter.categoryId),
    filter.championshipId === undefined ? undefined : eq(sportEvents.championshipId, filter.championshipId),
  )!;
}
