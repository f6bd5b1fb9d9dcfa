import { describe, expect, it } from "vitest";
import { OddsSchema } from "@playfair/contracts/sport/feed-messages";
import { impliedOverround, oddsText, PRICE_MARGIN, priceMarket } from "./odds.ts";

describe("prices from fair probabilities", () => {
  it("writes odds as exact two-decimal text", () => {
    expect(oddsText(101)).toBe("1.01");
    expect(oddsText(185)).toBe("1.85");
    expect(oddsText(1000)).toBe("10.00");
    expect(OddsSchema.safeParse(oddsText(100_000)).success).toBe(true);
  });

  it("adds the stated margin proportionally: an even market is 1.90 / 1.90, a 1X2 sums to 1.05 within rounding", () => {
    const even = priceMarket(2, "", [
      { id: "1", probability: 0.5 },
      { id: "2", probability: 0.5 },
    ]);
    expect(even.outcomes.map((outcome) => outcome.odds)).toEqual(["1.90", "1.90"]);
    const threeWay = priceMarket(1, "", [
      { id: "1", probability: 0.45 },
      { id: "X", probability: 0.27 },
      { id: "2", probability: 0.28 },
    ]);
    expect(threeWay.outcomes.map((outcome) => outcome.odds)).toEqual(["2.12", "3.53", "3.40"]);
    expect(Math.abs(impliedOverround(threeWay) - PRICE_MARGIN)).toBeLessThan(0.003);
    expect(threeWay.status).toBe("active");
  });

  it("suspends a market whose favourite would fall below 1.01, rather than publish a wrong price", () => {
    const lopsided = priceMarket(2, "", [
      { id: "1", probability: 0.97 },
      { id: "2", probability: 0.03 },
    ]);
    expect(lopsided.status).toBe("suspended");
    expect(lopsided.outcomes.every((outcome) => !outcome.active && OddsSchema.safeParse(outcome.odds).success)).toBe(true);
    expect(priceMarket(6, "period=1", [{ id: "1", probability: 0.5 }, { id: "2", probability: 0.5 }], "deactivated").status).toBe("deactivated");
  });
});
