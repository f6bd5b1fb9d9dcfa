import { z } from "zod";

/**
 * The odds feed's message model (ADR 035): the message types the leading odds feeds publish, as
 * our feed adapter consumes them. The in-house simulator produces exactly these; a real feed's
 * adapter would translate its wire format into them. Every event message carries a sequence
 * number per event, so the applier can apply each once and in order.
 */

/** Who produces a message: pre-match odds and live odds come from separate producers. */
export const SPORT_PRODUCERS = ["prematch", "live"] as const;
export type SportProducer = (typeof SPORT_PRODUCERS)[number];

export const SPORT_EVENT_STATUSES = ["not_started", "live", "suspended", "ended", "closed", "cancelled", "postponed"] as const;
export type SportEventStatus = (typeof SPORT_EVENT_STATUSES)[number];

/** A market's state: open for bets, suspended (e.g. a dangerous moment), deactivated (no longer offered), settled, cancelled. */
export const SPORT_MARKET_STATUSES = ["active", "suspended", "deactivated", "settled", "cancelled"] as const;
export type SportMarketStatus = (typeof SPORT_MARKET_STATUSES)[number];

/** A leg's result from `bet_settlement`: half results are quarter lines (e.g. a handicap of -0.25). */
export const SPORT_OUTCOME_RESULTS = ["win", "lose", "void", "half_win", "half_lose"] as const;
export type SportOutcomeResult = (typeof SPORT_OUTCOME_RESULTS)[number];

/** Decimal odds with two decimals, at least 1.01, as a string: money-grade exact arithmetic only. */
export const OddsSchema = z.string().regex(/^(?:[1-9]\d{0,4})\.\d{2}$/, { error: "Odds are a decimal with two places, such as 1.85" });

const MessageBase = z.object({
  producer: z.enum(SPORT_PRODUCERS),
  /** The producer's clock, milliseconds since the epoch. */
  timestamp: z.number().int().nonnegative(),
});

const EventMessageBase = MessageBase.extend({
  eventId: z.number().int().positive(),
  /** 1, 2, 3 ... per event: the applier applies each number once, in order. */
  sequence: z.number().int().positive(),
});

/** A market is named by its type (1 = match result ...) and its specifiers (`total=2.5`, `hcp=-1.5`, or empty). */
export const MarketRefSchema = z.object({
  marketTypeId: z.number().int().positive(),
  specifiers: z.string().max(120),
});
export type MarketRef = z.infer<typeof MarketRefSchema>;

export const FeedOutcomeSchema = z.object({
  /** Stable within its market: `1`, `X`, `2`, `over`, `under`, a competitor id for outrights ... */
  id: z.string().min(1).max(40),
  odds: OddsSchema,
  active: z.boolean(),
});

export const FeedMarketSchema = MarketRefSchema.extend({
  status: z.enum(SPORT_MARKET_STATUSES),
  outcomes: z.array(FeedOutcomeSchema).min(1),
});
export type FeedMarket = z.infer<typeof FeedMarketSchema>;

/** The live state a live producer sends with its odds: score, period, clock. */
export const LiveStateSchema = z.object({
  homeScore: z.number().int().nonnegative(),
  awayScore: z.number().int().nonnegative(),
  /** Scores of finished periods (halves, sets, maps, quarters), in order. */
  periodScores: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
  /** The sport's own period name key: `1st_half`, `2nd_set`, `map_3`, `break` ... */
  phase: z.string().max(40),
  /** Match clock in seconds, when the sport has one. */
  clockSeconds: z.number().int().nonnegative().nullable(),
});
export type LiveState = z.infer<typeof LiveStateSchema>;

/**
 * Marks a message sent in answer to `requestSnapshot`: it carries the event's current state and
 * the producer's current sequence, and resets the applier's cursor to it (ADR 035).
 */
const SnapshotFlag = z.boolean().optional();

export const OddsChangeSchema = EventMessageBase.extend({
  type: z.literal("odds_change"),
  snapshot: SnapshotFlag,
  eventStatus: z.enum(SPORT_EVENT_STATUSES).optional(),
  liveState: LiveStateSchema.optional(),
  markets: z.array(FeedMarketSchema),
});

