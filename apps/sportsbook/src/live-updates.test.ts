import { describe, expect, it } from "vitest";
import { applyToEvent, applyToList, eventUpdateFrom, keepNewerMarkets } from "./live-updates.ts";
import { eventDetail, eventSummary, matchResult, totalGoals } from "./test-fixtures.ts";

const LIVE = { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 1_500 };

describe("live updates", () => {
  it("reads only well-formed publications", () => {
    expect(eventUpdateFrom({ eventId: 1, status: "live", liveState: null, suspended: false, markets: [] })).not.toBeNull();
    expect(eventUpdateFrom({ eventId: "1", status: "live", suspended: false, markets: [] })).toBeNull();
    expect(eventUpdateFrom({ eventId: 1, status: "live", suspended: false, markets: [{ odds: "2" }] })).toBeNull();
    expect(eventUpdateFrom("odds")).toBeNull();
  });

  it("moves an event page's prices, score and status, and adds markets it did not have", () => {
    const event = eventDetail(7, [matchResult(["2.10", "3.40", "3.30"], 3)]);
    const next = applyToEvent(event, { eventId: 7, status: "live", liveState: LIVE, suspended: false, markets: [matchResult(["1.80", "3.60", "4.20"], 4), totalGoals("2.5", "1.90", "1.90")] });
    expect(next.status).toBe("live");
    expect(next.liveState?.homeScore).toBe(1);
    expect(next.markets.map((market) => market.outcomes[0]?.odds)).toEqual(["1.80", "1.90"]);
  });

  it("never rolls a price back to an older version", () => {
    const event = eventDetail(7, [matchResult(["1.80", "3.60", "4.20"], 5)]);
    const next = applyToEvent(event, { eventId: 7, status: "live", liveState: LIVE, suspended: false, markets: [matchResult(["2.10", "3.40", "3.30"], 4)] });
    expect(next.markets[0]?.outcomes[0]?.odds).toBe("1.80");
  });

  it("keeps a price a live update moved past an event page read again", () => {
    const shown = eventDetail(7, [matchResult(["1.80", "3.60", "4.20"], 5), totalGoals("2.5", "1.90", "1.90", 2)]);
    const loaded = eventDetail(7, [matchResult(["2.10", "3.40", "3.30"], 4), totalGoals("2.5", "1.70", "2.10", 3)], { status: "live" });
    const next = keepNewerMarkets(shown, loaded);
    expect(next.status).toBe("live");
    expect(next.markets.map((market) => [market.version, market.outcomes[0]?.odds])).toEqual([
      [5, "1.80"],
      [3, "1.70"],
    ]);
  });

  it("changes the main market of the listed event only", () => {
    const list = [eventSummary(1), eventSummary(2)];
    const next = applyToList(list, { eventId: 2, status: "live", liveState: LIVE, suspended: true, markets: [matchResult(["1.50", "4.00", "6.00"], 2)] });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ status: "live", suspended: true, mainMarket: { version: 2 } });
  });
});
