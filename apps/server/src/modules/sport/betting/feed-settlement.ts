import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, type SQL } from "drizzle-orm";
import type { DbTransaction } from "../../../db/database.ts";
import type { SettlementListener } from "../feed/settlement-listener.ts";
import { sportBetLegs, sportBets, sportMarkets } from "../sport.schema.ts";
import type { BetPublications } from "./bet-publications.ts";
import type { BetResolution } from "./bet-resolution.ts";
import type { MarketSettlement } from "./market-settlement.ts";
import { lockBets, type SportBetLegRow, type SportBetRow } from "./bet-views.ts";

// The trading core's side of the feed (ADR 035): the feed applier calls these inside the transaction
// that applies a bet_settlement, rollback_bet_settlement, bet_cancel or rollback_bet_cancel, so the
// market rows and the bets they decide change together, once per message. A settlement is
// set-based (market-settlement.ts, ADR 037). The rarer cancels and rollbacks find the bets with legs
// on the markets, lock them in id order, change the legs, then reopen, settle or cancel each bet on
// its locked row. A cancelled bet is final (P9): nothing here touches it again.

/** The actor a feed cancel is recorded with. */
export const FEED_ACTOR = "feed";

type Window = { from?: number; to?: number };

export function createFeedSettlement({
  resolution,
  settlement,
  publications,
  now,
}: {
  resolution: BetResolution;
  settlement: Pick<MarketSettlement, "settleMarkets">;
  publications: BetPublications;
  now: () => Date;
}): SettlementListener {
  /** Ids of bets in `statuses` with a leg on one of the markets matching `legCondition`. */
  async function betsOn(tx: DbTransaction, eventId: number, marketKeys: string[], statuses: string[], legCondition?: SQL, window?: Window): Promise<string[]> {
    if (marketKeys.length === 0) return [];
    const conditions = [eq(sportBetLegs.eventId, eventId), inArray(sportBetLegs.marketKey, marketKeys), inArray(sportBets.status, statuses)];
    if (legCondition) conditions.push(legCondition);
    if (window?.from !== undefined) conditions.push(gte(sportBets.placedAt, new Date(window.from)));
    if (window?.to !== undefined) conditions.push(lte(sportBets.placedAt, new Date(window.to)));
    const rows = await tx
      .selectDistinct({ id: sportBets.id })
      .from(sportBetLegs)
      .innerJoin(sportBets, eq(sportBets.id, sportBetLegs.betId))
      .where(and(...conditions));
    return rows.map((row) => row.id);
  }

  async function legsOf(tx: DbTransaction, betId: string): Promise<SportBetLegRow[]> {
    return tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, betId)).orderBy(sportBetLegs.position);
  }

  /** Sets a leg's columns, for the legs of the bet on the markets that `only` allows. */
  async function setLegs(tx: DbTransaction, betId: string, eventId: number, marketKeys: string[], changes: Partial<SportBetLegRow>, only: SQL): Promise<void> {
    await tx
      .update(sportBetLegs)
      .set(changes)
      .where(and(eq(sportBetLegs.betId, betId), eq(sportBetLegs.eventId, eventId), inArray(sportBetLegs.marketKey, marketKeys), only));
  }

  /** The results stored on the market rows (a settlement not rolled back), to decide legs a cancel's rollback reopened. */
  async function storedResults(tx: DbTransaction, eventId: number, marketKeys: string[]) {
    const rows = await tx
      .select({ marketKey: sportMarkets.marketKey, outcomes: sportMarkets.outcomes })
      .from(sportMarkets)
      .where(and(eq(sportMarkets.eventId, eventId), inArray(sportMarkets.marketKey, marketKeys)));
    return rows.filter((row) => row.outcomes.some((outcome) => outcome.result !== undefined));
  }

  async function decideLegs(tx: DbTransaction, betId: string, eventId: number, markets: { marketKey: string; outcomes: { id: string; result?: string; deadHeatFactor?: string }[] }[]) {
    for (const market of markets) {
      for (const outcome of market.outcomes) {
        if (!outcome.result) continue;
        await tx
          .update(sportBetLegs)
          .set({ result: outcome.result, deadHeatFactor: outcome.deadHeatFactor ?? null })
          .where(
            and(
              eq(sportBetLegs.betId, betId),
              eq(sportBetLegs.eventId, eventId),
              eq(sportBetLegs.marketKey, market.marketKey),
              eq(sportBetLegs.outcomeId, outcome.id),
              eq(sportBetLegs.result, "open"),
              isNull(sportBetLegs.cancelledBy),
            ),
          );
      }
    }
  }

  async function finishAll(tx: DbTransaction, changed: SportBetRow[]): Promise<void> {
    await publications.publish(tx, changed);
  }

  return {
    async marketsSettled(tx, eventId, markets) {
      // Set-based (ADR 037): every open leg decided at once; the first batch of decided bets settles
      // here, any further batch in a transaction of its own once this one has committed.
      await settlement.settleMarkets(tx, eventId, markets);
    },

    async settlementRolledBack(tx, eventId, marketKeys) {
      const bets = await lockBets(tx, await betsOn(tx, eventId, marketKeys, ["accepted", "settled"], and(ne(sportBetLegs.result, "open"), isNull(sportBetLegs.cancelledBy))));
      const changed: SportBetRow[] = [];
      for (const bet of bets) {
        if (bet.status !== "accepted" && bet.status !== "settled") continue;
        const reopened = await resolution.reopen(tx, bet);
        await setLegs(tx, bet.id, eventId, marketKeys, { result: "open", deadHeatFactor: null }, isNull(sportBetLegs.cancelledBy));
        changed.push(reopened);
      }
      await finishAll(tx, changed);
    },

    async marketsCancelled(tx, eventId, marketKeys, window, reason) {
      const bets = await lockBets(tx, await betsOn(tx, eventId, marketKeys, ["pending", "accepted", "settled"], isNull(sportBetLegs.cancelledBy), window));
      const changed: SportBetRow[] = [];
      const at = now();
      for (const bet of bets) {
        if (!["pending", "accepted", "settled"].includes(bet.status)) continue;
        const reopened = await resolution.reopen(tx, bet);
        await setLegs(tx, bet.id, eventId, marketKeys, { result: "void", deadHeatFactor: null, cancelledBy: FEED_ACTOR, cancelReason: reason }, isNull(sportBetLegs.cancelledBy));
        const legs = await legsOf(tx, bet.id);
        if (legs.every((leg) => leg.cancelledBy !== null)) changed.push(await resolution.cancel(tx, reopened, FEED_ACTOR, reason, at));
        else changed.push(await resolution.settleIfDecided(tx, reopened, legs, at));
      }
      await finishAll(tx, changed);
    },

    async cancelRolledBack(tx, eventId, marketKeys, window) {
      // A bet cancelled whole stays cancelled (P9); a cancelled leg of a bet still standing reopens.
      const bets = await lockBets(tx, await betsOn(tx, eventId, marketKeys, ["pending", "accepted", "settled"], isNotNull(sportBetLegs.cancelledBy), window));
      const results = await storedResults(tx, eventId, marketKeys);
      const changed: SportBetRow[] = [];
      for (const bet of bets) {
        if (!["pending", "accepted", "settled"].includes(bet.status)) continue;
        const reopened = await resolution.reopen(tx, bet);
        await setLegs(tx, bet.id, eventId, marketKeys, { result: "open", cancelledBy: null, cancelReason: null }, isNotNull(sportBetLegs.cancelledBy));
        await decideLegs(tx, bet.id, eventId, results);
        changed.push(await resolution.settleIfDecided(tx, reopened, await legsOf(tx, bet.id), now()));
      }
      await finishAll(tx, changed);
    },
  };
}
