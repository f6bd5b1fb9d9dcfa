import { describe, expect, it } from "vitest";
import { compareRatios, formatPercent, ratio } from "../exact.ts";
import { DECLARED_RTP } from "../rtp.ts";
import { blackjackReturn, dealerOutcomes, optimalAction } from "./blackjack-rtp.ts";
import {
  BLACKJACK_RTP_PERCENT,
  parseBlackjackParams,
  playBlackjack,
  playBlackjackSteps,
  standingActions,
  type BlackjackAction,
  type BlackjackRound,
} from "./blackjack.ts";
import { RANKS } from "./cards.ts";
import { fixedFloats } from "./floats-test-kit.ts";
import { InvalidBetError } from "./params.ts";

/** The float that deals this rank (in diamonds): the middle of its card's 1/52 of [0, 1). */
function float(rank: (typeof RANKS)[number]): number {
  return (RANKS.indexOf(rank) * 4 + 0.5) / 52;
}
type Rank = (typeof RANKS)[number];
/** Cards in stream order: player, dealer up, player, dealer hole, then every later draw. */
const deck = (...ranks: Rank[]) => fixedFloats(ranks.map(float));
const ranksOf = (cards: { rank: string }[]) => cards.map((card) => card.rank);
const play = (ranks: Rank[], actions: BlackjackAction[]): BlackjackRound => playBlackjackSteps(deck(...ranks), actions);

describe("blackjack: dealing and the player's actions", () => {
  it("deals player, dealer up, player, dealer hole, then each hit to the hand in play, then the dealer's draws", () => {
    const open = play(["10", "9", "6", "7", "5", "2"], []);
    expect(open).toMatchObject({ finished: false, activeHand: 0, allowed: ["hit", "stand", "double"], stakes: 1, cardsDealt: 4 });
    expect(ranksOf(open.hands[0]!.cards)).toEqual(["10", "6"]);
    // While the player acts the hole card stays out of the round's state.
    expect(ranksOf(open.dealer.cards)).toEqual(["9"]);

    // 16 + 5 = 21 stands by itself; the dealer's 16 draws the 2 and stands on 18.
    const done = play(["10", "9", "6", "7", "5", "2"], ["hit"]);
    expect(ranksOf(done.hands[0]!.cards)).toEqual(["10", "6", "5"]);
    expect(ranksOf(done.dealer.cards)).toEqual(["9", "7", "2"]);
    expect(done).toMatchObject({ finished: true, payoutMultiplier: "2", cardsDealt: 6, dealer: { total: 18 } });
    expect(done.hands[0]).toMatchObject({ total: 21, result: "win", returns: "2" });
  });

  it("pays a blackjack 3:2 at once, pushes it against the dealer's, and loses only the first stake to a dealer blackjack the peek shows", () => {
    expect(play(["A", "9", "K", "7"], [])).toMatchObject({ finished: true, payoutMultiplier: "2.5", hands: [{ result: "blackjack", returns: "2.5" }] });
    expect(play(["A", "A", "Q", "J"], [])).toMatchObject({ finished: true, payoutMultiplier: "1", hands: [{ result: "push" }] });
    const peeked = play(["10", "A", "10", "K"], []);
    expect(peeked).toMatchObject({ finished: true, payoutMultiplier: "0", stakes: 1, allowed: [], hands: [{ result: "lose" }] });
    expect(() => play(["10", "A", "10", "K"], ["stand"])).toThrow(InvalidBetError);
    // A ten up without a blackjack under it: play goes on.
    expect(play(["10", "10", "7", "9"], [])).toMatchObject({ finished: false, dealer: { cards: [{ rank: "10" }] } });
  });

  it("has the dealer stand on soft 17 and draw to 16", () => {
    const soft17 = play(["10", "A", "8", "6", "5"], ["stand"]);
    expect(ranksOf(soft17.dealer.cards)).toEqual(["A", "6"]);
    expect(soft17).toMatchObject({ payoutMultiplier: "2", dealer: { total: 17, soft: true } });
    const drawing = play(["10", "6", "7", "10", "5"], ["stand"]);
    expect(drawing).toMatchObject({ payoutMultiplier: "0", dealer: { total: 21 } });
  });

  it("doubles on any first two cards: two stakes, one card, and a push or win counts both", () => {
    const doubled = play(["5", "9", "6", "8", "10"], ["double"]);
    expect(doubled).toMatchObject({ finished: true, stakes: 2, payoutMultiplier: "4", hands: [{ stakes: 2, total: 21, result: "win" }] });
    // Soft 18 doubled against the dealer's 18: the ace makes soft 19.
    const soft = play(["A", "9", "7", "9", "A"], ["double"]);
    expect(soft).toMatchObject({ stakes: 2, payoutMultiplier: "4", hands: [{ total: 19, soft: true, result: "win" }] });
    const pushed = play(["5", "9", "6", "9", "7"], ["double"]);
    expect(pushed).toMatchObject({ stakes: 2, payoutMultiplier: "2", hands: [{ total: 18, result: "push" }] });
    expect(() => play(["5", "9", "2", "8", "2", "3"], ["hit", "double"])).toThrow(/not allowed/);
  });

  it("splits a pair once: the first hand's card at once, the second's when play reaches it, no double after it", () => {
    // 8-8 against a 6 (hole 10): 8+3, stand; 8+10, stand; the dealer's 16 draws a 10 and busts.
    const split = play(["8", "6", "8", "10", "3", "10", "10"], ["split", "stand", "stand"]);
    expect(split).toMatchObject({ finished: true, stakes: 2, payoutMultiplier: "4" });
    expect(split.hands.map((hand) => ranksOf(hand.cards))).toEqual([
      ["8", "3"],
      ["8", "10"],
    ]);
    const afterSplit = play(["8", "6", "8", "10", "3", "10"], ["split"]);
    expect(afterSplit).toMatchObject({ activeHand: 0, allowed: ["hit", "stand"], cardsDealt: 5 });
    expect(afterSplit.hands[1]!.cards).toHaveLength(1);
    // Two ten-value cards are a pair; a pair dealt to a split hand is not split again.
    expect(play(["K", "6", "10", "10"], [])).toMatchObject({ allowed: ["hit", "stand", "double", "split"] });
    expect(() => play(["8", "6", "8", "10", "8", "10"], ["split", "split"])).toThrow(/not allowed/);
    expect(() => play(["8", "6", "9", "10"], ["split"])).toThrow(/not allowed/);
  });

  it("gives split aces one card each, and their 21 is paid 1:1, not as a blackjack", () => {
    const aces = play(["A", "9", "A", "8", "K", "5"], ["split"]);
    expect(aces).toMatchObject({ finished: true, stakes: 2, payoutMultiplier: "2" });
    expect(aces.hands).toMatchObject([
      { total: 21, split: true, result: "win", returns: "2" },
      { total: 16, split: true, result: "lose", returns: "0" },
    ]);
    expect(() => play(["A", "9", "A", "8", "K", "5"], ["split", "hit"])).toThrow(/after the round is over/);
  });

  it("leaves the dealer's cards alone when every hand has busted", () => {
    const bust = play(["10", "6", "6", "10", "K"], ["hit"]);
    expect(bust).toMatchObject({ finished: true, payoutMultiplier: "0", hands: [{ total: 26, result: "bust" }], cardsDealt: 5 });
    expect(ranksOf(bust.dealer.cards)).toEqual(["6", "10"]);
  });

  it("settles only a finished round, and completes an abandoned one by standing each hand in play", () => {
    const ranks: Rank[] = ["8", "6", "8", "10", "3", "10", "10"];
    expect(() => playBlackjack(deck(...ranks), { actions: ["split", "stand"] })).toThrow(/unfinished/);
    const completed = standingActions(() => deck(...ranks), ["split"]);
    expect(completed).toEqual(["split", "stand", "stand"]);
    expect(playBlackjack(deck(...ranks), { actions: completed }).payoutMultiplier).toBe("4");
  });

  it("reads its actions from the parameters and refuses anything else", () => {
    expect(parseBlackjackParams({})).toEqual({ actions: [] });
    expect(parseBlackjackParams({ actions: ["hit", "stand"] })).toEqual({ actions: ["hit", "stand"] });
    for (const bad of [{ actions: ["surrender"] }, { actions: "hit" }, { actions: Array.from({ length: 25 }, () => "hit") }, null]) {
      expect(() => parseBlackjackParams(bad)).toThrow(InvalidBetError);
    }
  });
});

