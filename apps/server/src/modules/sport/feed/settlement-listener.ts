import type { MarketRef, SportOutcomeResult } from "@playfair/contracts/sport/feed-messages";
import type { DbTransaction } from "../../../db/database.ts";

/** A settled market as the feed stored it: each outcome's result and dead-heat factor. */
export type SettledMarket = MarketRef & {
  marketKey: string;
  outcomes: { id: string; result: SportOutcomeResult; deadHeatFactor?: string }[];
};

/**
 * What the trading core does when the feed settles, cancels or rolls back markets (ADR 035). The
 * feed applier calls it inside the transaction that applies the message, so the market rows and
 * the bets they decide change together, once per message sequence.
 */
export interface SettlementListener {
  marketsSettled(tx: DbTransaction, eventId: number, markets: SettledMarket[]): Promise<void>;
  settlementRolledBack(tx: DbTransaction, eventId: number, marketKeys: string[]): Promise<void>;
  /** Voids bets on the markets; with a window (epoch ms), only bets placed inside it (P9: actor `feed`, the reason). */
  marketsCancelled(tx: DbTransaction, eventId: number, marketKeys: string[], window: { from?: number; to?: number }, reason: string): Promise<void>;
  cancelRolledBack(tx: DbTransaction, eventId: number, marketKeys: string[], window: { from?: number; to?: number }): Promise<void>;
}
