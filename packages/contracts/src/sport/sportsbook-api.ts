import { z } from "zod";
import { pageSchema } from "../pagination.ts";
import { LiveStateSchema, OddsSchema, SPORT_EVENT_STATUSES, SPORT_MARKET_STATUSES } from "./feed-messages.ts";

/**
 * The sportsbook's read API (ADR 035). Two audiences:
 * - the site, through the spec's calls (spec 3, 7): `GET /api/game/sport/info/{sportId}` (Sport
 *   info, PascalCase as the spec names it), `GET /api/game/sport/events/{eventId}` (Event info),
 *   `GET /api/game/sport/search?text=`;
 * - our widget, through the provider's own API under `/api/sportsbook/`: sports with event counts,
 *   event lists, one event with every market, top and live events for the carousels.
 * Guests may read all of these.
 */

/** Spec 3 Sport info: categories, each with its championships. */
export const SportInfoSchema = z
  .object({
    Categories: z.array(
      z.object({
        CategoryId: z.number().int(),
        Name: z.string(),
        Championships: z.array(z.object({ ChampionshipId: z.number().int(), Name: z.string() })),
      }),
    ),
  })
  .meta({ id: "SportInfo" });
export type SportInfo = z.infer<typeof SportInfoSchema>;

/** Spec 3 Event info. */
export const EventInfoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    championship: z.object({
      id: z.number().int(),
      name: z.string(),
      category: z.object({
        id: z.number().int(),
        name: z.string(),
        sport: z.object({ id: z.number().int(), name: z.string() }),
      }),
    }),
  })
  .meta({ id: "EventInfo" });
export type EventInfo = z.infer<typeof EventInfoSchema>;

export const CompetitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  /** The generated crest's seed: the widget draws it (shape index, two colours). */
  crest: z.object({ shape: z.number().int(), primary: z.string(), secondary: z.string() }),
});
export type Competitor = z.infer<typeof CompetitorSchema>;

export const OutcomeViewSchema = z.object({
  id: z.string(),
  odds: OddsSchema,
  active: z.boolean(),
  /** The competitor's name when the outcome id is a competitor id (outright winner markets). */
  name: z.string().optional(),
});

/** A market as the widget shows it. `version` goes on the slip: acceptance compares it. */
export const MarketViewSchema = z.object({
  marketKey: z.string(),
  marketTypeId: z.number().int(),
  specifiers: z.string(),
  status: z.enum(SPORT_MARKET_STATUSES),
  version: z.number().int(),
  outcomes: z.array(OutcomeViewSchema),
});
export type MarketView = z.infer<typeof MarketViewSchema>;

/** An event in a list: its main market only (match result or moneyline). */
export const EventSummarySchema = z
  .object({
    id: z.number().int(),
    sportId: z.number().int(),
    categoryId: z.number().int(),
    categoryName: z.string(),
    championshipId: z.number().int(),
    championshipName: z.string(),
    name: z.string(),
    home: CompetitorSchema.nullable(),
    away: CompetitorSchema.nullable(),
    /** ISO date-time. */
    startsAt: z.string(),
    status: z.enum(SPORT_EVENT_STATUSES),
    liveState: LiveStateSchema.nullable(),
    /** True while the event's producer is down: every market counts as suspended. */
    suspended: z.boolean(),
    marketCount: z.number().int(),
    mainMarket: MarketViewSchema.nullable(),
  })
  .meta({ id: "SportEventSummary" });
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventDetailSchema = EventSummarySchema.omit({ mainMarket: true })
  .extend({ markets: z.array(MarketViewSchema) })
  .meta({ id: "SportEventDetail" });
export type EventDetail = z.infer<typeof EventDetailSchema>;

export const SportCountSchema = z.object({ sportId: z.number().int(), prematch: z.number().int(), live: z.number().int() });

/** `GET /api/sportsbook/sports`: every sport with open events, by sport id. */
export const SportCountListSchema = z.object({ data: z.array(SportCountSchema) }).meta({ id: "SportCountList" });

/** Sport, category and championship ids are 32-bit integers in the feed's numbering; event ids are wider. */
const CatalogueIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The id in `/sport/info/{id}`. */
export const SportIdParamsSchema = z.object({ id: CatalogueIdSchema });
/** The id in `/sport/events/{id}` and `/sportsbook/events/{id}`. */
export const EventIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `GET /api/sportsbook/events`: one page of events. */
export const EventSummaryPageSchema = pageSchema(EventSummarySchema).meta({ id: "SportEventPage" });

/** The home page's carousels (`top-events`, `live`): a short list, no pages. */
export const EventSummaryListSchema = z.object({ data: z.array(EventSummarySchema) }).meta({ id: "SportEventList" });
export const CarouselQuerySchema = z.object({ perPage: z.coerce.number().int().min(1).max(50).optional() });
/** How many events each carousel shows unless `perPage` asks for another number. */
export const TOP_EVENTS_DEFAULT = 15;
export const LIVE_CAROUSEL_DEFAULT = 7;

export const EventListQuerySchema = z.object({
  sportId: CatalogueIdSchema.optional(),
  categoryId: CatalogueIdSchema.optional(),
  championshipId: CatalogueIdSchema.optional(),
  live: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(30),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const SportSearchQuerySchema = z.object({ text: z.string().trim().min(2).max(80) });

/** `GET /api/game/sport/search`: events, championships and competitors whose names match. */
export const SportSearchResultSchema = z
  .object({
    events: z.array(EventSummarySchema),
    championships: z.array(z.object({ id: z.number().int(), name: z.string(), categoryId: z.number().int(), categoryName: z.string(), sportId: z.number().int() })),
  })
  .meta({ id: "SportSearchResult" });

/**
 * What `sport:event-<id>` carries (ADR 035): changed markets, the event's status and live state.
 * `sport:live` carries the same for any live event, main market only.
 */
export const SportEventUpdateSchema = z.object({
  eventId: z.number().int(),
  status: z.enum(SPORT_EVENT_STATUSES),
  liveState: LiveStateSchema.nullable(),
  suspended: z.boolean(),
  markets: z.array(MarketViewSchema),
});
export type SportEventUpdate = z.infer<typeof SportEventUpdateSchema>;

/** The realtime channels of the public `sport` namespace. */
export const sportEventChannel = (eventId: number) => `sport:event-${eventId}`;
export const SPORT_LIVE_CHANNEL = "sport:live";