describe("blackjack: the declared return", () => {
  it("matches the published dealer bust chances of the unlimited deck, standing on soft 17", () => {
    const bust = (up: number) => {
      const chance = dealerOutcomes(up).finals.get(22)!;
      return Math.round(Number((chance.numerator * 1_000_000n) / chance.denominator) / 100) / 100;
    };
    expect([2, 3, 4, 5, 6, 7, 8, 9].map(bust)).toEqual([35.36, 37.39, 39.45, 41.64, 42.32, 26.23, 24.47, 22.84]);
    expect(dealerOutcomes(1).natural).toEqual(ratio(4n, 13n));
    expect(dealerOutcomes(10).natural).toEqual(ratio(1n, 13n));
  });

  it("is the exact expected return of optimal play, computed by recursion over every hand, rounded down to 99.30%", () => {
    const exact = blackjackReturn();
    expect(formatPercent(exact, 2)).toBe(BLACKJACK_RTP_PERCENT);
    expect(formatPercent(exact, 4)).toBe("99.3097");
    expect(compareRatios(exact, DECLARED_RTP.blackjack)).toBe(1);
    expect(compareRatios(exact, ratio(9931n, 10_000n))).toBe(-1);
  });

  it("names the optimal action the declared return assumes: the familiar basic strategy", () => {
    const best = (ranks: Rank[]) => optimalAction(play(ranks, []));
    expect(best(["8", "6", "8", "10"])).toBe("split");
    expect(best(["A", "10", "A", "7"])).toBe("split");
    expect(best(["5", "6", "6", "10"])).toBe("double");
    expect(best(["10", "10", "6", "7"])).toBe("hit");
    expect(best(["10", "4", "2", "7"])).toBe("stand");
    expect(best(["10", "6", "10", "7"])).toBe("stand");
    expect(best(["A", "9", "7", "7"])).toBe("hit");
  });
});
