import { describe, expect, it } from "vitest";
import { formatAmount, formatEquivalentAmount, isolateLeftToRight, milliSubCurrency, type MoneyCurrency } from "./money-format.ts";

const fiat = (code: string, symbol: string): MoneyCurrency => ({ code, type: "fiat", symbol, subunitToUnit: "100", subCurrencies: [] });
const EUR = fiat("EUR", "€");
const BRL = fiat("BRL", "R$");
const BTC: MoneyCurrency = { code: "BTC", type: "crypto", symbol: "₿", subunitToUnit: "100000000", subCurrencies: [{ code: "mBTC", subunitToUnit: "100000" }] };
const USDT: MoneyCurrency = { code: "USDT", type: "crypto", symbol: "₮", subunitToUnit: "1000000", subCurrencies: [] };

const LRI = "\u2066";
const PDI = "\u2069";

describe("formatAmount", () => {
  it("writes amounts the way the page's language does", () => {
    expect(formatAmount("150", "EUR", EUR, "en")).toBe("€150.00");
    expect(formatAmount("150", "EUR", EUR, "de")).toBe("150,00\u00a0€");
    expect(formatAmount("1234.5", "BRL", BRL, "pt-br")).toBe("R$\u00a01.234,50");
    expect(formatAmount("1234.5", "EUR", EUR, "hi")).toBe("€1,234.50");
  });

  it("keeps every digit of an amount beyond a float's precision", () => {
    expect(formatAmount("90071992547409.93", "EUR", EUR, "de")).toBe("90.071.992.547.409,93\u00a0€");
    expect(formatAmount("123456789.12345678", "BTC", BTC, "en", { ownUnit: true })).toBe("123,456,789.12345678 BTC");
  });

  it("shows BTC in mBTC (spec 9) and other crypto with its code", () => {
    expect(milliSubCurrency(BTC)?.code).toBe("mBTC");
    expect(milliSubCurrency(EUR)).toBeNull();
    expect(formatAmount("0.00123456", "BTC", BTC, "en")).toBe("1.23456 mBTC");
    expect(formatAmount("0.00123456", "BTC", BTC, "de")).toBe("1,23456 mBTC");
    expect(formatAmount("12.5", "USDT", USDT, "en")).toBe("12.500000 USDT");
  });

  it("isolates each amount as one left-to-right run in a right-to-left page, with one digit system", () => {
    const brl = formatAmount("1234.5", "BRL", BRL, "fa");
    expect(brl.startsWith(LRI) && brl.endsWith(PDI)).toBe(true);
    // The operator's symbol stays whole and in front; the digits are the locale's (Persian) throughout.
    expect(brl).toContain("R$۱٬۲۳۴٫۵۰");
    expect(formatAmount("0.00123456", "BTC", BTC, "fa")).toBe(`${LRI}۱٫۲۳۴۵۶ mBTC${PDI}`);
    expect(isolateLeftToRight("R$1.00", "en")).toBe("R$1.00");
  });

  it("falls back to the exact string while the currency is unknown or the amount is odd", () => {
    expect(formatAmount("10.00", "XYZ", undefined, "en")).toBe("10.00 XYZ");
    expect(formatAmount("1.005", "EUR", EUR, "en")).toBe("1.005 EUR");
  });
});

describe("formatEquivalentAmount", () => {
  it("writes equivalents with 2 decimals in the currency's own symbol", () => {
    expect(formatEquivalentAmount("1234.567", "EUR", EUR, "en")).toBe("€1,234.57");
    expect(formatEquivalentAmount("1234.567", "EUR", EUR, "de")).toBe("1.234,57\u00a0€");
  });
});
