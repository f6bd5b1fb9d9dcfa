import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { BetKind, BetRejectReason, BetStatus, BetView, OddsPolicy } from "@playfair/contracts/sport/bets";
import type { DbExecutor } from "../../../db/database.ts";
import { sportBetLegs, sportBets, sportEvents } from "../sport.schema.ts";

// A bet as the player sees it (BetView): its row, its legs with their events' names and starts, and
// the cash-out offer standing now when the caller computed one.

export type SportBetRow = typeof sportBets.$inferSelect;
export type SportBetLegRow = typeof sportBetLegs.$inferSelect;
export type LegWithEvent = SportBetLegRow & { eventName: string; sportId: number; startsAt: Date };
export type CashOutOffer = { amount: string; offerId: string };

/** A bet row's columns in a fixed statement text (listed: a named statement's result type must not change when a column is added). */
export const BET_COLUMNS_TEXT = `sport_bets.id, sport_bets.player_id, sport_bets.wallet_account_id, sport_bets.currency, sport_bets.idempotency_key,
  sport_bets.slip_fingerprint, sport_bets.kind, sport_bets.system_size, sport_bets.stake, sport_bets.potential_payout, sport_bets.odds_policy,
  sport_bets.is_live, sport_bets.status, sport_bets.reject_reason, sport_bets.payout, sport_bets.settlement_count, sport_bets.cancelled_by,
  sport_bets.cancel_reason, sport_bets.cancelled_at, sport_bets.placed_at, sport_bets.decide_at, sport_bets.accepted_at, sport_bets.settled_at`;

/** The columns of `BET_COLUMNS_TEXT` as the driver gives them. */
export type BetDriverRow = {
  id: string;
  player_id: string;
  wallet_account_id: string;
  currency: string;
  idempotency_key: string;
  slip_fingerprint: string;
  kind: string;
  system_size: number | null;
  stake: string;
  potential_payout: string;
  odds_policy: string;
  is_live: boolean;
  status: string;
  reject_reason: string | null;
  payout: string | null;
  settlement_count: number;
  cancelled_by: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  placed_at: string;
  decide_at: string | null;
  accepted_at: string | null;
  settled_at: string | null;
};

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** A bet row read by a fixed statement text, as Drizzle maps it. */
export function betRowOf(row: BetDriverRow): SportBetRow {
  return {
    id: row.id,
    playerId: row.player_id,
    walletAccountId: row.wallet_account_id,
    currency: row.currency,
    idempotencyKey: row.idempotency_key,
    slipFingerprint: row.slip_fingerprint,
    kind: row.kind,
    systemSize: row.system_size,
    stake: row.stake,
    potentialPayout: row.potential_payout,
    oddsPolicy: row.odds_policy,
    isLive: row.is_live,
    status: row.status,
    rejectReason: row.reject_reason,
    payout: row.payout,
    settlementCount: row.settlement_count,
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    cancelledAt: dateOrNull(row.cancelled_at),
    placedAt: new Date(row.placed_at),
    decideAt: dateOrNull(row.decide_at),
    acceptedAt: dateOrNull(row.accepted_at),
    settledAt: dateOrNull(row.settled_at),
  };
}

/** Every leg of the bets, in slip order, with its event's name, sport and start. */
export async function legsOfBets(executor: DbExecutor, betIds: readonly string[]): Promise<Map<string, LegWithEvent[]>> {
  const byBet = new Map<string, LegWithEvent[]>();
  if (betIds.length === 0) return byBet;
  const rows = await executor
    .select({ leg: sportBetLegs, eventName: sportEvents.name, sportId: sportEvents.sportId, startsAt: sportEvents.startsAt })
    .from(sportBetLegs)
    .innerJoin(sportEvents, eq(sportEvents.id, sportBetLegs.eventId))
    .where(idIn(sportBetLegs.betId, betIds))
    .orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
  for (const row of rows) {
    const legs = byBet.get(row.leg.betId) ?? [];
    legs.push({ ...row.leg, eventName: row.eventName, sportId: row.sportId, startsAt: row.startsAt });
    byBet.set(row.leg.betId, legs);
  }
  return byBet;
}

