import { z } from "zod";
import { PositiveMoneyAmountSchema } from "../money.ts";
import { pageSchema, paginationQuerySchema } from "../pagination.ts";
import { OddsSchema } from "./feed-messages.ts";

/**
 * Bets (ADR 035): the slip the widget sends to `POST /api/sportsbook/bets` (authorised by the
 * sportsbook token from the start-game call), the bet as the player sees it, and the spec's
 * history call `GET /api/game/bets` (page, perPage, isSettled default true).
 */

/** The sportsbook's game id for the start-game call (`POST /api/game/games/{id}/play`); not listed in the casino lobby. */
export const SPORTSBOOK_GAME_IDENTITY = "playfair-sportsbook";

export const BET_KINDS = ["single", "multiple", "system"] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** What the player accepts when a price moves between the slip and acceptance. */
export const ODDS_POLICIES = ["accept_any", "accept_higher", "none"] as const;
export type OddsPolicy = (typeof ODDS_POLICIES)[number];

export const BET_STATUSES = ["pending", "accepted", "rejected", "settled", "cancelled", "cashed_out"] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const LEG_RESULTS = ["open", "win", "lose", "void", "half_win", "half_lose"] as const;

/** Why a slip or a pending live bet was refused; the widget translates each. */
export const BET_REJECT_REASONS = [
  "marketSuspended",
  "oddsChanged",
  "eventStarted",
  "relatedSelections",
  "stakeTooLow",
  "stakeTooHigh",
  "payoutTooHigh",
  "insufficientFunds",
  "limitReached",
  "restricted",
  "unknownSelection",
] as const;
export type BetRejectReason = (typeof BET_REJECT_REASONS)[number];

export const SlipSelectionSchema = z.object({
  eventId: z.number().int().positive(),
  marketKey: z.string().min(2).max(140),
  outcomeId: z.string().min(1).max(40),
  /** The price the player saw. */
  odds: OddsSchema,
  /** The market version the price came from. */
  marketVersion: z.number().int().positive(),
});
export type SlipSelection = z.infer<typeof SlipSelectionSchema>;

export const PlaceBetRequestSchema = z
  .object({
    /** One key per press of "Place bet": a retry answers the same bet (L4). */
    idempotencyKey: z.string().min(8).max(80),
    currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
    kind: z.enum(BET_KINDS),
    /** k of a system k/n (at least 2/3); only for `system`. */
    systemSize: z.number().int().min(2).optional(),
    /** The whole stake; a system bet's lines share it equally. */
    stake: PositiveMoneyAmountSchema,
    oddsPolicy: z.enum(ODDS_POLICIES),
    selections: z.array(SlipSelectionSchema).min(1).max(20),
  })
  .meta({ id: "PlaceBetRequest" });
export type PlaceBetRequest = z.infer<typeof PlaceBetRequestSchema>;

export const BetLegViewSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  sportId: z.number().int(),
  marketKey: z.string(),
  marketTypeId: z.number().int(),
  specifiers: z.string(),
  outcomeId: z.string(),
  odds: z.string(),
  result: z.enum(LEG_RESULTS),
  /** ISO date-time. */
  startsAt: z.string(),
});

export const BetViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(BET_KINDS),
    systemSize: z.number().int().nullable(),
    currency: z.string(),
    stake: z.string(),
    potentialPayout: z.string(),
    payout: z.string().nullable(),
    status: z.enum(BET_STATUSES),
    rejectReason: z.enum(BET_REJECT_REASONS).nullable(),
    isLive: z.boolean(),
    isSettled: z.boolean(),
    /** The cash-out offer now, when one stands (null when markets are suspended or the bet is decided). */
    cashOut: z.object({ amount: z.string(), offerId: z.string() }).nullable(),
    placedAt: z.string(),
    settledAt: z.string().nullable(),
    legs: z.array(BetLegViewSchema),
  })
  .meta({ id: "SportBet" });
export type BetView = z.infer<typeof BetViewSchema>;

export const CashOutRequestSchema = z.object({ offerId: z.string().min(1).max(200) }).meta({ id: "CashOutRequest" });

/** `GET /api/game/bets`: spec 7 names page, perPage and isSettled (default true). */
export const BetsQuerySchema = paginationQuerySchema().extend({
  isSettled: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

/** The most selections one slip may hold. */
export const SLIP_MAX_SELECTIONS = 20;


/** Bets on `game:bets#{playerId}`: every change of one of the player's bets, as the spec's bet event. */
export const SPORT_BET_EVENT = "bet.placebet";
export const SportBetEventSchema = z.object({ event: z.literal(SPORT_BET_EVENT), bet: BetViewSchema });
export type SportBetEvent = z.infer<typeof SportBetEventSchema>;

/** `GET /api/sportsbook/bets?open=true`: the player's undecided bets with their cash-out offers. */
export const OpenBetsQuerySchema = z.object({ open: z.enum(["true"]).default("true") });

export const BetListSchema = z.object({ data: z.array(BetViewSchema) }).meta({ id: "SportBetList" });
export const BetsPageSchema = pageSchema(BetViewSchema).meta({ id: "SportBetsPage" });
export const BetResponseSchema = z.object({ data: BetViewSchema }).meta({ id: "SportBetResponse" });
