import type { CrashBet, CrashPublicBet, CrashRound, CrashRoundRecord } from "@playfair/contracts/game/crash";
import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import type { Spin, Winner } from "@playfair/contracts/game/play";
import { maskedName } from "../play/round-views.ts";
import type { CrashBetRow, CrashChainRow, CrashRoundRow } from "./crash.schema.ts";

// The API's and the channels' views of crash rows. A round's hash and point are never shown while
// it is in play: with them anyone would know when to cash out.

export function hundredthsText(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function isOver(row: Pick<CrashRoundRow, "status">): boolean {
  return row.status === "crashed" || row.status === "cancelled";
}

export function crashRoundView(row: CrashRoundRow): CrashRound {
  const over = isOver(row);
  return {
    id: row.id,
    position: row.position,
    chainId: row.chainId,
    status: row.status as CrashRound["status"],
    bettingEndsAt: row.bettingEndsAt.toISOString(),
    startedAt: iso(row.startedAt),
    crashedAt: iso(row.crashedAt),
    crashPoint: row.status === "crashed" ? hundredthsText(row.crashPoint) : null,
    hash: over ? row.hash : null,
  };
}

export function crashRecordView(row: CrashRoundRow, chain: Pick<CrashChainRow, "commitment" | "salt" | "length">): CrashRoundRecord {
  const view = crashRoundView(row);
  return {
    id: row.id,
    position: row.position,
    status: view.status,
    crashPoint: view.crashPoint,
    hash: view.hash,
    salt: chain.salt ?? "",
    commitment: chain.commitment,
    chainId: row.chainId,
    chainLength: chain.length,
    startedAt: view.startedAt,
    crashedAt: view.crashedAt,
  };
}

export function crashBetView(row: CrashBetRow): CrashBet {
  return {
    id: row.id,
    roundId: row.roundId,
    sessionId: row.sessionId,
    demo: row.demo,
    currency: row.currency,
    amount: row.amount,
    autoCashout: row.autoCashout === null ? null : hundredthsText(row.autoCashout),
    status: row.status as CrashBet["status"],
    cashoutMultiplier: row.cashoutMultiplier === null ? null : hundredthsText(row.cashoutMultiplier),
    payout: row.payout,
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
  };
}

export function crashPublicBetView(row: CrashBetRow, nickname: string | null): CrashPublicBet {
  return {
    id: row.id,
    roundId: row.roundId,
    player: maskedName(nickname),
    currency: row.currency,
    amount: row.amount,
    status: row.status as CrashPublicBet["status"],
    cashoutMultiplier: row.cashoutMultiplier === null ? null : hundredthsText(row.cashoutMultiplier),
    payout: row.payout,
  };
}

/** A settled bet as the spins history and `game:spins` show every original's rounds. */
export function crashSpinView(row: CrashBetRow): Spin {
  const refunded = row.status === "refunded";
  return {
    id: row.id,
    game: CRASH_GAME_IDENTITY,
    currency: row.currency,
    status: refunded ? "voided" : row.status === "active" ? "open" : "settled",
    stake: row.amount,
    payout: row.payout,
    multiplier: refunded ? null : row.cashoutMultiplier === null ? "0" : hundredthsText(row.cashoutMultiplier),
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
  };
}

/** A big cash-out as the public winners feed shows it; its id is the bet's (one round has many winners). */
export function crashWinnerView(row: CrashBetRow, nickname: string | null): Winner {
  return {
    roundId: row.id,
    game: CRASH_GAME_IDENTITY,
    player: maskedName(nickname),
    currency: row.currency,
    stake: row.amount,
    payout: row.payout ?? "0",
    multiplier: row.cashoutMultiplier === null ? "0" : hundredthsText(row.cashoutMultiplier),
    settledAt: (row.settledAt ?? row.createdAt).toISOString(),
  };
}
