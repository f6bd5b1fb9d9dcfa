import { isZero } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import type { Ledger, PostRequest, PostResult } from "../ledger/ledger.service.ts";

// The money of a free spin (ADR 034). The player stakes nothing: the bonus budget pays the spin's
// stake to the game house, and what the spin wins goes back from the house to the budget, where
// it waits as the free spin's `winnings` until the free spins finish and the winnings become a
// player bonus (whose activation moves them from the budget to the player's bonus balance):
//   stake   `<round key>:stake`    freespin-stake   bonus-budget -X, game-house +X
//   win     `<round key>:resolve`  freespin-win     game-house -W, bonus-budget +W   (W > 0 only)
//   refund  the rollback's key     freespin-refund  game-house -X, bonus-budget +X   (a studio's free bet undone; reverses the stake)
// No player account is touched, so the spin is never a stake or a win of the player's money
// (limits count none of it) and the player's balance is the same before and after.

export const FREESPIN_STAKE_KIND = "freespin-stake";
export const FREESPIN_WIN_KIND = "freespin-win";
export const FREESPIN_REFUND_KIND = "freespin-refund";

export type FreespinLedger = {
  /** The stake of a free spin under `key` (e.g. `game-round:<id>:stake`). */
  stakeRequest(executor: DbExecutor, movement: FreespinMovement): Promise<PostRequest>;
  /** What a free spin won under `key`; null when it won nothing (no movement). */
  winRequest(executor: DbExecutor, movement: FreespinMovement): Promise<PostRequest | null>;
  /** A free bet's stake given back to the budget. */
  refundRequest(executor: DbExecutor, movement: FreespinMovement): Promise<PostRequest>;
  /** Posts the given requests in order, one round trip. */
  post(executor: DbExecutor, requests: PostRequest[]): Promise<PostResult[]>;
};

export type FreespinMovement = { key: string; currency: string; amount: string; freespinId: string; metadata?: Record<string, unknown> };

export function createFreespinLedger(ledger: Ledger): FreespinLedger {
  return {
    async stakeRequest(executor, movement) {
      const budget = await ledger.houseAccount(executor, "bonus-budget", movement.currency);
      const house = await ledger.houseAccount(executor, "game-house", movement.currency);
      return {
        kind: FREESPIN_STAKE_KIND,
        idempotencyKey: movement.key,
        legs: [
          { accountId: budget, amount: `-${movement.amount}` },
          { accountId: house, amount: movement.amount },
        ],
        metadata: { freespinId: movement.freespinId, ...movement.metadata },
      };
    },
    async winRequest(executor, movement) {
      if (isZero(movement.amount)) return null;
      const budget = await ledger.houseAccount(executor, "bonus-budget", movement.currency);
      const house = await ledger.houseAccount(executor, "game-house", movement.currency);
      return {
        kind: FREESPIN_WIN_KIND,
        idempotencyKey: movement.key,
        legs: [
          { accountId: house, amount: `-${movement.amount}` },
          { accountId: budget, amount: movement.amount },
        ],
        metadata: { freespinId: movement.freespinId, ...movement.metadata },
      };
    },
    async refundRequest(executor, movement) {
      const budget = await ledger.houseAccount(executor, "bonus-budget", movement.currency);
      const house = await ledger.houseAccount(executor, "game-house", movement.currency);
      return {
        kind: FREESPIN_REFUND_KIND,
        idempotencyKey: movement.key,
        legs: [
          { accountId: house, amount: `-${movement.amount}` },
          { accountId: budget, amount: movement.amount },
        ],
        metadata: { freespinId: movement.freespinId, ...movement.metadata },
      };
    },
    async post(executor, requests) {
      if (requests.length === 1) return [await ledger.post(executor, requests[0]!)];
      return ledger.postMany(executor, requests);
    },
  };
}
