import { asc, sql } from "drizzle-orm";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { hasConnectionPool, type AppDatabase, type DbExecutor, type DbTransaction } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import type { SettledMarket } from "../feed/settlement-listener.ts";
import { sportBetLegs } from "../sport.schema.ts";
import { betKey, type BetMoney, type BetPayment } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { settledReturn } from "./bet-resolution.ts";
import { idIn, lockBets, type SportBetLegRow, type SportBetRow } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";

// A market's settlement over the whole set of its bets (ADR 037). In the feed's transaction the
// results go onto every open leg of the accepted bets in one statement, and every bet left with no
// open leg is queued in another. Queued bets are then settled in batches of SETTLE_BATCH, each one
// database transaction: the bets locked in id order, their payouts computed from their legs as one
// bet alone would be (settledReturn), the payouts written through the ledger's set function, the
// bet rows updated and published in one statement each. The first batch rides in the feed's own
// transaction (a market of a few bets settles with its message); the rest follow in transactions
// of their own, so no transaction locks more than one batch of bets and player balances. The queue
// row is a hint, the locked rows are the truth: a batch settles only an accepted bet with every leg
// decided, under the next settlement number, so a crash between batches, a second application of
// the message or two drains at once settle each bet once (L5) under its own key (L4).

/** Bets settled per database transaction. */
export const SETTLE_BATCH = 5_000;
/**
 * Batches settled at once on a PostgreSQL pool: while one waits for the database another builds its
 * payments (same-build A/B, 100,000 bets: 12.2-12.6 s with two against 13.9-15.1 s with one; three
 * and four were no faster; ADR 037). They take disjoint bets (SKIP LOCKED) and lock the accounts a
 * batch pays in the ledger's order, so they queue on shared accounts rather than deadlock.
 */
const SETTLE_DRAINS = 2;

export type MarketSettlement = {
  /** The markets' results on the open legs of accepted bets, and the bets now decided queued. */
  decideLegs(tx: DbTransaction, eventId: number, markets: readonly SettledMarket[]): Promise<void>;
  /** Settles up to `limit` queued bets in the caller's transaction; answers how many queued bets it took. */
  settleQueued(executor: DbExecutor, limit?: number): Promise<number>;
  /** Settles every queued bet, one transaction per batch; answers how many queued bets were taken. */
  settleQueuedBets(): Promise<number>;
};

type Decision = { market_key: string; outcome_id: string; result: string; dead_heat_factor: string | null };

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
  async function settleQueued(executor: DbExecutor, limit = batchSize): Promise<number> {
    // Taken by deleting: the rows leave the queue with this transaction's commit and come back with
    // its rollback. SKIP LOCKED: two drains (or a drain and a feed transaction) take disjoint
    // batches. A queued bet that is gone (its player deleted) is simply dropped with the batch.
    const taken = await executeRows<{ bet_id: string }>(
      executor,
      sql`delete from sport_bet_settlement_queue where bet_id in (select bet_id from sport_bet_settlement_queue order by bet_id limit ${limit} for update skip locked) returning bet_id`,
    );
    if (taken.length === 0) return 0;
    const ids = taken.map((row) => row.bet_id);
    const bets = await lockBets(executor, ids);
    const legs = await legsByBet(executor, ids);
    const payments: (BetPayment & { bet: SportBetRow; settlement: number })[] = [];
    for (const bet of bets) {
      if (bet.status !== "accepted") continue;
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
    return taken.length;
  }

  /** The bets settled, as their rows now are (the locked rows with the columns this update sets, not read back). */
  async function markSettled(executor: DbExecutor, payments: readonly (BetPayment & { bet: SportBetRow; settlement: number })[]): Promise<SportBetRow[]> {
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

  return {
    async decideLegs(tx, eventId, markets) {
      const decisions: Decision[] = markets.flatMap((market) =>
        market.outcomes.map((outcome) => ({ market_key: market.marketKey, outcome_id: outcome.id, result: outcome.result, dead_heat_factor: outcome.deadHeatFactor ?? null })),
      );
      if (decisions.length === 0) return;
      await tx.execute(sql`
        update sport_bet_legs leg set result = decided.result, dead_heat_factor = decided.dead_heat_factor
          from jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb) as decided(market_key text, outcome_id text, result text, dead_heat_factor numeric), sport_bets bet
         where leg.event_id = ${eventId} and leg.market_key = decided.market_key and leg.outcome_id = decided.outcome_id
           and leg.result = 'open' and leg.cancelled_by is null and bet.id = leg.bet_id and bet.status = 'accepted'`);
      const marketKeys = sql.join(
        [...new Set(markets.map((market) => market.marketKey))].map((key) => sql`${key}`),
        sql`, `,
      );
      // In id order: the queue's key index then grows at its right edge instead of splitting pages
      // all over (a third less time for 100,000 random ids).
      await tx.execute(sql`
        insert into sport_bet_settlement_queue (bet_id)
        select distinct leg.bet_id from sport_bet_legs leg join sport_bets bet on bet.id = leg.bet_id
         where leg.event_id = ${eventId} and leg.market_key in (${marketKeys}) and bet.status = 'accepted'
           and not exists (select 1 from sport_bet_legs open_leg where open_leg.bet_id = leg.bet_id and open_leg.result = 'open')
         order by leg.bet_id
        on conflict (bet_id) do nothing`);
    },

    settleQueued,

    async settleQueuedBets() {
      const drain = async () => {
        let taken = 0;
        for (;;) {
          const batch = await withLedgerRetry(() => db.transaction((tx) => settleQueued(tx)));
          taken += batch;
          if (batch < batchSize) return taken;
        }
      };
      // PGlite has one connection: a second drain would only queue behind the first.
      const drains = hasConnectionPool(db) ? SETTLE_DRAINS : 1;
      const taken = await Promise.all(Array.from({ length: drains }, drain));
      return taken.reduce((sum, count) => sum + count, 0);
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
  for (const row of rows) byBet.set(row.betId, [...(byBet.get(row.betId) ?? []), row]);
  return byBet;
}
