import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { compareAmounts, fromMinorUnits, roundAmount, toMinorUnits } from "@playfair/contracts/money";
import type { LimitDefinition, LimitPeriod } from "@playfair/contracts/player/limits";
import type { DbExecutor } from "../../db/database.ts";
import { periodWindow, type PeriodWindow } from "./limit-periods.ts";
import { statesOf, type LimitState } from "./limit-state.ts";
import { selectSubunits, sumDepositsSince, sumPlaySince, type PlayerProtectionRow, type PlayPostingKinds } from "./limits.repository.ts";

// What counts against a money limit (P2 for deposits; bets and losses from the ledger's play
// postings) and how much room the limits in force leave.

/**
 * Ledger transaction kinds the games and sportsbook post for play (their player legs are on the
 * player's cash and bonus balances): a stake's legs are negative, a win's and a refund's positive.
 * Bet limits count stakes minus refunds; loss limits count stakes minus refunds minus wins.
 */
const PLAY_POSTING_KINDS: PlayPostingKinds = {
  stake: ["game-stake", "sport-stake"],
  win: ["game-win", "sport-win"],
  refund: ["game-refund", "sport-refund"],
};

/** A currency's precision, or the finest one we carry when reference data does not know it. */
export function subunitOf(subunits: Map<string, string>, currency: string): string {
  return subunits.get(currency) ?? "1000000000000000000";
}

/**
 * What counts against a money limit in its current period, as an exact decimal string; for a
 * deposit limit also the part of it pending deposits reserve.
 */
type Usage = { used: string; reserved: string | null; window: PeriodWindow };

/** Reads usage per definition, period and currency at `at`, each sum at most once. */
export function createUsageReader(executor: DbExecutor, player: PlayerProtectionRow, at: Date) {
  const cache = new Map<string, Promise<unknown>>();
  // One key is always read by the same reader, so its promise has that reader's type.
  const cached = <T,>(key: string, read: () => Promise<T>): Promise<T> => {
    let value = cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      cache.set(key, value);
    }
    return value;
  };
  const usageOf = async (definition: number, period: LimitPeriod, currency: string): Promise<Usage> => {
    const window = periodWindow(period, at, player.timeZone);
    if (definition === LIMIT_DEFINITION.deposit) {
      const deposits = await cached(`deposit/${period}/${currency}`, () => sumDepositsSince(executor, player.id, currency, window.start));
      return { used: deposits.total, reserved: deposits.reserved, window };
    }
    // Bet and loss limits of one period count the same postings.
    const totals = await cached(`play/${period}/${currency}`, () => sumPlaySince(executor, player.id, currency, window.start, PLAY_POSTING_KINDS));
    const stakedMinusRefunds = subtractDecimal(totals.staked, totals.refunded);
    const used = definition === LIMIT_DEFINITION.bet ? maxZero(stakedMinusRefunds) : maxZero(subtractDecimal(stakedMinusRefunds, totals.won));
    return { used, reserved: null, window };
  };
  return Object.assign(usageOf, { subunits: () => cached("subunits", () => selectSubunits(executor)) });
}

type Room = { remaining: string; period: LimitPeriod };

/** The tightest room left under the money limits of one definition and currency; null when there are none. */
export async function tightestRoom(executor: DbExecutor, player: PlayerProtectionRow, definition: LimitDefinition, currency: string, at: Date): Promise<Room | null> {
  return roomOf(executor, player, await statesOf(executor, player.id, at), definition, currency, at);
}

/**
 * `tightestRoom` of the bet and the loss limits at once (a stake's check): the limit rows, the
 * precisions and each period's play totals are read once for both.
 */
export async function stakeRooms(executor: DbExecutor, player: PlayerProtectionRow, currency: string, at: Date): Promise<Map<LimitDefinition, Room>> {
  const states = await statesOf(executor, player.id, at);
  const usageOf = createUsageReader(executor, player, at);
  const rooms = new Map<LimitDefinition, Room>();
  for (const definition of [LIMIT_DEFINITION.bet, LIMIT_DEFINITION.loss] as const) {
    const room = await roomOf(executor, player, states, definition, currency, at, usageOf);
    if (room) rooms.set(definition, room);
  }
  return rooms;
}

async function roomOf(
  executor: DbExecutor,
  player: PlayerProtectionRow,
  all: LimitState[],
  definition: LimitDefinition,
  currency: string,
  at: Date,
  usageOf = createUsageReader(executor, player, at),
): Promise<Room | null> {
  const states = all.filter((state) => state.row.definition === definition && state.row.currency === currency && state.amount);
  if (states.length === 0) return null;
  const subunit = subunitOf(await usageOf.subunits(), currency);
  let tightest: { remainingMinor: bigint; period: LimitPeriod } | null = null;
  for (const state of states) {
    const period = state.row.period as LimitPeriod;
    const { used } = await usageOf(definition, period, currency);
    const remainingMinor = toMinorUnits(roundAmount(state.amount!, subunit, "floor"), subunit) - toMinorUnits(roundAmount(used, subunit, "ceil"), subunit);
    if (!tightest || remainingMinor < tightest.remainingMinor) tightest = { remainingMinor, period };
  }
  const remainingMinor = tightest!.remainingMinor > 0n ? tightest!.remainingMinor : 0n;
  return { remaining: fromMinorUnits(remainingMinor, subunit), period: tightest!.period };
}

/** Exact difference of two decimal strings of any precision. */
function subtractDecimal(left: string, right: string): string {
  const decimals = Math.max(left.split(".")[1]?.length ?? 0, right.split(".")[1]?.length ?? 0);
  const subunit = 10n ** BigInt(decimals);
  return fromMinorUnits(toMinorUnits(left, subunit) - toMinorUnits(right, subunit), subunit);
}

function maxZero(amount: string): string {
  return compareAmounts(amount, "0") < 0 ? "0" : amount;
}
