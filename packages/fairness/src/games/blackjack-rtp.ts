import { addRatios, compareRatios, multiplyRatios, ratio, subtractRatios, sumRatios, type Ratio } from "../exact.ts";
import { RANKS, SUITS } from "./cards.ts";
import { BLACKJACK_NATURAL_RETURN, cardValue, dealerDraws, handReturn, isNatural, totalOfValues, type BlackjackAction, type BlackjackRound } from "./blackjack.ts";

/**
 * Blackjack's exact return under optimal play, by recursion over the unlimited deck (every card
 * independent: a value's chance is its share of the 52 cards, whatever was dealt before). The
 * dealer's final totals are worked out per up card, given no dealer blackjack (the peek has shown
 * it); each player hand takes the best of stand, hit, double and split, valued against them. Totals,
 * the dealer's drawing rule and what a hand returns are the settling code's own functions.
 * Expected values are net, in base stakes; the return is 1 plus the expected net per first stake.
 */

const BUST = 22;

/** Card values 1 (ace) to 10 with their chances: 1/13 each, 4/13 for the ten-value cards. */
const VALUE_CHANCES: readonly (readonly [number, Ratio])[] = (() => {
  const counts = new Map<number, number>();
  for (const rank of RANKS) counts.set(cardValue({ rank }), (counts.get(cardValue({ rank })) ?? 0) + SUITS.length);
  return [...counts].sort(([a], [b]) => a - b).map(([value, count]) => [value, ratio(count, RANKS.length * SUITS.length)] as const);
})();

/** A hand as the rules read it: the sum with aces as 1 and whether it holds an ace. */
type HandState = { hard: number; ace: boolean };
const stateOf = (values: readonly number[]): HandState => ({ hard: values.reduce((sum, value) => sum + value, 0), ace: values.includes(1) });
const valuesOf = (state: HandState): number[] => (state.ace ? [1, state.hard - 1] : [state.hard]);
const plus = (state: HandState, value: number): HandState => ({ hard: state.hard + value, ace: state.ace || value === 1 });
const totalOf = (state: HandState): number => totalOfValues(valuesOf(state)).total;
const maxOf = (values: Ratio[]): Ratio => values.reduce((best, value) => (compareRatios(value, best) > 0 ? value : best));

/** The dealer's final total (22 for a bust) from a hand, drawing by the rules. */
function dealerFinals(state: HandState, memo: Map<string, Map<number, Ratio>>): Map<number, Ratio> {
  const key = `${state.hard}:${state.ace}`;
  const known = memo.get(key);
  if (known) return known;
  const finals = new Map<number, Ratio>();
  if (!dealerDraws(valuesOf(state)) || state.hard > 21) {
    finals.set(Math.min(totalOf(state), BUST), ratio(1n));
  } else {
    for (const [value, chance] of VALUE_CHANCES) {
      for (const [total, totalChance] of dealerFinals(plus(state, value), memo)) {
        finals.set(total, addRatios(finals.get(total) ?? ratio(0n), multiplyRatios(chance, totalChance)));
      }
    }
  }
  memo.set(key, finals);
  return finals;
}

/** The dealer's finals with this up card, given the hole card makes no blackjack; and that blackjack's chance. */
export function dealerOutcomes(upValue: number): { natural: Ratio; finals: Map<number, Ratio> } {
  const memo = new Map<string, Map<number, Ratio>>();
  const natural = sumRatios(VALUE_CHANCES.filter(([hole]) => isNatural([upValue, hole])).map(([, chance]) => chance));
  const noNatural = subtractRatios(ratio(1n), natural);
  const finals = new Map<number, Ratio>();
  for (const [hole, chance] of VALUE_CHANCES) {
    if (isNatural([upValue, hole])) continue;
    const given = ratio(chance.numerator * noNatural.denominator, chance.denominator * noNatural.numerator);
    for (const [total, totalChance] of dealerFinals(stateOf([upValue, hole]), memo)) {
      finals.set(total, addRatios(finals.get(total) ?? ratio(0n), multiplyRatios(given, totalChance)));
    }
  }
  return { natural, finals };
}

