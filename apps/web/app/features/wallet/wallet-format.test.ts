import { describe, expect, it } from "vitest";
import type { WalletCurrency } from "./wallet-format.ts";
import { amountInputText, checkAmount, entryUnitOf, toEntryAmount } from "./wallet-format.ts";

const USD: WalletCurrency = { code: "USD", type: "fiat", symbol: "$", subunitToUnit: "100", subCurrencies: [] };
const BTC: WalletCurrency = { code: "BTC", type: "crypto", symbol: "₿", subunitToUnit: "100000000", subCurrencies: [{ code: "mBTC", subunitToUnit: "100000" }] };

describe("wallet amounts", () => {
  it("types crypto in the milli unit and sends the currency's own unit", () => {
    expect(entryUnitOf(BTC)).toEqual({ code: "mBTC", decimals: 5 });
    expect(toEntryAmount("0.5", BTC)).toBe("500");
    expect(checkAmount("1.5", BTC, "en", {})).toEqual({ ok: true, amount: "0.00150000" });
  });

  it("reads the page's separators and writes presets in them", () => {
    expect(checkAmount("1.234,5", USD, "de", {})).toEqual({ ok: true, amount: "1234.50" });
    expect(amountInputText("1234.5", USD, "de")).toBe("1.234,5");
    expect(amountInputText("0.0025", BTC, "en")).toBe("2.5");
  });

  it("refuses empty, zero and out-of-range amounts with the reason", () => {
    expect(checkAmount("", USD, "en", {})).toEqual({ ok: false, problem: { kind: "required" } });
    expect(checkAmount("abc", USD, "en", {})).toEqual({ ok: false, problem: { kind: "format" } });
    expect(checkAmount("0", USD, "en", {})).toEqual({ ok: false, problem: { kind: "positive" } });
    expect(checkAmount("5", USD, "en", { min: "10.00", max: "100.00" })).toEqual({ ok: false, problem: { kind: "min", min: "10.00" } });
    expect(checkAmount("100.01", USD, "en", { min: "10.00", max: "100.00" })).toEqual({ ok: false, problem: { kind: "max", max: "100.00" } });
    expect(checkAmount("50", USD, "en", { available: "49.99" })).toEqual({ ok: false, problem: { kind: "balance", available: "49.99" } });
    expect(checkAmount("100", USD, "en", { min: "10", max: "100", available: "100" })).toEqual({ ok: true, amount: "100.00" });
  });

  it("reads Persian digits", () => {
    expect(checkAmount("۱۲٫۵", USD, "fa", {})).toEqual({ ok: true, amount: "12.50" });
  });
});
