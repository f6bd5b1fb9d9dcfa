import { createHash, createHmac } from "node:crypto";
import { ALGORITHM_VERSION, playRound, type BlackjackAction } from "@playfair/fairness";
import { describe, expect, it } from "vitest";
import { blackjackReplay, ReplayMismatchError, verifyBlackjackRecord, type ReplayStep } from "./blackjack-replay.ts";

// The blackjack replay on /fairness: every card a step names must be the card an outside tool
// draws from the seeds by hand (Node's own HMAC, floor(float x 52)), in the order the rules deal
// them, and the round must end as the server settled it (playRound, as the server calls it).

const seeds = (nonce: number) => ({ serverSeed: "def", clientSeed: "abc", nonce, cursor: 0 });

/** The deck index of the stream's n-th card (0-based), computed without the engine. */
function cardIndexByHand(nonce: number, n: number): number {
  const hex = createHmac("sha256", "def").update(`abc:${nonce}:${Math.floor(n / 8)}`).digest("hex");
  const bytes = Buffer.from(hex, "hex").subarray((n % 8) * 4, (n % 8) * 4 + 4);
  const float = bytes[0]! / 256 + bytes[1]! / 256 ** 2 + bytes[2]! / 256 ** 3 + bytes[3]! / 256 ** 4;
  return Math.floor(float * 52);
}

/** What the server stores for a settled round played with these actions. */
function settledRecord(nonce: number, actions: BlackjackAction[]) {
  const { outcome } = playRound("blackjack", { ...seeds(nonce), params: { actions }, algorithmVersion: ALGORITHM_VERSION });
  return {
    ...seeds(nonce),
    serverSeedHash: createHash("sha256").update("def").digest("hex"),
    algorithmVersion: ALGORITHM_VERSION,
    params: { actions },
    outcome: JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>,
  };
}

const labels = (step: ReplayStep) => step.draws.map((draw) => `${draw.position}:${draw.card.rank}${draw.card.suit[0]}>${draw.to}`);

function expectEveryCardOfTheStream(steps: ReplayStep[], nonce: number, cardsDealt: number): void {
  const draws = steps.flatMap((step) => step.draws);
  expect(draws.map((draw) => draw.position)).toEqual(Array.from({ length: cardsDealt }, (_, index) => index + 1));
  draws.forEach((draw) => expect(draw.card.index).toBe(cardIndexByHand(nonce, draw.position - 1)));
}

describe("the blackjack replay", () => {
  it("replays a split pair card by card: the deal, the split, each hand's cards, the dealer's draws, and verifies the stored result", () => {
    const actions: BlackjackAction[] = ["split", "hit", "stand", "stand"];
    const record = settledRecord(8, actions);
    const verdict = verifyBlackjackRecord(record);
    expect(verdict.verified).toBe(true);
    expect(verdict.steps.map((step) => step.kind)).toEqual(["deal", "split", "hit", "stand", "stand", "dealer"]);

    const [deal, split, hit, stand] = verdict.steps;
    // Player, dealer's up card, player, dealer's hole card.
    expect(labels(deal!)).toEqual(["1:2c>0", "2:8c>dealer", "3:2s>0", `4:${deal!.dealer.cards[1]!.rank}${deal!.dealer.cards[1]!.suit[0]}>dealer`]);
    // The split deals the first hand its second card at once; the second hand waits for its turn.
    expect(labels(split!)).toEqual(["5:10h>0"]);
    expect(split!.hands.map((hand) => hand.cards.map((card) => card.rank))).toEqual([["2", "10"], ["2"]]);
    expect(labels(hit!)).toEqual(["6:8h>0"]);
    expect(hit!.hands[0]!.total).toBe(20);
    // Standing on the first hand moves play on: the second hand takes its second card.
    expect(stand!.kind === "stand" && stand!.hand).toBe(0);
    expect(stand!.draws.map((draw) => draw.to)).toEqual([1]);

    const last = verdict.steps.at(-1)!;
    expect(last.kind === "dealer" && ["draws", "stands"].includes(last.play)).toBe(true);
    expect(last.dealer.cards).toEqual(verdict.outcome.dealer.cards);
    expect(last.hands.map((hand) => hand.result)).toEqual(verdict.outcome.hands.map((hand) => hand.result));
    expect(verdict.storedPayoutMultiplier).toBe(verdict.outcome.payoutMultiplier);
    expect(verdict.computation.conversions).toHaveLength(verdict.outcome.cardsDealt);
    expectEveryCardOfTheStream(verdict.steps, 8, verdict.outcome.cardsDealt);
  });

  it("replays a double: one card to the hand, two stakes on it, then the dealer", () => {
    const verdict = verifyBlackjackRecord(settledRecord(1, ["double"]));
    expect(verdict.verified).toBe(true);
    expect(verdict.steps.map((step) => step.kind)).toEqual(["deal", "double", "dealer"]);
    const double = verdict.steps[1]!;
    expect(double.draws.map((draw) => [draw.position, draw.to])).toEqual([[5, 0]]);
    expect(double.hands[0]).toMatchObject({ stakes: 2 });
    expect(double.hands[0]!.cards).toHaveLength(3);
    expectEveryCardOfTheStream(verdict.steps, 1, verdict.outcome.cardsDealt);
  });

  it("gives split aces one card each in the split's own step, the second hand's after the first's", () => {
    const verdict = verifyBlackjackRecord(settledRecord(40, ["split"]));
    expect(verdict.verified).toBe(true);
    expect(verdict.steps.map((step) => step.kind)).toEqual(["deal", "split", "dealer"]);
    expect(verdict.steps[1]!.draws.map((draw) => [draw.position, draw.to])).toEqual([
      [5, 0],
      [6, 1],
    ]);
    expectEveryCardOfTheStream(verdict.steps, 40, verdict.outcome.cardsDealt);
  });

  it("ends a round the dealer's blackjack decides at the deal, with no draws after it", () => {
    const { steps } = blackjackReplay(seeds(4), []);
    expect(steps.map((step) => step.kind)).toEqual(["deal", "dealer"]);
    expect(steps[1]).toMatchObject({ kind: "dealer", play: "dealerBlackjack", draws: [] });
    expect(steps[1]!.hands[0]!.result).toBe("lose");
  });

  it("says when the stored outcome or the hash does not match, and refuses actions that leave a hand open", () => {
    const record = settledRecord(1, ["double"]);
    const paidMore = verifyBlackjackRecord({ ...record, outcome: { ...record.outcome, payoutMultiplier: "9" } });
    expect(paidMore).toMatchObject({ hashMatches: true, outcomeMatches: false, verified: false });
    expect(verifyBlackjackRecord({ ...record, serverSeedHash: "0".repeat(64) })).toMatchObject({ hashMatches: false, verified: false });
    expect(() => blackjackReplay(seeds(0), [])).toThrow(ReplayMismatchError);
  });
});
