import { and, eq } from "drizzle-orm";
import { compareAmounts, normalizeAmount } from "@playfair/contracts/money";
import type { MarketLimit, MarketLimitInput, MarketLimitKey } from "@playfair/contracts/sport/market-limits";
import type { AppDatabase } from "../../../db/database.ts";
import { notFound, validationFailed } from "../../../lib/app-error.ts";
import { sportMarketLimits } from "../sport.schema.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { slipRefused, stakeLimitsOf } from "./slip-rules.ts";

// The operator's per-market stake limits (ADR 035, SB2): the most one player may stake on one market
// of a type, over all their open bets on it, per currency; for every event (`event_id` 0) or one
// event's markets of the type, which then replaces the type-wide limit for that event. Acceptance
// applies it on top of the currency's own per-market limit.

/** The `event_id` of a limit for every event of its market type. */
export const EVERY_EVENT = 0;

/** Refuses the slip (422, reason stakeTooHigh) when the player's total on a market passes the operator's limit for it. */
export function assertMarketLimit(total: string, maxStake: string | null, currency: string): void {
  if (maxStake !== null && compareAmounts(total, maxStake) > 0) {
    throw slipRefused("stakeTooHigh", "stake", `You can stake at most ${maxStake} ${currency} on one market.`);
  }
}

function viewOf(row: typeof sportMarketLimits.$inferSelect): MarketLimit {
  return { marketTypeId: row.marketTypeId, currency: row.currency, eventId: row.eventId === EVERY_EVENT ? null : row.eventId, maxStake: row.maxStake, updatedAt: row.updatedAt.toISOString() };
}

function keyOf(key: MarketLimitKey) {
  return and(eq(sportMarketLimits.marketTypeId, key.marketTypeId), eq(sportMarketLimits.currency, key.currency), eq(sportMarketLimits.eventId, key.eventId ?? EVERY_EVENT));
}

export type MarketLimits = ReturnType<typeof createMarketLimits>;

/** The operator API's side: list, set (create or replace) and remove limits. */
export function createMarketLimits({ db, now, precision }: { db: AppDatabase; now: () => Date; precision: CurrencyPrecision }) {
  return {
    async listMarketLimits(): Promise<MarketLimit[]> {
      const rows = await db.select().from(sportMarketLimits).orderBy(sportMarketLimits.marketTypeId, sportMarketLimits.currency, sportMarketLimits.eventId);
      return rows.map(viewOf);
    },

    /** Sets a limit in the currency's precision; a currency the sportsbook does not take is refused. */
    async setMarketLimit(input: MarketLimitInput): Promise<MarketLimit> {
      stakeLimitsOf(input.currency);
      let maxStake: string;
      try {
        maxStake = normalizeAmount(input.maxStake, await precision(db, input.currency));
      } catch {
        throw validationFailed({ maxStake: [`The maximum stake has more decimals than ${input.currency} allows.`] });
      }
      const values = { marketTypeId: input.marketTypeId, currency: input.currency, eventId: input.eventId ?? EVERY_EVENT, maxStake, updatedAt: now() };
      const [row] = await db
        .insert(sportMarketLimits)
        .values(values)
        .onConflictDoUpdate({ target: [sportMarketLimits.marketTypeId, sportMarketLimits.eventId, sportMarketLimits.currency], set: { maxStake, updatedAt: values.updatedAt } })
        .returning();
      return viewOf(row!);
    },

    async removeMarketLimit(key: MarketLimitKey): Promise<void> {
      const removed = await db.delete(sportMarketLimits).where(keyOf(key)).returning({ marketTypeId: sportMarketLimits.marketTypeId });
      if (removed.length === 0) throw notFound("No such market limit.");
    },
  };
}
