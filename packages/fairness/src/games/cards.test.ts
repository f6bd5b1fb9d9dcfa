import { describe, expect, it } from "vitest";
import { DECK_SIZE, cardFromIndex, drawCards } from "./cards.ts";
import { HIGHEST_FLOAT, fixedFloats } from "./floats-test-kit.ts";

describe("cards from an unlimited deck", () => {
  it("reads floor(float x 52) as rank blocks of four suits, two of diamonds first, ace of clubs last", () => {
    expect(cardFromIndex(0)).toEqual({ index: 0, rank: "2", suit: "diamonds" });
    expect(cardFromIndex(5)).toEqual({ index: 5, rank: "3", suit: "hearts" });
    expect(cardFromIndex(DECK_SIZE - 1)).toEqual({ index: 51, rank: "A", suit: "clubs" });
    expect(drawCards(fixedFloats([0.8320531346835196, 0, HIGHEST_FLOAT]), 3).map((card) => `${card.rank} ${card.suit}`)).toEqual([
      "Q clubs",
      "2 diamonds",
      "A clubs",
    ]);
  });

  it("can deal the same card twice: no card is used up", () => {
    expect(drawCards(fixedFloats([0.5, 0.5]), 2).map((card) => card.index)).toEqual([26, 26]);
  });

  it("has no card outside 0-51", () => {
    expect(() => cardFromIndex(52)).toThrow(RangeError);
    expect(() => cardFromIndex(-1)).toThrow(RangeError);
  });
});
