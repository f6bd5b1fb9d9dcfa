import { describe, expect, it } from "vitest";
import { capInCurrency } from "./jurisdiction.ts";

const GBP = { code: "GBP", rate: "1.27", subunitToUnit: "100" };

describe("a stake cap in the stake's currency", () => {
  it("converts through the rates and rounds down to the currency's subunit", () => {
    const band = { minAge: 18, amount: "2.00", currency: "GBP" };
    expect(capInCurrency(band, { code: "EUR", rate: "1.08", subunitToUnit: "100" }, GBP)).toBe("2.35");
    expect(capInCurrency(band, { code: "USD", rate: "1", subunitToUnit: "100" }, GBP)).toBe("2.54");
    expect(capInCurrency(band, { code: "BTC", rate: "64250.5", subunitToUnit: "100000000" }, GBP)).toBe("0.00003953");
    expect(capInCurrency(band, GBP, GBP)).toBe("2.00");
  });

  it("has no value when a rate is missing", () => {
    expect(capInCurrency({ minAge: 18, amount: "2.00", currency: "GBP" }, undefined, GBP)).toBeNull();
  });
});