/** Suspends every market of the event, or only the listed ones. */
export const BetStopSchema = EventMessageBase.extend({
  type: z.literal("bet_stop"),
  markets: z.array(MarketRefSchema).optional(),
});

export const SettledOutcomeSchema = z.object({
  id: z.string().min(1).max(40),
  result: z.enum(SPORT_OUTCOME_RESULTS),
  /** Dead heat: the share of the stake paid at full odds (0.5 for two tied winners), as a decimal string. */
  deadHeatFactor: z
    .string()
    .regex(/^(?:0\.\d{1,4}|1(?:\.0{1,4})?)$/)
    .optional(),
});

export const BetSettlementSchema = EventMessageBase.extend({
  type: z.literal("bet_settlement"),
  markets: z.array(MarketRefSchema.extend({ outcomes: z.array(SettledOutcomeSchema).min(1) })).min(1),
});

export const RollbackBetSettlementSchema = EventMessageBase.extend({
  type: z.literal("rollback_bet_settlement"),
  markets: z.array(MarketRefSchema).min(1),
});

/** Voids bets on the markets; with a window, only bets placed inside it (a wrong price, a late goal). */
export const BetCancelSchema = EventMessageBase.extend({
  type: z.literal("bet_cancel"),
  markets: z.array(MarketRefSchema).min(1),
  placedFrom: z.number().int().nonnegative().optional(),
  placedTo: z.number().int().nonnegative().optional(),
  reason: z.string().max(200),
});

/** Undoes a `bet_cancel`; with a window, the one of the cancel it undoes. */
export const RollbackBetCancelSchema = EventMessageBase.extend({
  type: z.literal("rollback_bet_cancel"),
  markets: z.array(MarketRefSchema).min(1),
  placedFrom: z.number().int().nonnegative().optional(),
  placedTo: z.number().int().nonnegative().optional(),
});

export const FixtureSchema = z.object({
  sportId: z.number().int().positive(),
  categoryId: z.number().int().positive(),
  championshipId: z.number().int().positive(),
  /** Null for outrights (a championship winner market has no home and away). */
  homeCompetitorId: z.number().int().positive().nullable(),
  awayCompetitorId: z.number().int().positive().nullable(),
  name: z.string().min(1).max(200),
  startsAt: z.number().int().nonnegative(),
  status: z.enum(SPORT_EVENT_STATUSES),
  /** Covered live by the live producer once it starts. */
  liveCoverage: z.boolean(),
});
export type Fixture = z.infer<typeof FixtureSchema>;

export const FixtureChangeSchema = EventMessageBase.extend({
  type: z.literal("fixture_change"),
  snapshot: SnapshotFlag,
  changeType: z.enum(["new", "start_time", "cancelled", "format", "coverage"]),
  fixture: FixtureSchema,
});

/** The producer's heartbeat. `subscribed: false` means it lost our subscription: treat it as down. */
export const AliveSchema = MessageBase.extend({
  type: z.literal("alive"),
  subscribed: z.boolean(),
});

/** Ends a snapshot the applier asked for with `requestSnapshot`. */
export const SnapshotCompleteSchema = MessageBase.extend({
  type: z.literal("snapshot_complete"),
  requestId: z.string().min(1).max(80),
});

export const FeedMessageSchema = z.discriminatedUnion("type", [
  OddsChangeSchema,
  BetStopSchema,
  BetSettlementSchema,
  RollbackBetSettlementSchema,
  BetCancelSchema,
  RollbackBetCancelSchema,
  FixtureChangeSchema,
  AliveSchema,
  SnapshotCompleteSchema,
]);
export type FeedMessage = z.infer<typeof FeedMessageSchema>;
export type FeedEventMessage = Exclude<FeedMessage, { type: "alive" | "snapshot_complete" }>;

/** The key of a market row: `<marketTypeId>|<specifiers>`. */
export function marketKey(market: MarketRef): string {
  return `${market.marketTypeId}|${market.specifiers}`;
}
