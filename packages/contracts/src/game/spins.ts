import { z } from "zod";
import { pageSchema, paginationQuerySchema } from "../pagination.ts";
import { ROUND_STATUSES, SpinSchema } from "./play.ts";

/**
 * GET /api/game/spins with filters (spec 2.2: history views have filter panels; spec 7 names only
 * page and perPage, so the filters are ours): the player's rounds of our originals and of
 * third-party games in one list, newest first.
 */

/** Where a round was played: our originals (provably fair, verifiable) or a studio behind the aggregator. */
export const SPIN_SOURCES = ["original", "thirdParty"] as const;
export type SpinSource = (typeof SPIN_SOURCES)[number];

/** A calendar day (YYYY-MM-DD, whole day in UTC), as the invoice history takes it. */
const DayOrTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Query schemas carry no meta id: the OpenAPI generator cannot resolve a querystring given by reference. */
export const SpinsFilterQuerySchema = paginationQuerySchema().extend({
  /** A game identity (`playfair-dice`, or a studio game's catalogue identity). */
  game: z.string().min(1).max(80).optional(),
  status: z.enum(ROUND_STATUSES, { error: "Choose open, settled or voided." }).optional(),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, { error: "Unknown currency." })
    .optional(),
  source: z.enum(SPIN_SOURCES, { error: "Choose original or thirdParty." }).optional(),
  dateFrom: DayOrTimeSchema.optional(),
  dateTo: DayOrTimeSchema.optional(),
});
export type SpinsFilterQuery = z.infer<typeof SpinsFilterQuerySchema>;

/**
 * One row of the spins history: the spin of `game:spins#` plus where it was played and the game's
 * name. A third-party row's id is `<provider>:<round id>`; only originals have a fairness record.
 */
export const SpinRowSchema = SpinSchema.extend({
  source: z.enum(SPIN_SOURCES),
  provider: z.string(),
  gameName: z.string(),
  /** True for a settled original: /fairness can recompute it. */
  verifiable: z.boolean(),
  /**
   * What /fairness recomputes: the round's own id for an original (`?round=`), the shared round's id
   * for a crash bet (`?crash=`); null for third-party rounds.
   */
  fairnessRoundId: z.string().nullable(),
}).meta({ id: "SpinRow" });
export type SpinRow = z.infer<typeof SpinRowSchema>;
export const SpinRowsPageSchema = pageSchema(SpinRowSchema).meta({ id: "SpinRowsPage" });
export type SpinRowsPage = z.infer<typeof SpinRowsPageSchema>;

/** The provider identity of our own studio's games. */
export const ORIGINALS_PROVIDER = "playfair";
