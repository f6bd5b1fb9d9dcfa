import { SPORT_BET_EVENT } from "@playfair/contracts/sport/bets";
import { describe, expect, it } from "vitest";
import { isSportBetEvent, SPORT_BET_EVENT_NAME } from "./bet-events.ts";

describe("sports bet publications", () => {
  it("names the contract's bet event", () => {
    expect(SPORT_BET_EVENT_NAME).toBe(SPORT_BET_EVENT);
  });

  it("tells a bet's change from the channel's other events", () => {
    expect(isSportBetEvent({ event: "bet.placebet", bet: {} })).toBe(true);
    expect(isSportBetEvent({ event: "game.bet.restricted", reason: "coolingOff" })).toBe(false);
    expect(isSportBetEvent({ event: "game.bet.max.exceed" })).toBe(false);
    expect(isSportBetEvent(null)).toBe(false);
    expect(isSportBetEvent("bet.placebet")).toBe(false);
  });
});
