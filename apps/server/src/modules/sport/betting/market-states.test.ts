import { describe, expect, it } from "vitest";
import { closedReason, oddsUnderPolicy, type MarketState } from "./market-states.ts";

const at = new Date("2026-06-01T12:00:00Z");

function market(overrides: Partial<MarketState> = {}): MarketState {
  return {
    eventId: 1,
    marketKey: "1|",
    marketTypeId: 1,
    specifiers: "",
    status: "active",
    outcomes: [
      { id: "1", odds: "2.00", active: true },
      { id: "2", odds: "1.80", active: false },
    ],
    version: 3,
    eventName: "Home - Away",
    sportId: 66,
    eventStatus: "not_started",
    startsAt: new Date(at.getTime() + 60_000),
    producerUp: true,
    ...overrides,
  };
}

describe("whether a selection can be bet on now", () => {
  it("is open on an active market of an upcoming or live event with its producer up", () => {
    expect(closedReason(market(), "1", at)).toBeNull();
    expect(closedReason(market({ eventStatus: "live", startsAt: new Date(at.getTime() - 60_000) }), "1", at)).toBeNull();
  });

  it("names why it is closed", () => {
    expect(closedReason(undefined, "1", at)).toBe("unknownSelection");
    expect(closedReason(market(), "X", at)).toBe("unknownSelection");
    expect(closedReason(market(), "2", at)).toBe("marketSuspended");
    expect(closedReason(market({ status: "suspended" }), "1", at)).toBe("marketSuspended");
    expect(closedReason(market({ producerUp: false }), "1", at)).toBe("marketSuspended");
    expect(closedReason(market({ eventStatus: "ended" }), "1", at)).toBe("marketSuspended");
    expect(closedReason(market({ startsAt: at }), "1", at)).toBe("eventStarted");
  });
});

describe("the player's odds policy", () => {
  it("always takes an unchanged price", () => {
    for (const policy of ["none", "accept_higher", "accept_any"] as const) expect(oddsUnderPolicy(policy, "2.00", "2.00")).toBe("2.00");
  });

  it("takes a higher price under accept higher and accept any, a lower one only under accept any", () => {
    expect(oddsUnderPolicy("none", "2.00", "2.10")).toBeNull();
    expect(oddsUnderPolicy("accept_higher", "2.00", "2.10")).toBe("2.10");
    expect(oddsUnderPolicy("accept_any", "2.00", "2.10")).toBe("2.10");
    expect(oddsUnderPolicy("none", "2.00", "1.90")).toBeNull();
    expect(oddsUnderPolicy("accept_higher", "2.00", "1.90")).toBeNull();
    expect(oddsUnderPolicy("accept_any", "2.00", "1.90")).toBe("1.90");
  });
});
