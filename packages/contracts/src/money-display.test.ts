import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEquivalent, formatMoney, fromSubUnitDisplay, SUB_UNIT_DISPLAY_FACTOR, toSubUnitDisplay } from "./money-display.ts";
import { compareAmounts, fromMinorUnits, multiplyAmountByRate, normalizeAmount, type MoneyErrorCode, type Rounding, type SubunitToUnit } from "./money.ts";
import { BTC, decimalArbitrary, ETH, expectMoneyError, JPY, MBTC, precisionArbitrary, USD } from "./money-test-support.ts";

describe("toSubUnitDisplay and fromSubUnitDisplay", () => {
  it("uses a factor of 1000", () => {
    expect(SUB_UNIT_DISPLAY_FACTOR).toBe(1000);
  });

  it.each<[string, { code: string; subunitToUnit: SubunitToUnit }, string, string]>([
    ["0.00123456", BTC, "1.23456", "mBTC"],
    ["1", BTC, "1000.00000", "mBTC"],
    ["-0.00000001", BTC, "-0.00001", "mBTC"],
    ["0.000000000000000001", ETH, "0.000000000000001", "mETH"],
    ["12.5", ETH, "12500.000000000000000", "mETH"],
    ["12.34", USD, "12340", "mUSD"],
    ["7", JPY, "7000", "mJPY"],
    ["92233720368.54775808", BTC, "92233720368547.75808", "mBTC"],
  ])("%j of %o is %j %s", (amount, currency, subAmount, code) => {
    const shown = toSubUnitDisplay(amount, currency);
    expect(shown.amount).toBe(subAmount);
    expect(shown.code).toBe(code);
    expect(fromSubUnitDisplay(shown.amount, currency)).toBe(normalizeAmount(amount, currency.subunitToUnit));
  });

  it("reports the sub unit's precision", () => {
    expect(toSubUnitDisplay("1", BTC).subunitToUnit).toBe(10n ** 5n);
    expect(toSubUnitDisplay("1", ETH).subunitToUnit).toBe(10n ** 15n);
    expect(toSubUnitDisplay("1", USD).subunitToUnit).toBe(1n);
  });

  it("rejects bad input", () => {
    expectMoneyError(() => toSubUnitDisplay("0.000000001", BTC), "PRECISION_EXCEEDED");
    expectMoneyError(() => fromSubUnitDisplay("0.000001", BTC), "PRECISION_EXCEEDED");
    expectMoneyError(() => fromSubUnitDisplay("1", USD), "PRECISION_EXCEEDED"); // 0.001 USD
    expectMoneyError(() => toSubUnitDisplay("1", { code: "", subunitToUnit: 100 }), "INVALID_CURRENCY");
    expectMoneyError(() => toSubUnitDisplay("1", { code: "X", subunitToUnit: 5 }), "INVALID_SUBUNIT");
    expectMoneyError(() => toSubUnitDisplay("1e3", BTC), "INVALID_AMOUNT");
  });

  it("round-trips exactly", () => {
    fc.assert(
      fc.property(fc.bigInt(), precisionArbitrary, (minor, subunitToUnit) => {
        const currency = { code: "XYZ", subunitToUnit };
        const amount = fromMinorUnits(minor, subunitToUnit);
        const shown = toSubUnitDisplay(amount, currency);
        expect(fromSubUnitDisplay(shown.amount, currency)).toBe(amount);
        expect(compareAmounts(shown.amount, multiplyAmountByRate(amount, "1000", 10n ** 20n, "floor"))).toBe(0);
      }),
    );
  });
});

