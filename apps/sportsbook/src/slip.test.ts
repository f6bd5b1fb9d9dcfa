import { describe, expect, it } from "vitest";
import { addDecimals, divideDecimal, multiplyDecimals } from "./decimal.ts";
import { availableKinds, hasRelatedSelections, potentialPayout, slipProblem, systemLineCount, toggleSelection, totalOdds, totalStake, type Selection } from "./slip.ts";

function selection(eventId: number, odds: string, outcomeId = "1", marketKey = "1|"): Selection {
  return { eventId, eventName: `Event ${eventId}`, marketKey, marketTypeId: 1, specifiers: "", outcomeId, outcomeName: outcomeId, odds, marketVersion: 1, locked: false };
}

describe("exact decimals", () => {
  it("multiplies and adds without floating-point error", () => {
    expect(multiplyDecimals(["0.1", "3"])).toBe("0.30");
    expect(multiplyDecimals(["1.10", "1.10", "1.10"])).toBe("1.33");
    expect(addDecimals(["0.1", "0.2"])).toBe("0.30");
    expect(divideDecimal("10", 3, 4)).toBe("3.3333");
  });
});

describe("the bet slip", () => {
  it("adds a price, takes it off on a second press, and replaces another outcome of the same market", () => {
    const home = selection(1, "2.10", "1");
    const draw = selection(1, "3.40", "X");
    let slip = toggleSelection([], home);
    expect(slip).toEqual([home]);
    slip = toggleSelection(slip, draw);
    expect(slip).toEqual([draw]);
    expect(toggleSelection(slip, draw)).toEqual([]);
  });

  it("offers singles, a multiple from two selections and systems from three", () => {
    expect(availableKinds(1)).toEqual([{ kind: "single" }]);
    expect(availableKinds(2)).toEqual([{ kind: "single" }, { kind: "multiple" }]);
    expect(availableKinds(4)).toEqual([{ kind: "single" }, { kind: "multiple" }, { kind: "system", systemSize: 2 }, { kind: "system", systemSize: 3 }]);
  });

  it("multiplies the prices of a multiple and pays stake times total odds", () => {
    const slip = [selection(1, "1.50"), selection(2, "2.00"), selection(3, "1.80")];
    expect(totalOdds(slip)).toBe("5.40");
    expect(potentialPayout(slip, { kind: "multiple" }, "10")).toBe("54.00");
  });

  it("pays singles per selection and counts their stake per selection", () => {
    const slip = [selection(1, "1.50"), selection(2, "2.00")];
    expect(potentialPayout(slip, { kind: "single" }, "10")).toBe("35.00");
    expect(totalStake(slip, { kind: "single" }, "10")).toBe("20.00");
  });

  it("shares a system bet's stake among its lines", () => {
    const slip = [selection(1, "2.00"), selection(2, "2.00"), selection(3, "2.00")];
    expect(systemLineCount(3, 2)).toBe(3);
    expect(systemLineCount(5, 3)).toBe(10);
    // 3 lines of 2 at 4.00 each, 10 / 3 staked on each.
    expect(potentialPayout(slip, { kind: "system", systemSize: 2 }, "10")).toBe("39.99");
  });

  it("refuses related selections in a multiple, locked selections and a missing stake", () => {
    const related = [selection(1, "1.50", "1"), selection(1, "1.90", "over", "18|total=2.5")];
    expect(hasRelatedSelections(related)).toBe(true);
    expect(slipProblem(related, { kind: "multiple" }, "5")).toBe("related");
    expect(slipProblem(related, { kind: "single" }, "5")).toBeNull();
    expect(slipProblem([{ ...selection(2, "1.50"), locked: true }], { kind: "single" }, "5")).toBe("locked");
    expect(slipProblem([selection(2, "1.50")], { kind: "single" }, "")).toBe("stake");
    expect(slipProblem([selection(2, "1.50")], { kind: "single" }, "0")).toBe("stake");
    expect(slipProblem([], { kind: "single" }, "5")).toBe("empty");
  });
});
