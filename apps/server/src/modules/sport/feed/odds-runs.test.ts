import { describe, expect, it } from "vitest";
import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import { mergeOddsChanges } from "./odds-runs.ts";

type OddsChange = Extract<FeedEventMessage, { type: "odds_change" }>;

const market = (typeId: number, home: string) => ({ marketTypeId: typeId, specifiers: "", status: "active" as const, outcomes: [{ id: "1", odds: home, active: true }] });
const change = (sequence: number, extra: Partial<OddsChange>): OddsChange => ({ type: "odds_change", producer: "live", timestamp: 1000 + sequence, eventId: 7, sequence, markets: [], ...extra });

describe("consecutive price changes as one", () => {
  it("keeps every market's last mention, the last status and score given, and the last message's producer and sequence", () => {
    const score: NonNullable<OddsChange["liveState"]> = { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 600 };
    const merged = mergeOddsChanges([
      change(3, { producer: "prematch", eventStatus: "live", liveState: score, markets: [market(1, "2.00"), market(18, "1.90")] }),
      change(4, { markets: [market(1, "2.10")] }),
      change(5, { eventStatus: "suspended", markets: [market(1, "2.20")] }),
    ]);
    expect(merged).toMatchObject({ producer: "live", sequence: 5, eventStatus: "suspended", liveState: score });
    // In order: the applier keeps the last mention of each market.
    expect(merged.markets.map((entry) => [entry.marketTypeId, entry.outcomes[0]!.odds])).toEqual([
      [1, "2.00"],
      [18, "1.90"],
      [1, "2.10"],
      [1, "2.20"],
    ]);
  });

  it("leaves the status and score out when no change gave them", () => {
    const merged = mergeOddsChanges([change(3, { markets: [market(1, "2.00")] }), change(4, { markets: [market(1, "2.10")] })]);
    expect("eventStatus" in merged).toBe(false);
    expect("liveState" in merged).toBe(false);
  });
});
