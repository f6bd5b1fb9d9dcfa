import type { FloatSource } from "../bytes.ts";
import { ratio } from "../exact.ts";
import type { Multiplier } from "../multiplier.ts";
import { drawCard, type Card } from "./cards.ts";
import { InvalidBetError, requireRecord } from "./params.ts";

/**
 * Blackjack from the unlimited deck of cards.ts: every card is floor(float x 52), independent of
 * the others, as the published verifiers read it. The rules (written down in the package README):
 * - the dealer peeks with an ace or a ten-value card up: a dealer blackjack ends the round at once
 *   and takes only the first stake (a player blackjack against it is a push);
 * - blackjack pays 3:2; the dealer stands on every 17, soft 17 included;
 * - double on any first two cards (one more card, then the hand stands), not after a split;
 * - split once, a pair of the same value (any two ten-value cards are a pair); split aces take one
 *   card each; 21 on a split hand is not a blackjack;
 * - a hand that reaches 21 stands by itself; no surrender, no insurance.
 *
 * Cards leave the stream in a fixed order: the player's first card, the dealer's up card, the
 * player's second card, the dealer's hole card; then one card per hit or double, to the hand in
 * play; a split deals the first hand's second card at once and the second hand's when play
 * reaches it; then the dealer's draws. The round is a pure function of the seeds and the list of
 * the player's actions.
 */

export const BLACKJACK_ACTIONS = ["hit", "stand", "double", "split"] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];
/** Far more actions than any round can take (a hand holds at most 11 cards below 22). */
export const BLACKJACK_MAX_ACTIONS = 24;
/** A blackjack pays 3:2: the stake back and 1.5 more. */
export const BLACKJACK_NATURAL_RETURN = ratio(5n, 2n);
/**
 * Declared return to player under optimal play, per first stake: the exact 99.3097...% of
 * blackjack-rtp.ts, rounded down to 2 decimals.
 */
export const BLACKJACK_RTP_PERCENT = "99.30";
/** The dealer draws below this total and stands on it, soft or hard. */
export const DEALER_STANDS_ON = 17;

export interface BlackjackParams {
  /** The player's actions in the order taken; a settled round's list ends the round. */
  actions: BlackjackAction[];
}

export type HandResult = "blackjack" | "win" | "push" | "lose" | "bust";

export interface BlackjackHand {
  cards: Card[];
  /** The best total: an ace counts 11 when that stays at 21 or below. */
  total: number;
  /** An ace counts as 11 in the total. */
  soft: boolean;
  /** Base stakes riding on the hand: 2 once doubled. */
  stakes: 1 | 2;
  /** One of the two hands of a split. */
  split: boolean;
  /** No more cards: stood, doubled, busted, reached 21 or a split ace's one card. */
  done: boolean;
  /** Set once the round is over. */
  result: HandResult | null;
  /** What the hand returns, in base stakes; set once the round is over. */
  returns: Multiplier | null;
}

export interface BlackjackRound {
  hands: BlackjackHand[];
  /** The dealer's cards: up card first, hole card second, then the draws. */
  dealer: { cards: Card[]; total: number; soft: boolean };
  /** The hand the next action plays, or null once the player has finished. */
  activeHand: number | null;
  /** What the player may do now. */
  allowed: BlackjackAction[];
  /** Base stakes committed: the first, plus one per double and one for a split. */
  stakes: number;
  finished: boolean;
  /** Total return in base stakes once finished ("2.5" for a blackjack); null before. */
  payoutMultiplier: Multiplier | null;
  /** Cards taken from the stream so far. */
  cardsDealt: number;
}

/** 2 to 10 at face value, J, Q and K 10, an ace 1 (the total counts it 11 when it can). */
export function cardValue(card: Pick<Card, "rank">): number {
  if (card.rank === "A") return 1;
  if (card.rank === "J" || card.rank === "Q" || card.rank === "K") return 10;
  return Number(card.rank);
}

