import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { pageMeta, type PageMeta } from "@playfair/contracts/pagination";
import type { BetView } from "@playfair/contracts/sport/bets";
import type { AppDatabase } from "../../../db/database.ts";
import { sportBetLegs, sportBets } from "../sport.schema.ts";
import { betView, legsOfBets } from "./bet-views.ts";
import type { CashOuts } from "./cash-out.ts";
import { readMarketStates } from "./market-states.ts";

// What a player reads back of their bets: the spec's history (GET /api/game/bets, settled or not,
// newest first, paged) and the widget's open bets with the cash-out offer standing now.

const SETTLED = ["rejected", "settled", "cancelled", "cashed_out"];
const UNSETTLED = ["pending", "accepted"];
/** Open bets one answer lists (an open bet holds stake: players hold few). */
const OPEN_BETS_LIMIT = 200;

export type BetsHistory = {
  list(playerId: string, query: { page: number; perPage: number; isSettled: boolean }): Promise<{ data: BetView[]; meta: PageMeta }>;
  open(playerId: string): Promise<BetView[]>;
  /** One of the player's bets (a pending live bet the widget asks about again); null when it is not theirs. */
  one(playerId: string, betId: string): Promise<BetView | null>;
};

export function createBetsHistory({ db, now, cashOuts }: { db: AppDatabase; now: () => Date; cashOuts: Pick<CashOuts, "offerFor"> }): BetsHistory {
  return {
    async list(playerId, query) {
      const where = and(eq(sportBets.playerId, playerId), inArray(sportBets.status, query.isSettled ? SETTLED : UNSETTLED));
      const [total] = await db.select({ rows: count() }).from(sportBets).where(where);
      const rows = await db
        .select()
        .from(sportBets)
        .where(where)
        .orderBy(desc(sportBets.placedAt), desc(sportBets.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const legs = await legsOfBets(
        db,
        rows.map((row) => row.id),
      );
      return { data: rows.map((row) => betView(row, legs.get(row.id) ?? [])), meta: pageMeta(query, Number(total?.rows ?? 0)) };
    },

    async one(playerId, betId) {
      const [row] = await db
        .select()
        .from(sportBets)
        .where(and(eq(sportBets.playerId, playerId), eq(sportBets.id, betId)));
      if (!row) return null;
      const legs = await legsOfBets(db, [row.id]);
      return betView(row, legs.get(row.id) ?? []);
    },

    async open(playerId) {
      const rows = await db
        .select()
        .from(sportBets)
        .where(and(eq(sportBets.playerId, playerId), inArray(sportBets.status, UNSETTLED)))
        .orderBy(desc(sportBets.placedAt))
        .limit(OPEN_BETS_LIMIT);
      const ids = rows.map((row) => row.id);
      const legs = await legsOfBets(db, ids);
      const rawLegs = ids.length === 0 ? [] : await db.select().from(sportBetLegs).where(inArray(sportBetLegs.betId, ids)).orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
      // Every open market of every bet in one read, for all the offers.
      const states = await readMarketStates(
        db,
        rawLegs.filter((leg) => leg.result === "open"),
      );
      const at = now();
      const views: BetView[] = [];
      for (const row of rows) {
        const offer = await cashOuts.offerFor(
          db,
          row,
          rawLegs.filter((leg) => leg.betId === row.id),
          at,
          states,
        );
        views.push(betView(row, legs.get(row.id) ?? [], offer));
      }
      return views;
    },
  };
}
