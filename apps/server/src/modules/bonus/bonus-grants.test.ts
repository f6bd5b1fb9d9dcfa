import { describe, expect, it } from "vitest";
import { deviceFingerprint, networkOf } from "./bonus-claims.ts";
import { depositBonusAmount, minimumDeposit, percentRate, type RatedCurrencies } from "./bonus-grants.ts";

const RATED: RatedCurrencies = new Map([
  ["USD", { rate: "1", subunitToUnit: "100", isBase: true }],
  ["EUR", { rate: "1.08", subunitToUnit: "100", isBase: false }],
  ["JPY", { rate: "0.0067", subunitToUnit: "1", isBase: false }],
]);

describe("deposit bonus amounts", () => {
  it("turns a percent into its exact rate", () => {
    expect(["100", "50", "5", "12.5", "250"].map(percentRate)).toEqual(["1.00", "0.50", "0.05", "0.125", "2.50"]);
  });

  it("matches a percent of the deposit, rounded down to the currency and capped by the maximum", () => {
    const reward = { kind: "deposit" as const, percent: "12.5", maxAmount: { EUR: "100" }, trigger: { invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null } };
    expect(depositBonusAmount(reward, "EUR", "10.01", "100")).toBe("1.25");
    expect(depositBonusAmount(reward, "EUR", "5000", "100")).toBe("100.00");
    expect(depositBonusAmount(reward, "USD", "50", "100")).toBeNull();
  });

  it("takes the currency's own minimum, else the base minimum converted and rounded up", () => {
    const trigger = { invoiceAmountItems: [{ currency: "EUR", amountFrom: "15" }], baseCurrencyInvoiceAmountFrom: "20" };
    expect(minimumDeposit(trigger, "EUR", RATED)).toBe("15");
    expect(minimumDeposit(trigger, "JPY", RATED)).toBe("2986");
    expect(minimumDeposit({ invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null }, "JPY", RATED)).toBe("0");
  });
});

describe("claim fingerprints", () => {
  it("keeps the network of an address, not the address", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
  });

  it("gives one device the same fingerprint across addresses of its network, and none without a user agent or address", () => {
    const at = (ip: string) => deviceFingerprint({ userAgent: "Browser/1", ip });
    expect(at("203.0.113.5")).toBe(at("203.0.113.200"));
    expect(at("203.0.113.5")).not.toBe(at("198.51.100.5"));
    expect(at("203.0.113.5")).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceFingerprint({ userAgent: null, ip: null })).toBeNull();
  });
});
