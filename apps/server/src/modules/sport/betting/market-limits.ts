import { and, eq, inArray } from "drizzle-orm";
import { compareAmounts, normalizeAmount } from "@playfair/contracts/money";
import type { MarketLimit, MarketLimitInput, MarketLimitKey } from "@playfair/contracts/sport/market-limits";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { notFound, validationFailed } from "../../../lib/app-error.ts";
import { sportMarketLimits } from "../sport.schema.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { slipRefused, stakeLimitsOf } from "./slip-rules.ts";

// The operator's per-market stake limits (ADR 035, SB2): the most one player may stake on one market
// of a type, over all their open bets on it, per currency; for every event (`event_id` 0) or one
// event's markets of the type, which then replaces the type-wide limit for that event. Acceptance
// applies it on top of the currency's own per-market limit.

const EVERY_EVENT = 0;

/** A leg of a slip at acceptance: its market and what the player would then stake on it in all. */
export type MarketStakeTotal = { eventId: number; marketTypeId: number; total: string };

/** Refuses the slip (422, reason stakeTooHigh) when a leg's market total passes the operator's limit. */
export async function assertMarketLimits(executor: DbExecutor, currency: string, legs: readonly MarketStakeTotal[]): Promise<void> {
  if (legs.length === 0) return;
  const rows = await executor
    .select({ marketTypeId: sportMarketLimits.marketTypeId, eventId: sportMarketLimits.eventId, maxStake: sportMarketLimits.maxStake })
    .from(sportMarketLimits)
    .where(
      and(
        eq(sportMarketLimits.currency, currency),
        inArray(sportMarketLimits.marketTypeId, [...new Set(legs.map((leg) => leg.marketTypeId))]),
        inArray(sportMarketLimits.eventId, [EVERY_EVENT, ...new Set(legs.map((leg) => leg.eventId))]),
      ),
    );
  for (const leg of legs) {
    const own = rows.find((row) => row.marketTypeId === leg.marketTypeId && row.eventId === leg.eventId);
    const limit = own ?? rows.find((row) => row.marketTypeId === leg.marketTypeId && row.eventId === EVERY_EVENT);
    if (limit && compareAmounts(leg.total, limit.maxStake) > 0) {
      throw slipRefused("stakeTooHigh", "stake", `You can stake at most ${limit.maxStake} ${currency} on one market.`);
    }
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
