import { describe, expect, it } from "vitest";
import { contributionRows, plainNumber, timeLeft, wageringPercent } from "./bonus-format.ts";

describe("wagering progress", () => {
  it("is the exact share of the requirement, rounded down to hundredths", () => {
    expect(wageringPercent("12.40", "100.00")).toBe(12.4);
    expect(wageringPercent("1", "3")).toBe(33.33);
    expect(wageringPercent("99.999", "100")).toBe(99.99);
  });

  it("never shows complete before the requirement is met, and is complete once it is", () => {
    expect(wageringPercent("499.99", "500.00")).toBeLessThan(100);
    expect(wageringPercent("500.00", "500")).toBe(100);
    expect(wageringPercent("612", "500")).toBe(100);
  });

  it("is zero before any stake, and complete when nothing is required", () => {
    expect(wageringPercent("0", "500")).toBe(0);
    expect(wageringPercent("0", "0")).toBe(100);
  });
});

describe("terms figures", () => {
  it("writes multipliers plainly and lists the default contribution last", () => {
    expect(plainNumber("10.00")).toBe("10");
    expect(plainNumber("0.50")).toBe("0.5");
    expect(contributionRows({ contributions: { default: "50", slots: "100", table: "10" } })).toEqual([
      { category: "slots", percent: "100" },
      { category: "table", percent: "10" },
      { category: "default", percent: "50" },
    ]);
  });

  it("counts down whole days, hours and minutes, and says when the time is up", () => {
    const now = Date.parse("2026-12-01T00:00:00Z");
    expect(timeLeft("2026-12-03T05:30:00Z", now)).toEqual({ days: 2, hours: 5, minutes: 30, past: false });
    expect(timeLeft("2026-11-30T00:00:00Z", now).past).toBe(true);
  });
});