/** Expected net of the player's hands against one up card (no dealer blackjack), each at its best play. */
function playerValues(finals: Map<number, Ratio>) {
  const standMemo = new Map<number, Ratio>();
  const stand = (total: number, stakes = 1): Ratio => {
    const key = total * 10 + stakes;
    const known = standMemo.get(key);
    if (known) return known;
    const value = sumRatios([...finals].map(([dealer, chance]) => multiplyRatios(chance, ratio(handReturn(total, dealer, stakes).returns - stakes))));
    standMemo.set(key, value);
    return value;
  };

  const hitMemo = new Map<string, Ratio>();
  /** Best of stand and hit once the hand can no longer double; 21 stands by itself. */
  const play = (state: HandState): Ratio => {
    const total = totalOf(state);
    if (total > 21) return ratio(-1n);
    if (total === 21) return stand(21);
    return maxOf([stand(total), hit(state)]);
  };
  const hit = (state: HandState): Ratio => {
    const key = `${state.hard}:${state.ace}`;
    const known = hitMemo.get(key);
    if (known) return known;
    const value = sumRatios(VALUE_CHANCES.map(([card, chance]) => multiplyRatios(chance, play(plus(state, card)))));
    hitMemo.set(key, value);
    return value;
  };
  const double = (state: HandState): Ratio => sumRatios(VALUE_CHANCES.map(([card, chance]) => multiplyRatios(chance, stand(Math.min(totalOf(plus(state, card)), BUST), 2))));
  /** One hand of a split pair: its second card, then stand or hit (a split ace stands on its one card). */
  const splitHand = (value: number): Ratio =>
    sumRatios(VALUE_CHANCES.map(([card, chance]) => multiplyRatios(chance, value === 1 ? stand(totalOf(stateOf([1, card]))) : play(stateOf([value, card])))));

  /** The best first decision on two cards that are not a blackjack. */
  const firstDecision = (first: number, second: number): Ratio => {
    const state = stateOf([first, second]);
    const options = [play(state), double(state)];
    if (first === second) options.push(multiplyRatios(ratio(2n), splitHand(first)));
    return maxOf(options);
  };
  /** Each allowed action's expected net on a hand in play. */
  const actionValues = (values: readonly number[], allowed: readonly BlackjackAction[]): [BlackjackAction, Ratio][] => {
    const state = stateOf(values);
    const total = totalOf(state);
    const options: [BlackjackAction, Ratio][] = [["stand", stand(total)]];
    if (allowed.includes("hit")) options.push(["hit", hit(state)]);
    if (allowed.includes("double")) options.push(["double", double(state)]);
    if (allowed.includes("split")) options.push(["split", multiplyRatios(ratio(2n), splitHand(values[0] ?? 0))]);
    return options;
  };
  return { firstDecision, actionValues };
}

const STRATEGY = new Map<number, ReturnType<typeof playerValues>>();

/**
 * The action with the highest expected value for the hand in play, the one the declared return
 * assumes (the RTP bench plays it; a player may use it as a hint).
 */
export function optimalAction(round: Pick<BlackjackRound, "hands" | "activeHand" | "allowed" | "dealer">): BlackjackAction {
  const hand = round.activeHand === null ? undefined : round.hands[round.activeHand];
  const up = round.dealer.cards[0];
  if (!hand || !up) throw new RangeError("no hand is in play");
  const upValue = cardValue(up);
  let strategy = STRATEGY.get(upValue);
  if (!strategy) {
    strategy = playerValues(dealerOutcomes(upValue).finals);
    STRATEGY.set(upValue, strategy);
  }
  const options = strategy.actionValues(hand.cards.map(cardValue), round.allowed);
  return options.reduce((best, option) => (compareRatios(option[1], best[1]) > 0 ? option : best))[0];
}

/** The exact return to player of optimal play, per first stake. */
export function blackjackReturn(): Ratio {
  const naturalNet = subtractRatios(BLACKJACK_NATURAL_RETURN, ratio(1n));
  let net = ratio(0n);
  for (const [up, upChance] of VALUE_CHANCES) {
    const { natural, finals } = dealerOutcomes(up);
    const noNatural = subtractRatios(ratio(1n), natural);
    const { firstDecision } = playerValues(finals);
    for (const [first, firstChance] of VALUE_CHANCES) {
      for (const [second, secondChance] of VALUE_CHANCES) {
        const handChance = multiplyRatios(upChance, multiplyRatios(firstChance, secondChance));
        // A player blackjack pushes against the dealer's and is paid 3:2 otherwise; any other hand
        // loses its first stake to a dealer blackjack, and is played against the rest.
        const value = isNatural([first, second])
          ? multiplyRatios(noNatural, naturalNet)
          : addRatios(multiplyRatios(natural, ratio(-1n)), multiplyRatios(noNatural, firstDecision(first, second)));
        net = addRatios(net, multiplyRatios(handChance, value));
      }
    }
  }
  return addRatios(ratio(1n), net);
}
