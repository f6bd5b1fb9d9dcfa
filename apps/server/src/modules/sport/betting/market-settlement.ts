import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { hasConnectionPool, type AppDatabase, type DbExecutor, type DbTransaction } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import type { SettledMarket } from "../feed/settlement-listener.ts";
import { sportBetLegs, sportBets, sportMarketSettlements } from "../sport.schema.ts";
import { betKey, type BetMoney, type BetPayment } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { settledReturn } from "./bet-resolution.ts";
import { idIn, type SportBetLegRow, type SportBetRow } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";

// A market's settlement over the whole set of its bets (ADR 037). In the feed's transaction the
// results go onto every open leg of the accepted bets in one statement. The market's legs are then
// the work list: its accepted bets with every leg decided are walked in bet id order (the legs'
// (event, market, bet) index), SETTLE_BATCH at a time, each batch one database transaction: the
// bets taken and locked by one statement, their payouts computed from their legs as one bet alone
// would be (settledReturn), written through the ledger's set function, the bet rows updated and
// published in one statement each. The first batch rides in the feed's own transaction (a market of
// a few bets settles with its message); a market with more is written to sport_market_settlements
// and the loop walks the rest, so no transaction locks more than one batch of bets and player
// balances. The walk is a hint, the locked rows are the truth: a batch settles only an accepted bet
// with every leg decided, under the next settlement number, so a crash between batches, a second
// application of the message or two walks at once settle each bet once (L5) under its own key (L4).

/** Bets settled per database transaction. */
export const SETTLE_BATCH = 5_000;
/**
 * Walks of one market at once on a PostgreSQL pool, each over the bets of its own share of the
 * wallet accounts: while one waits for the database another builds its payments, and no balance is
 * locked by both, so neither waits for the other's commit (ADR 037: shares of the bet ids instead
 * left each batch waiting about half of its ledger call on the other walk's players).
 */
const SETTLE_WALKS = 2;

export type WaitingMarket = { eventId: number; marketKey: string };
/** A walk's share of the bets: those whose wallet account hashes to `index` of `count`. */
type Share = { index: number; count: number };
const EVERY_BET: Share = { index: 0, count: 1 };
/** One batch: how many of the market's legs it walked, and the bet id of the last. */
export type SettledBatch = { walked: number; last: string | null };

export type MarketSettlement = {
  /**
   * The markets' results on the open legs of accepted bets, the first batch of the bets now decided
   * settled in the caller's transaction, and the markets with more waiting for the loop.
   */
  settleMarkets(tx: DbTransaction, eventId: number, markets: readonly SettledMarket[]): Promise<void>;
  /** Settles the accepted, decided bets among the market's next `limit` legs after bet id `after`, in the caller's transaction. */
  settleBatch(executor: DbExecutor, market: WaitingMarket, after: string | null, limit?: number): Promise<SettledBatch>;
  /** Settles every waiting market's bets, one transaction per batch; answers how many legs the batches walked. */
  settleQueuedBets(): Promise<number>;
};

type Decision = { market_key: string; outcome_id: string; result: string; dead_heat_factor: string | null };
type Payment = BetPayment & { bet: SportBetRow; settlement: number };

