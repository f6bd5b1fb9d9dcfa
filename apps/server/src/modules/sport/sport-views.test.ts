import { describe, expect, it } from "vitest";
import { mainMarketOf, marketView } from "./sport-views.ts";

const market = (marketTypeId: number, specifiers = "") => ({ marketKey: `${marketTypeId}|${specifiers}`, marketTypeId, specifiers });

describe("an event's main market", () => {
  it("is the lowest market type without specifiers, whatever the order the feed sent them in", () => {
    expect(mainMarketOf([market(18, "total=2.5"), market(16, "hcp=-1.5"), market(186), market(1)])).toEqual(market(1));
    expect(mainMarketOf([market(219), market(186)])).toEqual(market(186));
  });

  it("falls back to the lowest line when an event has only lines, and is null without markets", () => {
    expect(mainMarketOf([market(18, "total=3.5"), market(18, "total=2.5"), market(16, "hcp=-1.5")])).toEqual(market(16, "hcp=-1.5"));
    expect(mainMarketOf([])).toBeNull();
  });
});

describe("a market as the widget sees it", () => {
  it("shows prices and state, never the stored results", () => {
    const view = marketView({
      ...market(1),
      status: "settled",
      version: 3,
      outcomes: [
        { id: "1", odds: "1.85", active: true, result: "win" },
        { id: "2", odds: "4.20", active: false, result: "lose", deadHeatFactor: "0.5" },
      ],
    });
    expect(view).toEqual({
      marketKey: "1|",
      marketTypeId: 1,
      specifiers: "",
      status: "settled",
      version: 3,
      outcomes: [
        { id: "1", odds: "1.85", active: true },
        { id: "2", odds: "4.20", active: false },
      ],
    });
  });
});
