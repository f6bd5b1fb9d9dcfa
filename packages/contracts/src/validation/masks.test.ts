import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyMask, digitValue, formatNumberInput, numberSeparators, parseNumberInput, toLatinDigits, unmask } from "./masks.ts";

describe("pattern masks", () => {
  it.each([
    ["1234567890", "(###) ###-####", "(123) 456-7890"],
    ["123", "(###) ###-####", "(123"],
    ["1234", "(###) ###-####", "(123) 4"],
    ["(123) 456-7890", "(###) ###-####", "(123) 456-7890"],
    ["123-456-7890 and more", "(###) ###-####", "(123) 456-7890"],
    ["abc", "(###)", ""],
    ["", "(###)", ""],
    ["12", "##/##", "12"],
    ["1225", "##/##", "12/25"],
    ["12/25", "##/##", "12/25"],
    ["AB12CD", "@@-##", "AB-12"],
    // A character its slot cannot take is dropped, not kept for a later slot.
    ["1A2B", "@@-##", "AB"],
    ["a1!b2", "***", "a1b"],
    ["Жд12", "@@ ##", "Жд 12"],
    ["۱۲۳۴۵۶۷۸۹۰۱", "###.###.###-##", "123.456.789-01"],
    ["९८७", "###", "987"],
    ["5", "\\#-#", "#-5"],
    ["4155552671", "+1 (###) ###-####", "+1 (415) 555-2671"],
    ["12345", "###%", "123%"],
    ["12", "###%", "12"],
  ])("applyMask(%o, %o) === %o", (value, mask, masked) => {
    expect(applyMask(value, mask)).toBe(masked);
  });

  it("unmasks to the characters that filled the slots", () => {
    expect(unmask("(123) 456-7890", "(###) ###-####")).toBe("1234567890");
    expect(unmask("529.982.247-25", "###.###.###-##")).toBe("52998224725");
    expect(unmask("AB-12", "@@-##")).toBe("AB12");
  });

  it("is idempotent: masking a masked value changes nothing", () => {
    const masks = fc.constantFrom("(###) ###-####", "##/##", "@@-##", "***-***", "###.###.###-##", "+1 (###)", "\\#-##");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), masks, (value, mask) => {
        const once = applyMask(value, mask);
        expect(applyMask(once, mask)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("reads digits of any script", () => {
    expect(toLatinDigits("۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩ ०१२३४५६७८९ ０１２")).toBe("0123456789 0123456789 0123456789 012");
    expect(digitValue("𝟕")).toBe(7);
    expect(digitValue("a")).toBeUndefined();
    expect(digitValue("Ⅷ")).toBeUndefined();
  });
});

describe("number masks", () => {
  it.each([
    ["1234567.891", { fractionDigits: 2, locale: "en" }, "1,234,567.89"],
    ["1234567,891", { fractionDigits: 2, locale: "de" }, "1.234.567,89"],
    // "." groups thousands in German, so it is not read as a decimal point there.
    ["1234567.891", { fractionDigits: 2, locale: "de" }, "1.234.567.891"],
    ["1234567,891", { fractionDigits: 2, locale: "pt-BR" }, "1.234.567,89"],
    ["1234567,5", { fractionDigits: 2, locale: "ru" }, "1\u00a0234\u00a0567,5"],
    ["1234567.5", { fractionDigits: 2, locale: "ru" }, "1\u00a0234\u00a0567,5"],
    ["1234567.5", { fractionDigits: 2, locale: "hi" }, "12,34,567.5"],
    ["1234567.5", { fractionDigits: 2, locale: "fa" }, "1,234,567.5"],
    ["۱٬۲۳۴٬۵۶۷٫۵", { fractionDigits: 2, locale: "fa" }, "1,234,567.5"],
    ["1234", { locale: "es" }, "1234"],
    ["12345", { locale: "es" }, "12.345"],
    ["1.234", { locale: "de" }, "1.234"],
    ["12.5", { locale: "en" }, "12"],
    ["-1234.5", { fractionDigits: 1 }, "-1,234.5"],
    ["-1234.5", { fractionDigits: 1, unsigned: true }, "1,234.5"],
    ["-", {}, "-"],
    ["-", { unsigned: true }, ""],
    ["", {}, ""],
    ["abc", {}, ""],
    ["12.", { fractionDigits: 2 }, "12."],
    ["12.50", { fractionDigits: 2 }, "12.50"],
    [".5", { fractionDigits: 2 }, "0.5"],
    ["007", {}, "7"],
    ["000", {}, "0"],
    ["12-3", {}, "123"],
    ["1,234,567.89", { fractionDigits: 2 }, "1,234,567.89"],
    ["99999999999999999999999.99", { fractionDigits: 2 }, "99,999,999,999,999,999,999,999.99"],
    ["1234", { locale: "not a locale!!" }, "1,234"],
  ])("formatNumberInput(%o, %o) === %o", (raw, options, shown) => {
    expect(formatNumberInput(raw, options)).toBe(shown);
  });

  it.each([
    ["1.234.567,89", { fractionDigits: 2, locale: "de" }, "1234567.89"],
    ["1,234,567.89", { fractionDigits: 2, locale: "en" }, "1234567.89"],
    ["12,34,567.5", { fractionDigits: 2, locale: "hi" }, "1234567.5"],
    ["-0.00", { fractionDigits: 2 }, "0.00"],
    ["-0", {}, "0"],
    ["-0.5", { fractionDigits: 2 }, "-0.5"],
    ["12.", { fractionDigits: 2 }, "12"],
    ["99999999999999999999999.99", { fractionDigits: 2 }, "99999999999999999999999.99"],
    ["-", {}, null],
    ["", {}, null],
  ])("parseNumberInput(%o, %o) === %o", (text, options, value) => {
    expect(parseNumberInput(text, options)).toBe(value);
  });

  it("never goes through a float: 0.1 + digits stay exact", () => {
    expect(parseNumberInput("0.1000000000000000055511151231257827", { fractionDigits: 40 })).toBe("0.1000000000000000055511151231257827");
  });

  const locales = ["en", "de", "es", "pt-BR", "ru", "tr", "hi", "fa", "fr", "de-CH", "en-IN", "pl"];

  it("groups integers exactly as Intl does for each locale", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(...locales), (value, locale) => {
        const expected = new Intl.NumberFormat(locale, { numberingSystem: "latn" }).format(value);
        expect(formatNumberInput(value.toString(), { locale })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("parse inverts format, and format is idempotent", () => {
    const raw = fc.string({ unit: fc.constantFrom(..."0123456789.,- ۱٫x"), maxLength: 30 });
    const options = fc.record({ fractionDigits: fc.integer({ min: 0, max: 6 }), locale: fc.constantFrom(...locales), unsigned: fc.boolean(), localeDigits: fc.boolean() });
    fc.assert(
      fc.property(raw, options, (text, settings) => {
        const shown = formatNumberInput(text, settings);
        expect(parseNumberInput(shown, settings)).toBe(parseNumberInput(text, settings));
        expect(formatNumberInput(shown, settings)).toBe(shown);
        const value = parseNumberInput(text, settings);
        if (value !== null) expect(value).toMatch(settings.unsigned ? /^\d+(\.\d+)?$/ : /^-?\d+(\.\d+)?$/);
      }),
      { numRuns: 1000 },
    );
  });

  it("writes a locale's own digits when asked, as Intl prints its amounts", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(...locales), (value, locale) => {
        expect(formatNumberInput(value.toString(), { locale, localeDigits: true })).toBe(new Intl.NumberFormat(locale).format(value));
      }),
      { numRuns: 500 },
    );
    expect(formatNumberInput("1234.5", { locale: "fa", fractionDigits: 2, localeDigits: true })).toBe("۱٬۲۳۴٫۵");
    // Typed on a Latin keyboard or a Persian one, the value sent is the same Latin decimal.
    expect(parseNumberInput("۱٬۲۳۴٫۵", { locale: "fa", fractionDigits: 2, localeDigits: true })).toBe("1234.5");
    expect(parseNumberInput("1,234.5", { locale: "fa", fractionDigits: 2, localeDigits: true })).toBe("1234.5");
  });

  it("learns separators and grouping from the locale", () => {
    expect(numberSeparators("de")).toMatchObject({ group: ".", decimal: "," });
    expect(numberSeparators("hi")).toMatchObject({ primaryGroupSize: 3, secondaryGroupSize: 2 });
    expect(numberSeparators("es")).toMatchObject({ minimumGroupingDigits: 2 });
  });
});
