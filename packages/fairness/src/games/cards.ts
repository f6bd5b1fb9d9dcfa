import type { FloatSource } from "../bytes.ts";
import { pick } from "./params.ts";

/**
 * Cards from an unlimited deck: index = floor(float x 52), ranks 2 to A in blocks of four suits
 * (0 is the two of diamonds, 51 the ace of clubs), as the published blackjack, hilo and baccarat
 * verifiers read them. Every draw is independent: no card is ever used up.
 */
export const DECK_SIZE = 52;
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export const SUITS = ["diamonds", "hearts", "spades", "clubs"] as const;

export interface Card {
  index: number;
  rank: (typeof RANKS)[number];
  suit: (typeof SUITS)[number];
}

export function cardFromIndex(index: number): Card {
  const rank = RANKS[Math.floor(index / SUITS.length)];
  const suit = SUITS[index % SUITS.length];
  if (rank === undefined || suit === undefined || !Number.isInteger(index)) throw new RangeError(`no card has index ${index}`);
  return { index, rank, suit };
}

export function drawCard(stream: FloatSource): Card {
  return cardFromIndex(pick(stream.next(), DECK_SIZE));
}

export function drawCards(stream: FloatSource, count: number): Card[] {
  return Array.from({ length: count }, () => drawCard(stream));
}
