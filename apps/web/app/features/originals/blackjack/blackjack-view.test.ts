import type { Round } from "@playfair/contracts/game/play";
import { playBlackjackSteps } from "@playfair/fairness/games/blackjack";
import { describe, expect, it } from "vitest";
import { tableOf } from "./blackjack-view.ts";

/** A float stream that deals these card indexes (rank block x 4 + suit). */
const deck = (...indexes: number[]) => {
  let next = 0;
  return { next: () => ((indexes[next++] ?? 0) + 0.5) / 52 };
};

function roundOf(actions: ("hit" | "stand" | "double" | "split")[], indexes: number[]): Round {
  const outcome = playBlackjackSteps(deck(...indexes), actions);
  return {
    id: "r",
    sessionId: "s",
    game: "playfair-blackjack",
    fairnessGame: "blackjack",
    demo: true,
    currency: "FUN",
    status: outcome.finished ? "settled" : "open",
    stake: "1.00",
    payout: null,
    multiplier: null,
    params: { actions },
    outcome: JSON.parse(JSON.stringify(outcome)),
    seeds: { serverSeedHash: "", clientSeed: "", nonce: 0, cursor: 0, algorithmVersion: 1 },
    balanceBefore: "1000.00",
    balanceAfter: null,
    createdAt: "",
    settledAt: null,
  };
}

describe("the blackjack table", () => {
  it("shows the dealer's hole card face down while the round is open, with the next step and the allowed actions", () => {
    // Player 8 and 8 against a 6 up (hole 10).
    const table = tableOf(roundOf([], [24, 16, 25, 32]))!;
    expect(table.dealerCards).toHaveLength(2);
    expect(table.dealerCards[1]).toBeNull();
    expect(table.dealerTotal).toBeNull();
    expect(table).toMatchObject({ step: 0, activeHand: 0, allowed: ["hit", "stand", "double", "split"], finished: false });
    expect(tableOf(roundOf(["split"], [24, 16, 25, 32, 4]))).toMatchObject({ step: 1, activeHand: 0, allowed: ["hit", "stand"] });
  });

  it("shows every card and the dealer's total once the round is over, and no action", () => {
    const table = tableOf(roundOf(["stand"], [32, 16, 33, 32, 32]))!;
    expect(table.dealerCards.every((card) => card !== null)).toBe(true);
    expect(table).toMatchObject({ dealerTotal: 26, finished: true, activeHand: null, allowed: [] });
    expect(table.hands[0]).toMatchObject({ result: "win" });
    expect(tableOf(null)).toBeNull();
  });
});