describe("formatMoney", () => {
  it.each<[string, Parameters<typeof formatMoney>[1], Parameters<typeof formatMoney>[2], string]>([
    ["1234.5", USD, undefined, "$1,234.50"],
    ["-1234.5", USD, undefined, "-$1,234.50"],
    ["-0", USD, undefined, "$0.00"],
    ["1234.5", USD, { display: "code" }, "1,234.50 USD"],
    ["1234.5", { code: "USD", subunitToUnit: 100 }, { display: "symbol" }, "1,234.50 USD"],
    // The locale decides where the symbol goes: after the number in German, before it in English.
    ["1234.5", USD, { locale: "de-DE" }, "1.234,50\u00a0$"],
    ["150", { code: "EUR", symbol: "€", subunitToUnit: 100 }, { locale: "de-DE" }, "150,00\u00a0€"],
    ["150", { code: "EUR", symbol: "€", subunitToUnit: 100 }, { locale: "en" }, "€150.00"],
    // The reference data's symbol as written, where Intl's own would be "$MX" or "US$".
    ["1234.5", { code: "MXN", symbol: "MX$", subunitToUnit: 100 }, { locale: "fa" }, "\u200eMX$۱٬۲۳۴٫۵۰"],
    ["1234.5", USD, { locale: "pt-BR" }, "$\u00a01.234,50"],
    // A symbol of letters is kept apart from the digits, as CLDR does for its own.
    ["1234.5", { code: "UZS", symbol: "soʻm", subunitToUnit: 100 }, { locale: "en" }, "soʻm\u00a01,234.50"],
    ["1234.5", { code: "USDT", symbol: "₮", subunitToUnit: 1000000 }, { locale: "de-DE" }, "1.234,500000\u00a0₮"],
    // Digits are the locale's own (Persian in Persian), the same in the integer and the fraction.
    ["0.00123456", BTC, { subCurrency: MBTC, locale: "fa" }, "۱٫۲۳۴۵۶ mBTC"],
    ["123456789012345678901234567890.12", USD, { locale: "de-DE" }, "123.456.789.012.345.678.901.234.567.890,12\u00a0$"],
    ["1234567.5", USD, { locale: "fr-FR", display: "code" }, "1\u202f234\u202f567,50 USD"],
    ["1234567.5", USD, { locale: "en-IN" }, "$12,34,567.50"],
    ["0.00000001", BTC, undefined, "₿0.00000001"],
    ["12345.678", BTC, { display: "code" }, "12,345.67800000 BTC"],
    ["0.00123456", BTC, { subCurrency: MBTC }, "1.23456 mBTC"],
    ["-1234.56789", BTC, { subCurrency: MBTC, locale: "de-DE" }, "-1.234.567,89000 mBTC"],
    ["1.000000000000000001", ETH, { display: "code" }, "1.000000000000000001 ETH"],
    ["0.000000000000000001", ETH, { subCurrency: { code: "mETH", subunitToUnit: 10n ** 15n } }, "0.000000000000001 mETH"],
    ["1234567", JPY, undefined, "¥1,234,567"],
    ["9007199254740993", JPY, { display: "code" }, "9,007,199,254,740,993 JPY"],
    ["90071992547409.93", USD, undefined, "$90,071,992,547,409.93"],
  ])("%j %o %o is %j", (amount, currency, options, formatted) => {
    expect(formatMoney(amount, currency, options)).toBe(formatted);
  });

  it.each<[string, Parameters<typeof formatMoney>[1], Parameters<typeof formatMoney>[2], MoneyErrorCode]>([
    ["1.005", USD, undefined, "PRECISION_EXCEEDED"],
    ["1e3", USD, undefined, "INVALID_AMOUNT"],
    ["1", { code: "USD", subunitToUnit: 3 }, undefined, "INVALID_SUBUNIT"],
    ["1", { code: "", subunitToUnit: 100 }, undefined, "INVALID_CURRENCY"],
    ["1", USD, { locale: "not a locale" }, "INVALID_LOCALE"],
    // 0.00000001 BTC is 0.00001 mBTC, which a 2-decimal sub unit cannot show
    ["0.00000001", BTC, { subCurrency: { code: "mBTC", subunitToUnit: 100 } }, "PRECISION_EXCEEDED"],
  ])("rejects %j %o %o with %s", (amount, currency, options, code) => {
    expectMoneyError(() => formatMoney(amount, currency, options), code);
  });

  const locales = ["en-US", "de-DE", "fr-FR", "en-IN", "de-CH", "es-ES", "ja-JP"] as const;
  const decimalSeparators: Record<(typeof locales)[number], string> = {
    "en-US": ".",
    "de-DE": ",",
    "fr-FR": ",",
    "en-IN": ".",
    "de-CH": ".",
    "es-ES": ",",
    "ja-JP": ".",
  };

  it("never shows an exponent or NaN and re-parses to the same digits", () => {
    fc.assert(
      fc.property(fc.bigInt(), precisionArbitrary, fc.constantFrom(...locales), (minor, subunitToUnit, locale) => {
        const amount = fromMinorUnits(minor, subunitToUnit);
        const formatted = formatMoney(amount, { code: "XYZ", subunitToUnit }, { locale, display: "code" });
        expect(formatted).not.toMatch(/e|NaN|Infinity|undefined/i);
        expect(formatted.endsWith(" XYZ")).toBe(true);
        const number = formatted.slice(0, -" XYZ".length);
        const decimalSeparator = decimalSeparators[locale];
        const reparsed = Array.from(number)
          .filter((char) => /[\d-]/.test(char) || char === decimalSeparator)
          .map((char) => (char === decimalSeparator ? "." : char))
          .join("");
        expect(reparsed).toBe(amount);
      }),
    );
  });
});

describe("formatEquivalent", () => {
  it.each<[string, Parameters<typeof formatEquivalent>[1], string]>([
    ["1234.5678", undefined, "1,234.57"],
    ["1234.565", undefined, "1,234.57"],
    ["1234.565", { rounding: "halfEven" }, "1,234.56"],
    ["1234.569", { rounding: "floor" }, "1,234.56"],
    ["-0.004", undefined, "0.00"],
    ["-1234.5", undefined, "-1,234.50"],
    ["7", undefined, "7.00"],
    ["0.00000001", { rounding: "ceil" }, "0.01"],
    ["1234.5", { locale: "de-DE" }, "1.234,50"],
    ["1234.5", { currency: { code: "USD", symbol: "$" } }, "$1,234.50"],
    ["-1234.5", { currency: { code: "USD", symbol: "$" }, display: "code" }, "-1,234.50 USD"],
    ["9007199254740993.125", undefined, "9,007,199,254,740,993.13"],
  ])("%j %o is %j", (amount, options, formatted) => {
    expect(formatEquivalent(amount, options)).toBe(formatted);
  });

  it("rejects bad input", () => {
    expectMoneyError(() => formatEquivalent("1e3"), "INVALID_AMOUNT");
    expectMoneyError(() => formatEquivalent("1", { rounding: "up" as Rounding }), "INVALID_ROUNDING");
    expectMoneyError(() => formatEquivalent("1", { locale: "not a locale" }), "INVALID_LOCALE");
    expectMoneyError(() => formatEquivalent("1", { currency: { code: "" } }), "INVALID_CURRENCY");
  });

  it("always has exactly two decimals", () => {
    fc.assert(
      fc.property(decimalArbitrary, (amount) => {
        expect(formatEquivalent(amount)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});
