import { and, asc, eq, lte, or } from "drizzle-orm";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { BetKind, BetRejectReason } from "@playfair/contracts/sport/bets";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import { sportBetLegs, sportBets, sportEvents, sportMarkets, sportProducers } from "../sport.schema.ts";
import type { BetMoney } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { lockBets, policyOf, type SportBetRow } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { closedReason, currentOdds, marketStateKey, oddsUnderPolicy, readMarketStates, type MarketRefKey } from "./market-states.ts";
import { applyFactor, betFactor, decimalFraction } from "./odds-math.ts";

// The live delay (ADR 035): a live bet waits SPORT_LIVE_DELAY_MS as `pending`, then is decided
// against the markets: rejected (its hold released) when a bet_stop or a suspension closed a
// market at any moment since the bet was placed (open again or not: each market and producer
// keeps when it was last suspended), its producer went down meanwhile, or a price moved the way
// the player's policy refuses; accepted otherwise, at the price the policy took. Each bet is decided on its locked
// row in a transaction of its own, so a bet is decided once whichever process gets there first.

/** Bets decided per pass; the loop runs again at once while a pass was full. */
const DECIDE_BATCH = 100;

export type PendingBetDecisions = {
  /** Decides every pending bet whose delay ended by `at`; answers how many were decided. */
  decidePendingBets(at: Date): Promise<number>;
};

export function createPendingBetDecisions({ db, money, publications, precision }: { db: AppDatabase; money: BetMoney; publications: BetPublications; precision: CurrencyPrecision }): PendingBetDecisions {
  async function decide(executor: DbExecutor, bet: SportBetRow, at: Date): Promise<SportBetRow> {
    const legs = await executor.select().from(sportBetLegs).where(eq(sportBetLegs.betId, bet.id)).orderBy(asc(sportBetLegs.position));
    const states = await readMarketStates(executor, legs);
    const suspended = await suspendedSince(executor, legs, bet.placedAt);
    let reason: BetRejectReason | null = null;
    const prices: string[] = [];
    for (const leg of legs) {
      const market = states.get(marketStateKey(leg));
      // A leg cancelled by the feed, or whose market was suspended, while the bet waited cannot be accepted.
      const closed = leg.cancelledBy || suspended.has(marketStateKey(leg)) ? "marketSuspended" : closedReason(market, leg.outcomeId, at);
      if (closed) {
        reason = closed === "eventStarted" ? "marketSuspended" : closed;
        break;
      }
      const odds = market!.version === leg.marketVersion ? leg.odds : oddsUnderPolicy(policyOf(bet), leg.odds, currentOdds(market!, leg.outcomeId));
      if (!odds) {
        reason = "oddsChanged";
        break;
      }
      prices.push(odds);
    }
    if (reason) {
      await money.release(executor, bet);
      const [rejected] = await executor.update(sportBets).set({ status: "rejected", rejectReason: reason, payout: bet.stake, settledAt: at }).where(eq(sportBets.id, bet.id)).returning();
      return rejected!;
    }
    for (const [position, leg] of legs.entries()) {
      const market = states.get(marketStateKey(leg))!;
      if (prices[position] !== leg.odds || market.version !== leg.marketVersion) {
        await executor
          .update(sportBetLegs)
          .set({ odds: prices[position]!, marketVersion: market.version })
          .where(and(eq(sportBetLegs.betId, bet.id), eq(sportBetLegs.position, leg.position)));
      }
    }
    const subunitToUnit = await precision(executor, bet.currency);
    const potential = applyFactor(toMinorUnits(bet.stake, subunitToUnit), betFactor(bet.kind as BetKind, bet.systemSize, prices.map(decimalFraction)));
    const [accepted] = await executor
      .update(sportBets)
      .set({ status: "accepted", acceptedAt: at, potentialPayout: fromMinorUnits(potential, subunitToUnit) })
      .where(eq(sportBets.id, bet.id))
      .returning();
    return accepted!;
  }

  return {
    async decidePendingBets(at) {
      let decided = 0;
      for (;;) {
        const due = await db
          .select({ id: sportBets.id })
          .from(sportBets)
          .where(and(eq(sportBets.status, "pending"), lte(sportBets.decideAt, at)))
          .orderBy(asc(sportBets.decideAt))
          .limit(DECIDE_BATCH);
        for (const { id } of due) {
          const changed = await withLedgerRetry(() =>
            db.transaction(async (tx) => {
              const [bet] = await lockBets(tx, [id]);
              if (!bet || bet.status !== "pending") return false;
              await publications.publish(tx, [await decide(tx, bet, at)]);
              return true;
            }),
          );
          if (changed) decided += 1;
        }
        if (due.length < DECIDE_BATCH) return decided;
      }
    },
  };
}

/**
 * The legs' markets suspended at or after `placedAt`, by the feed (a bet_stop, a state other than
 * active) or through their producer's outage, whatever they are now.
 */
async function suspendedSince(executor: DbExecutor, legs: readonly MarketRefKey[], placedAt: Date): Promise<Set<string>> {
  if (legs.length === 0) return new Set();
  const rows = await executor
    .select({ eventId: sportMarkets.eventId, marketKey: sportMarkets.marketKey, marketSuspendedAt: sportMarkets.suspendedAt, producerSuspendedAt: sportProducers.suspendedAt })
    .from(sportMarkets)
    .innerJoin(sportEvents, eq(sportEvents.id, sportMarkets.eventId))
    .leftJoin(sportProducers, eq(sportProducers.id, sportEvents.producer))
    .where(or(...legs.map((leg) => and(eq(sportMarkets.eventId, leg.eventId), eq(sportMarkets.marketKey, leg.marketKey)))));
  const since = placedAt.getTime();
  return new Set(
    rows
      .filter((row) => (row.marketSuspendedAt?.getTime() ?? -Infinity) >= since || (row.producerSuspendedAt?.getTime() ?? -Infinity) >= since)
      .map((row) => marketStateKey(row)),
  );
}
