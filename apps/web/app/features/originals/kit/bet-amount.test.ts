import { describe, expect, it } from "vitest";
import { amountProblem, doubleAmount, halveAmount, maxAmount, minAmount, parseAmountInput } from "./bet-amount.ts";

const USD = { min: "0.10", max: "1000.00" };
const BTC = { min: "0.000002", max: "0.02" };

describe("the bet amount's buttons", () => {
  it("halves down to the currency's smallest unit and never below the minimum stake", () => {
    expect(halveAmount("10.00", USD, "100")).toBe("5.00");
    expect(halveAmount("0.25", USD, "100")).toBe("0.12");
    expect(halveAmount("0.15", USD, "100")).toBe("0.10");
    expect(halveAmount("0.000005", BTC, "100000000")).toBe("0.00000250");
  });

  it("doubles up to the maximum stake, and starts from the minimum when the field holds no amount", () => {
    expect(doubleAmount("2.50", USD, "100")).toBe("5.00");
    expect(doubleAmount("600.00", USD, "100")).toBe("1000.00");
    expect(doubleAmount("", USD, "100")).toBe("0.10");
    expect(doubleAmount("abc", USD, "100")).toBe("0.10");
  });

  it("offers the maximum stake, or the whole balance when it is smaller", () => {
    expect(minAmount(USD, "100")).toBe("0.10");
    expect(maxAmount(USD, "5000.00", "100")).toBe("1000.00");
    expect(maxAmount(USD, "42.5000", "100")).toBe("42.50");
    expect(maxAmount(USD, null, "100")).toBe("1000.00");
  });
});

describe("an amount the player typed", () => {
  it("is read as an exact decimal string, a comma as the separator too, within the currency's decimals", () => {
    expect(parseAmountInput("1,5", "100")).toBe("1.50");
    expect(parseAmountInput(" 2 ", "100")).toBe("2.00");
    expect(parseAmountInput(".5", "100")).toBe("0.50");
    expect(parseAmountInput("1.505", "100")).toBeNull();
    expect(parseAmountInput("1e3", "100")).toBeNull();
    expect(parseAmountInput("-1", "100")).toBeNull();
  });

  it("says why it cannot be played: not an amount, outside the stake bounds, or over the balance", () => {
    expect(amountProblem("0", USD, "10.00", "100")).toBe("format");
    expect(amountProblem("0.05", USD, "10.00", "100")).toBe("belowMin");
    expect(amountProblem("1000.01", USD, "5000.00", "100")).toBe("aboveMax");
    expect(amountProblem("20.00", USD, "10.00", "100")).toBe("overBalance");
    expect(amountProblem("10.00", USD, "10.00", "100")).toBeNull();
    expect(amountProblem("10.00", null, null, "100")).toBeNull();
  });
});