/** Legs already read, with their events' names, sports and starts (one read of the few events). */
export async function withEvents(executor: DbExecutor, betIds: readonly string[], legs: ReadonlyMap<string, readonly SportBetLegRow[]>): Promise<Map<string, LegWithEvent[]>> {
  const eventIds = [...new Set(betIds.flatMap((id) => (legs.get(id) ?? []).map((leg) => leg.eventId)))];
  const events = new Map<number, { name: string; sportId: number; startsAt: Date }>();
  if (eventIds.length > 0) {
    const rows = await executor.select({ id: sportEvents.id, name: sportEvents.name, sportId: sportEvents.sportId, startsAt: sportEvents.startsAt }).from(sportEvents).where(inArray(sportEvents.id, eventIds));
    for (const row of rows) events.set(row.id, row);
  }
  const byBet = new Map<string, LegWithEvent[]>();
  for (const id of betIds) {
    byBet.set(
      id,
      (legs.get(id) ?? []).map((leg) => {
        const event = events.get(leg.eventId)!;
        return { ...leg, eventName: event.name, sportId: event.sportId, startsAt: event.startsAt };
      }),
    );
  }
  return byBet;
}

/** `column = any(ids)`: one array parameter however many ids (a settlement batch has thousands). */
export function idIn(column: AnyPgColumn, ids: readonly string[]): SQL {
  return sql`${column} = any(${`{${ids.join(",")}}`}::uuid[])`;
}

/** The bet rows locked for update, in id order (every path that changes bets locks them in that order). */
export async function lockBets(executor: DbExecutor, betIds: readonly string[]): Promise<SportBetRow[]> {
  if (betIds.length === 0) return [];
  return executor
    .select()
    .from(sportBets)
    .where(idIn(sportBets.id, [...new Set(betIds)]))
    .orderBy(asc(sportBets.id))
    .for("update");
}

const SETTLED_STATUSES: readonly BetStatus[] = ["rejected", "settled", "cancelled", "cashed_out"];

/** A decided bet: its stake came back or was paid out (rejected, settled, cancelled, cashed out). */
export function isSettledStatus(status: string): boolean {
  return (SETTLED_STATUSES as readonly string[]).includes(status);
}

/** "<marketTypeId>|<specifiers>" read back. */
function marketParts(marketKey: string): { marketTypeId: number; specifiers: string } {
  const bar = marketKey.indexOf("|");
  return { marketTypeId: Number(bar < 0 ? marketKey : marketKey.slice(0, bar)), specifiers: bar < 0 ? "" : marketKey.slice(bar + 1) };
}

export function betView(bet: SportBetRow, legs: readonly LegWithEvent[], cashOut: CashOutOffer | null = null): BetView {
  return {
    id: bet.id,
    kind: bet.kind as BetKind,
    systemSize: bet.systemSize,
    currency: bet.currency,
    stake: bet.stake,
    potentialPayout: bet.potentialPayout,
    payout: bet.payout,
    status: bet.status as BetStatus,
    rejectReason: (bet.rejectReason as BetRejectReason | null) ?? null,
    isLive: bet.isLive,
    isSettled: isSettledStatus(bet.status),
    cashOut,
    placedAt: bet.placedAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
    legs: legs.map((leg) => ({
      eventId: leg.eventId,
      eventName: leg.eventName,
      sportId: leg.sportId,
      marketKey: leg.marketKey,
      ...marketParts(leg.marketKey),
      outcomeId: leg.outcomeId,
      odds: leg.odds,
      result: leg.result as BetView["legs"][number]["result"],
      startsAt: leg.startsAt.toISOString(),
    })),
  };
}

export function policyOf(bet: SportBetRow): OddsPolicy {
  return bet.oddsPolicy as OddsPolicy;
}
