import { describe, expect, it } from "vitest";
import { clampTarget, diceOdds, targetParam } from "./dice-rules.ts";
import { hundredthsText, limboChance, parseLimboTarget } from "../limbo/limbo-rules.ts";

describe("the dice slider's odds", () => {
  it("shows the engine's multiplier and the win chance over 10,001 rolls", () => {
    expect(diceOdds(5050, "under")).toEqual({ multiplier: "1.9605", chance: "50.49" });
    expect(diceOdds(5050, "over")).toEqual({ multiplier: "2.0002", chance: "49.49" });
    expect(diceOdds(200, "under").multiplier).toBe("49.5049");
  });

  it("keeps the target between 2.00 and 98.00 and sends it as the decimal the server reads", () => {
    expect(clampTarget(50)).toBe(200);
    expect(clampTarget(9999)).toBe(9800);
    expect(targetParam(5050)).toBe("50.50");
    expect(targetParam(205)).toBe("2.05");
  });
});

describe("the limbo target", () => {
  it("takes a multiplier from 1.01 to 1,000,000 with up to two decimals and shows its win chance", () => {
    expect(parseLimboTarget("2")).toBe(200);
    expect(parseLimboTarget("1,5")).toBe(150);
    expect(parseLimboTarget("1.00")).toBeNull();
    expect(parseLimboTarget("2.005")).toBeNull();
    expect(parseLimboTarget("1000000.01")).toBeNull();
    expect(hundredthsText(101)).toBe("1.01");
    expect(limboChance(200)).toBe("49.50");
    expect(limboChance(300)).toBe("33.00");
    expect(limboChance(700)).toBe("14.1428");
  });
});
