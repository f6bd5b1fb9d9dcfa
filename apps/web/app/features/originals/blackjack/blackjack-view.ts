import type { BlackjackAction, BlackjackHand, HandResult } from "@playfair/fairness/games/blackjack";
import type { Card } from "@playfair/fairness/games/cards";
import type { Round } from "@playfair/contracts/game/play";

/**
 * What the table shows of a blackjack round, read from the server's answer: while the round is open
 * the answer holds the dealer's up card only, so the table adds a face-down card in its place.
 */
export type BlackjackTable = {
  dealerCards: (Card | null)[];
  /** The dealer's total, or null while the hole card is down. */
  dealerTotal: number | null;
  hands: BlackjackHand[];
  activeHand: number | null;
  allowed: BlackjackAction[];
  /** The step the next action names: how many actions the round has taken. */
  step: number;
  finished: boolean;
};

type Outcome = {
  hands?: BlackjackHand[];
  dealer?: { cards: Card[]; total: number };
  activeHand?: number | null;
  allowed?: BlackjackAction[];
  finished?: boolean;
};

export function tableOf(round: Round | null): BlackjackTable | null {
  if (!round || round.fairnessGame !== "blackjack" || !round.outcome) return null;
  const outcome = round.outcome as Outcome;
  const actions = ((round.params as { actions?: BlackjackAction[] }).actions ?? []).length;
  const finished = outcome.finished === true;
  const dealer = outcome.dealer ?? { cards: [], total: 0 };
  return {
    dealerCards: finished ? dealer.cards : [...dealer.cards, null],
    dealerTotal: finished ? dealer.total : null,
    hands: outcome.hands ?? [],
    activeHand: finished || round.status !== "open" ? null : (outcome.activeHand ?? null),
    allowed: round.status === "open" ? (outcome.allowed ?? []) : [],
    step: actions,
    finished,
  };
}

/** The result badge of a settled hand. */
export function resultKey(result: HandResult | null): `blackjack.result.${HandResult}` | null {
  return result ? `blackjack.result.${result}` : null;
}

const RED_SUITS = new Set(["diamonds", "hearts"]);
export const isRedSuit = (card: Card) => RED_SUITS.has(card.suit);
export const SUIT_SYMBOLS: Readonly<Record<Card["suit"], string>> = { diamonds: "♦", hearts: "♥", spades: "♠", clubs: "♣" };