export function createMarketSettlement({
  db,
  money,
  publications,
  precision,
  now,
  batchSize = SETTLE_BATCH,
}: {
  db: AppDatabase;
  money: BetMoney;
  publications: BetPublications;
  precision: CurrencyPrecision;
  now: () => Date;
  /** Bets per transaction (tests use a small one to see several batches). */
  batchSize?: number;
}): MarketSettlement {
  /**
   * The market's next `limit` legs after `after` in bet id order (an index range of the legs'
   * (event, market, bet) index, whatever the statistics say about results), then their accepted
   * bets locked in id order, the order every bet path locks in. A bet another transaction holds is
   * waited for and re-read: one settled or cashed out meanwhile is left out, one with a leg still
   * open is left to settledReturn (it answers null).
   */
  async function takeBets(executor: DbExecutor, market: WaitingMarket, after: string | null, share: Share, limit: number): Promise<{ bets: SportBetRow[]; walked: number; last: string | null }> {
    const conditions: SQL[] = [eq(sportBetLegs.eventId, market.eventId), eq(sportBetLegs.marketKey, market.marketKey)];
    if (after) conditions.push(gt(sportBetLegs.betId, after));
    const legs = await executor
      .select({ betId: sportBetLegs.betId })
      .from(sportBetLegs)
      .where(and(...conditions))
      .orderBy(asc(sportBetLegs.betId))
      .limit(limit);
    if (legs.length === 0) return { bets: [], walked: 0, last: null };
    const taken: SQL[] = [idIn(sportBets.id, legs.map((leg) => leg.betId)), eq(sportBets.status, "accepted")];
    if (share.count > 1) taken.push(sql`(hashtext(${sportBets.walletAccountId}::text) & 2147483647) % ${share.count} = ${share.index}`);
    const bets = await executor
      .select()
      .from(sportBets)
      .where(and(...taken))
      .orderBy(asc(sportBets.id))
      .for("update");
    return { bets, walked: legs.length, last: legs.at(-1)!.betId };
  }

  async function settleTaken(executor: DbExecutor, market: WaitingMarket, after: string | null, share: Share, limit: number): Promise<SettledBatch> {
    const { bets, walked, last } = await takeBets(executor, market, after, share, limit);
    if (bets.length === 0) return { walked, last };
    const legs = await legsByBet(
      executor,
      bets.map((bet) => bet.id),
    );
    const payments: Payment[] = [];
    for (const bet of bets) {
      const subunitToUnit = await precision(executor, bet.currency);
      const betLegs = legs.get(bet.id) ?? [];
      const payout = settledReturn(bet, toMinorUnits(bet.stake, subunitToUnit), betLegs);
      if (payout === null) continue;
      const settlement = bet.settlementCount + 1;
      payments.push({ bet, payout, subunitToUnit, settlement, key: betKey(bet.id, `settle:${settlement}`), refund: betLegs.every((leg) => leg.result === "void") });
    }
    await money.payMany(executor, payments);
    const settled = await markSettled(executor, payments);
    await publications.publish(executor, settled, legs);
    return { walked, last };
  }

  /** The bets settled, as their rows now are (the locked rows with the columns this update sets, not read back). */
  async function markSettled(executor: DbExecutor, payments: readonly Payment[]): Promise<SportBetRow[]> {
    if (payments.length === 0) return [];
    const settledAt = now();
    const settled = payments.map(({ bet, payout, subunitToUnit, settlement }) => ({ ...bet, status: "settled", payout: fromMinorUnits(payout, subunitToUnit), settlementCount: settlement, settledAt }));
    const values = settled.map((bet) => ({ id: bet.id, payout: bet.payout, settlement: bet.settlementCount }));
    const updated = await executeRows<{ id: string }>(
      executor,
      sql`update sport_bets bet set status = 'settled', payout = decided.payout, settlement_count = decided.settlement, settled_at = ${settledAt}
            from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as decided(id uuid, payout numeric, settlement integer)
           where bet.id = decided.id and bet.status = 'accepted'
          returning bet.id`,
    );
    // The batch holds every row's lock: a row that did not change is a bug, not a race.
    if (updated.length !== payments.length) throw new Error(`${payments.length - updated.length} bets changed under their locks`);
    return settled;
  }

  /**
   * One share of a waiting market, batch after batch, each in its own transaction, until none is
   * left. Every walk reads all of the market's legs; a batch walks `count` times its bets in legs,
   * so it settles about `batchSize` of its share.
   */
  async function walk(market: WaitingMarket, after: string | null, share: Share): Promise<number> {
    const legs = batchSize * share.count;
    let walked = 0;
    let cursor = after;
    for (;;) {
      const batch = await withLedgerRetry(() => db.transaction((tx) => settleTaken(tx, market, cursor, share, legs)));
      walked += batch.walked;
      if (batch.walked < legs) return walked;
      cursor = batch.last;
    }
  }

  /** Every share of the market walked; the market leaves the list unless it was settled again meanwhile. */
  async function settleWaiting(waiting: WaitingMarket & { round: number; settledThrough: string | null }): Promise<number> {
    // PGlite has one connection: a second walk would only queue behind the first.
    const count = hasConnectionPool(db) ? SETTLE_WALKS : 1;
    const walks = await Promise.allSettled(Array.from({ length: count }, (_, index) => walk(waiting, waiting.settledThrough, { index, count })));
    const failed = walks.find((outcome) => outcome.status === "rejected");
    // A share that failed keeps the market listed: the next pass walks it again from the start.
    if (failed) throw failed.reason;
    await db
      .delete(sportMarketSettlements)
      .where(and(eq(sportMarketSettlements.eventId, waiting.eventId), eq(sportMarketSettlements.marketKey, waiting.marketKey), eq(sportMarketSettlements.round, waiting.round)));
    return walks.reduce((sum, outcome) => sum + (outcome.status === "fulfilled" ? outcome.value : 0), 0);
  }

  return {
    async settleMarkets(tx, eventId, markets) {
      const decisions: Decision[] = markets.flatMap((market) =>
        market.outcomes.map((outcome) => ({ market_key: market.marketKey, outcome_id: outcome.id, result: outcome.result, dead_heat_factor: outcome.deadHeatFactor ?? null })),
      );
      if (decisions.length === 0) return;
      await tx.execute(sql`
        update sport_bet_legs leg set result = decided.result, dead_heat_factor = decided.dead_heat_factor
          from jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb) as decided(market_key text, outcome_id text, result text, dead_heat_factor numeric), sport_bets bet
         where leg.event_id = ${eventId} and leg.market_key = decided.market_key and leg.outcome_id = decided.outcome_id
           and leg.result = 'open' and leg.cancelled_by is null and bet.id = leg.bet_id and bet.status = 'accepted'`);
      // The first batch here; a market it did not finish waits for the loop, from the last bet taken.
      let budget = batchSize;
      for (const marketKey of new Set(markets.map((market) => market.marketKey))) {
        const batch = budget > 0 ? await settleTaken(tx, { eventId, marketKey }, null, EVERY_BET, budget) : { walked: 0, last: null };
        if (budget === 0 || batch.walked === budget) {
          await tx
            .insert(sportMarketSettlements)
            .values({ eventId, marketKey, settledThrough: batch.last })
            .onConflictDoUpdate({
              target: [sportMarketSettlements.eventId, sportMarketSettlements.marketKey],
              set: { round: sql`${sportMarketSettlements.round} + 1`, settledThrough: batch.last, queuedAt: now() },
            });
        }
        budget -= batch.walked;
      }
    },

    settleBatch: (executor, market, after, limit = batchSize) => settleTaken(executor, market, after, EVERY_BET, limit),

    async settleQueuedBets() {
      const waiting = await db.select().from(sportMarketSettlements).orderBy(asc(sportMarketSettlements.queuedAt));
      let walked = 0;
      for (const market of waiting) walked += await settleWaiting(market);
      return walked;
    },
  };
}

async function legsByBet(executor: DbExecutor, betIds: readonly string[]): Promise<Map<string, SportBetLegRow[]>> {
  const rows = await executor
    .select()
    .from(sportBetLegs)
    .where(idIn(sportBetLegs.betId, betIds))
    .orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
  const byBet = new Map<string, SportBetLegRow[]>();
  for (const row of rows) {
    const legs = byBet.get(row.betId) ?? [];
    legs.push(row);
    byBet.set(row.betId, legs);
  }
  return byBet;
}
