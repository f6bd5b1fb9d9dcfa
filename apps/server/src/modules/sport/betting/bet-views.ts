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
