import { describe, expect, it } from "vitest";
import { countryCurrency } from "./form-data.ts";

const countries = [{ code: "DE", currency: "EUR" }, { code: "BR", currency: "BRL" }, { code: "JP", currency: "JPY" }, { code: "AQ" }];
const enabled = [{ code: "USD" }, { code: "EUR" }, { code: "BRL" }];

describe("countryCurrency", () => {
  it("suggests the country's own currency when the site offers it", () => {
    expect(countryCurrency("BR", countries, enabled)).toBe("BRL");
    expect(countryCurrency("DE", countries, enabled)).toBe("EUR");
  });

  it("suggests nothing for a currency the site does not offer, an unknown country or no choice yet", () => {
    expect(countryCurrency("JP", countries, enabled)).toBeNull();
    expect(countryCurrency("AQ", countries, enabled)).toBeNull();
    expect(countryCurrency("", countries, enabled)).toBeNull();
    expect(countryCurrency("BR", undefined, enabled)).toBeNull();
  });
});
