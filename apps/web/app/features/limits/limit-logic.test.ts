import { describe, expect, it } from "vitest";
import type { Limit } from "@playfair/contracts/player/limits";
import { changeTiming, depositRoom, depositUse, formatLimitAmountInput, groupMoneyLimits, limitAmountInputText, parseLimitAmount, presetsWithinRoom, removalTime, usedPercent } from "./limit-logic.ts";

const now = new Date("2026-03-02T10:00:00Z");
const in24Hours = new Date("2026-03-03T10:00:00Z");

function limit(overrides: Partial<Limit> = {}): Limit {
  return {
    id: "1",
    definition: 3,
    period: 1,
    amount: "100.00",
    currency: "EUR",
    used: "0.00",
    reserved: "0.00",
    periodEndsAt: null,
    endsAt: null,
    pendingChange: null,
    createdAt: "2026-03-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("when a limit change takes effect (P1)", () => {
  it("applies a decrease or the same amount now and an increase in 24 hours", () => {
    expect(changeTiming(limit(), { amount: "50", period: 1 }, now)).toEqual({ kind: "now" });
    expect(changeTiming(limit(), { amount: "100", period: 1 }, now)).toEqual({ kind: "now" });
    expect(changeTiming(limit(), { amount: "100.01", period: 1 }, now)).toEqual({ kind: "later", effectiveAt: in24Hours });
  });

  it("keeps the time of the same increase already waiting", () => {
    const pending = limit({ pendingChange: { kind: "increase", amount: "200.00", effectiveAt: "2026-03-02T20:00:00.000Z" } });
    expect(changeTiming(pending, { amount: "200", period: 1 }, now)).toEqual({ kind: "later", effectiveAt: new Date("2026-03-02T20:00:00.000Z") });
    expect(changeTiming(pending, { amount: "300", period: 1 }, now)).toEqual({ kind: "later", effectiveAt: in24Hours });
  });

  it("starts a new period at once and ends the old one in 24 hours", () => {
    expect(changeTiming(limit(), { amount: "500", period: 2 }, now)).toEqual({ kind: "newPeriod", oldEndsAt: in24Hours });
  });

  it("removes a limit in 24 hours, or at the time of a removal already waiting", () => {
    expect(removalTime(limit(), now)).toEqual(in24Hours);
    expect(removalTime(limit({ pendingChange: { kind: "remove", amount: null, effectiveAt: "2026-03-02T12:00:00.000Z" } }), now)).toEqual(new Date("2026-03-02T12:00:00.000Z"));
  });
});

describe("amounts as typed", () => {
  it("accepts decimals within the currency's precision, with a comma or a point", () => {
    expect(parseLimitAmount(" 25,5 ", 2, "de")).toEqual({ ok: true, amount: "25.5" });
    expect(parseLimitAmount("1,250.5", 2)).toEqual({ ok: true, amount: "1250.5" });
    // Persian digits and marks, as a Persian page writes them, or Latin ones from another keyboard.
    expect(parseLimitAmount("۱٬۲۵۰٫۵", 2, "fa")).toEqual({ ok: true, amount: "1250.5" });
    expect(parseLimitAmount("250", 2, "fa")).toEqual({ ok: true, amount: "250" });
    expect(parseLimitAmount("25.555", 2)).toEqual({ ok: false, problem: "decimals" });
    expect(parseLimitAmount("", 2)).toEqual({ ok: false, problem: "required" });
    expect(parseLimitAmount("0", 2)).toEqual({ ok: false, problem: "positive" });
    expect(parseLimitAmount("-5", 2)).toEqual({ ok: false, problem: "format" });
    expect(parseLimitAmount("1e5", 2)).toEqual({ ok: false, problem: "format" });
  });

  it("writes the amount field in the page's digits", () => {
    expect(formatLimitAmountInput("1250.5", 2, "fa")).toBe("۱٬۲۵۰٫۵");
    expect(limitAmountInputText("250.00", 2, "de")).toBe("250,00");
    expect(limitAmountInputText("1250.00", 2, "fa")).toBe("۱٬۲۵۰٫۰۰");
  });
});

describe("the page's groups and meters", () => {
  it("groups bet, loss and deposit limits, each daily, weekly, monthly", () => {
    const groups = groupMoneyLimits([limit({ id: "m", period: 3 }), limit({ id: "b", definition: 1 }), limit({ id: "d", period: 1 }), limit({ id: "x", definition: 4, period: null })]);
    expect(groups.map((group) => [group.definition, group.limits.map((entry) => entry.id)])).toEqual([
      [1, ["b"]],
      [2, []],
      [3, ["d", "m"]],
    ]);
  });

  it("fills the meter by the share used, never past full", () => {
    expect(usedPercent({ amount: "100.00", used: "40.00" })).toBe(40);
    expect(usedPercent({ amount: "100.00", used: "150.00" })).toBe(100);
    expect(usedPercent({ amount: "100.00", used: null })).toBe(0);
  });
});

describe("pending deposits against a deposit limit", () => {
  it("splits the use into completed deposits and what pending ones reserve", () => {
    expect(depositUse(limit({ used: "250.00", reserved: "200.00" }))).toEqual({ completed: "50.00", reserved: "200.00" });
    expect(depositUse(limit({ used: "0.1", reserved: "0.05" }))).toEqual({ completed: "0.05", reserved: "0.05" });
    expect(depositUse(limit({ definition: 1, used: "10.00", reserved: null }))).toBeNull();
  });

  it("finds the tightest room of a currency, with its reset time, never below zero", () => {
    const daily = limit({ id: "d", amount: "180.00", used: "250.00", reserved: "250.00", periodEndsAt: "2026-03-03T00:00:00.000Z" });
    const weekly = limit({ id: "w", period: 2, amount: "500.00", used: "250.00", reserved: "250.00", periodEndsAt: "2026-03-09T00:00:00.000Z" });
    expect(depositRoom([weekly, daily], "EUR")).toEqual({ remaining: "0.00", resetsAt: "2026-03-03T00:00:00.000Z", reserved: "250.00" });
    expect(depositRoom([weekly], "EUR")).toMatchObject({ remaining: "250.00" });
    expect(depositRoom([weekly], "USD")).toBeNull();
    expect(depositRoom([limit({ definition: 1, amount: "5.00", used: "0.00" })], "EUR")).toBeNull();
  });

  it("offers only the suggested amounts the room allows, and the room itself in place of the rest", () => {
    expect(presetsWithinRoom(["20", "50", "100", "200"], "80.00", "10")).toEqual(["20", "50", "80.00"]);
    expect(presetsWithinRoom(["20", "50"], "50.00", "10")).toEqual(["20", "50"]);
    expect(presetsWithinRoom(["20", "50"], "5.00", "10")).toEqual([]);
    expect(presetsWithinRoom(["20", "50"], null, "10")).toEqual(["20", "50"]);
  });
});
