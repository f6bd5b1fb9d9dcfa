import { z } from "zod";
import { compareAmounts, isDecimalAmount } from "../money.ts";
import { MARKET_TYPES } from "./sports.ts";

// The operator's per-market stake limits (ADR 035): the most one player may stake on one market of
// a type over all their open bets on it, in one currency, for every event or for one event's
// markets of the type. Set through /api/operator/sport-market-limits (`npm run ops -- sport-limits`).

const MARKET_TYPE_IDS: readonly number[] = Object.values(MARKET_TYPES).map((type) => type.id);

const MARKET_TYPE_MESSAGE = `A market type of the sportsbook: ${MARKET_TYPE_IDS.join(", ")}.`;
const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3,5}$/, "A currency code such as EUR.");

/** Which limit to remove (DELETE's query): without `eventId`, the one for every event. */
export const MarketLimitKeySchema = z.object({
  marketTypeId: z.coerce
    .number()
    .int()
    .refine((id) => MARKET_TYPE_IDS.includes(id), MARKET_TYPE_MESSAGE),
  currency: CurrencyCodeSchema,
  eventId: z.coerce.number().int().positive().optional(),
});
export type MarketLimitKey = z.infer<typeof MarketLimitKeySchema>;

/** What an operator sets (PUT): the key and the most one player may stake on such a market. */
export const MarketLimitInputSchema = z
  .object({
    marketTypeId: z
      .number()
      .int()
      .refine((id) => MARKET_TYPE_IDS.includes(id), MARKET_TYPE_MESSAGE),
    currency: CurrencyCodeSchema,
    /** One event's markets of the type; absent or null: every event. */
    eventId: z.number().int().positive().nullish(),
    maxStake: z.string().refine((value) => isDecimalAmount(value) && compareAmounts(value, "0") > 0, "The maximum stake must be a positive decimal number."),
  })
  .meta({ id: "SportMarketLimitChange" });
export type MarketLimitInput = z.infer<typeof MarketLimitInputSchema>;

export const MarketLimitSchema = z
  .object({
    marketTypeId: z.number().int(),
    currency: z.string(),
    eventId: z.number().int().nullable(),
    maxStake: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "SportMarketLimit" });
export type MarketLimit = z.infer<typeof MarketLimitSchema>;

export const MarketLimitListSchema = z.object({ data: z.array(MarketLimitSchema) }).meta({ id: "SportMarketLimitList" });
export const MarketLimitResponseSchema = z.object({ data: MarketLimitSchema }).meta({ id: "SportMarketLimitResponse" });