/** The best total of card values (aces as 1) and whether an ace counts 11 in it. */
export function totalOfValues(values: readonly number[]): { total: number; soft: boolean } {
  const hard = values.reduce((sum, value) => sum + value, 0);
  const soft = values.includes(1) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

export function isNatural(values: readonly number[]): boolean {
  return values.length === 2 && totalOfValues(values).total === 21;
}

/** The dealer draws below 17 and stands on 17 and more, soft 17 included. */
export function dealerDraws(values: readonly number[]): boolean {
  return totalOfValues(values).total < DEALER_STANDS_ON;
}

/** Return in base stakes of a finished hand of `stakes` base stakes (not a natural) against the dealer's final total (above 21: bust). */
export function handReturn(playerTotal: number, dealerTotal: number, stakes: number): { result: HandResult; returns: number } {
  if (playerTotal > 21) return { result: "bust", returns: 0 };
  if (dealerTotal > 21 || playerTotal > dealerTotal) return { result: "win", returns: 2 * stakes };
  if (playerTotal === dealerTotal) return { result: "push", returns: stakes };
  return { result: "lose", returns: 0 };
}

export function parseBlackjackParams(input: unknown): BlackjackParams {
  const record = requireRecord(input);
  const actions = record.actions ?? [];
  if (!Array.isArray(actions) || actions.length > BLACKJACK_MAX_ACTIONS) throw new InvalidBetError(`actions must list at most ${BLACKJACK_MAX_ACTIONS} actions`);
  for (const action of actions) {
    if (!(BLACKJACK_ACTIONS as readonly unknown[]).includes(action)) throw new InvalidBetError(`every action must be one of ${BLACKJACK_ACTIONS.join(", ")}`);
  }
  return { actions: [...actions] as BlackjackAction[] };
}

function handOf(cards: Card[], split: boolean): BlackjackHand {
  return { cards, ...totalOfValues(cards.map(cardValue)), stakes: 1, split, done: false, result: null, returns: null };
}

function withCard(hand: BlackjackHand, card: Card): BlackjackHand {
  const cards = [...hand.cards, card];
  return { ...hand, cards, ...totalOfValues(cards.map(cardValue)) };
}

function allowedFor(hands: readonly BlackjackHand[], active: number | null): BlackjackAction[] {
  const hand = active === null ? undefined : hands[active];
  if (!hand) return [];
  const allowed: BlackjackAction[] = ["hit", "stand"];
  const [first, second] = hand.cards;
  if (hand.cards.length === 2 && !hand.split) allowed.push("double");
  if (hands.length === 1 && hand.cards.length === 2 && first && second && cardValue(first) === cardValue(second)) allowed.push("split");
  return allowed;
}

function formatReturn(halves: number): Multiplier {
  return halves % 2 === 0 ? String(halves / 2) : `${(halves - 1) / 2}.5`;
}

/**
 * Replays a round as far as its actions go: the state the player sees after each step, and the
 * settled round once the last hand is done. An action the rules do not allow at that point (or any
 * action after the round is over) is refused.
 */
export function playBlackjackSteps(stream: FloatSource, actions: readonly BlackjackAction[]): BlackjackRound {
  let cardsDealt = 0;
  const deal = (): Card => {
    cardsDealt += 1;
    return drawCard(stream);
  };
  const firstCard = deal();
  const upCard = deal();
  const secondCard = deal();
  const holeCard = deal();
  let hands: BlackjackHand[] = [handOf([firstCard, secondCard], false)];
  const dealerCards = [upCard, holeCard];
  let stakes = 1;

  const playerNatural = isNatural([firstCard, secondCard].map(cardValue));
  // The dealer peeks: with an ace or a ten-value card up, a blackjack shows before anyone acts.
  const dealerNatural = isNatural(dealerCards.map(cardValue));
  let active: number | null = playerNatural || dealerNatural ? null : 0;

  const finishHand = (index: number, hand: BlackjackHand): void => {
    hands[index] = { ...hand, done: true };
  };
  /** Moves play to the next hand that still takes cards, dealing a split hand its second card. */
  const advance = (): void => {
    while (active !== null) {
      let hand = hands[active]!;
      if (hand.cards.length === 1) {
        hand = withCard(hand, deal());
        hands[active] = hand;
        // A split ace takes one card; any split hand at 21 stands.
        if (cardValue(hand.cards[0]!) === 1 || hand.total === 21) finishHand(active, hand);
      }
      if (!hands[active]!.done) return;
      active = active + 1 < hands.length ? active + 1 : null;
    }
  };

  for (const [step, action] of actions.entries()) {
    if (active === null) throw new InvalidBetError(`action ${step + 1} (${action}) comes after the round is over`);
    if (!allowedFor(hands, active).includes(action)) throw new InvalidBetError(`action ${step + 1} (${action}) is not allowed on this hand`);
    const hand = hands[active]!;
    if (action === "stand") {
      finishHand(active, hand);
    } else if (action === "hit") {
      const next = withCard(hand, deal());
      hands[active] = next;
      if (next.total >= 21) finishHand(active, next);
    } else if (action === "double") {
      stakes += 1;
      finishHand(active, { ...withCard(hand, deal()), stakes: 2 });
    } else {
      stakes += 1;
      hands = hand.cards.map((card) => handOf([card], true));
    }
    advance();
  }

  if (active !== null) {
    return { hands, dealer: { cards: [upCard], ...totalOfValues([cardValue(upCard)]) }, activeHand: active, allowed: allowedFor(hands, active), stakes, finished: false, payoutMultiplier: null, cardsDealt };
  }

  // The dealer plays only against a hand still standing.
  const dealerValues = () => dealerCards.map(cardValue);
  const standing = hands.some((hand) => hand.total <= 21);
  if (!playerNatural && !dealerNatural && standing) {
    while (dealerDraws(dealerValues())) dealerCards.push(deal());
  }
  const dealer = totalOfValues(dealerValues());
  let halves = 0;
  hands = hands.map((hand) => {
    let settled: { result: HandResult; returns: number };
    if (playerNatural) settled = dealerNatural ? { result: "push", returns: 1 } : { result: "blackjack", returns: 2.5 };
    else if (dealerNatural) settled = { result: "lose", returns: 0 };
    else settled = handReturn(hand.total, dealer.total, hand.stakes);
    halves += settled.returns * 2;
    return { ...hand, done: true, result: settled.result, returns: formatReturn(settled.returns * 2) };
  });
  return { hands, dealer: { cards: dealerCards, ...dealer }, activeHand: null, allowed: [], stakes, finished: true, payoutMultiplier: formatReturn(halves), cardsDealt };
}

export type BlackjackOutcome = BlackjackRound & { finished: true; payoutMultiplier: Multiplier };

/** A settled round: its actions must end it. */
export function playBlackjack(stream: FloatSource, params: BlackjackParams): BlackjackOutcome {
  const round = playBlackjackSteps(stream, params.actions);
  if (!round.finished || round.payoutMultiplier === null) throw new InvalidBetError("the actions leave a hand unfinished");
  return round as BlackjackOutcome;
}

/**
 * The actions that end a round by standing every hand still in play: how an abandoned round is
 * completed (never voided), and the dealer then plays out.
 */
export function standingActions(stream: () => FloatSource, actions: readonly BlackjackAction[]): BlackjackAction[] {
  const completed = [...actions];
  while (!playBlackjackSteps(stream(), completed).finished) completed.push("stand");
  return completed;
}
