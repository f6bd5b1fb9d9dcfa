import { describe, expect, it } from "vitest";
import { ESPORTS_CATEGORIES, EVENT_SPORTS, MARKET_TYPES, marketTypeById, sportById, SPORTS } from "./sports.ts";

describe("the sport catalogue", () => {
  it("lists about 150 sports with unique ids and codes, the spec's named ones under the spec's ids", () => {
    expect(SPORTS.length).toBeGreaterThanOrEqual(140);
    expect(SPORTS.length).toBeLessThanOrEqual(170);
    expect(new Set(SPORTS.map((sport) => sport.id)).size).toBe(SPORTS.length);
    expect(new Set(SPORTS.map((sport) => sport.code)).size).toBe(SPORTS.length);
    const named = { 66: "Soccer", 67: "Basketball", 68: "Tennis", 69: "Volleyball", 70: "Ice Hockey", 71: "Boxing", 84: "MMA", 165: "Horse Racing", 145: "E-sports+" };
    for (const [id, name] of Object.entries(named)) expect(sportById(Number(id))?.name).toBe(name);
    expect(sportById(70)?.code).toBe("ice-hockey");
    expect(ESPORTS_CATEGORIES.map((category) => category.id)).toEqual([1534, 1533, 1330, 1307]);
  });

  it("flags the promo pseudo-sports and keeps them out of the sports with events", () => {
    const promos = SPORTS.filter((sport) => sport.promo);
    expect(promos.map((sport) => sport.name)).toEqual(["Boosted Odds", "Price Boosts", "Flying Odds", "Golden Odds", "Specials"]);
    expect(EVENT_SPORTS.some((sport) => sport.promo)).toBe(false);
    expect(EVENT_SPORTS).toHaveLength(SPORTS.length - promos.length);
  });

  it("numbers the market types 1 to 7 with their outcome ids", () => {
    expect(Object.values(MARKET_TYPES).map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(marketTypeById(1)?.outcomes).toEqual(["1", "X", "2"]);
    expect(marketTypeById(5)?.key).toBe("bothTeamsToScore");
    expect(marketTypeById(99)).toBeUndefined();
  });
});
