// Property test: no input of any type makes a validator, parser, mask or formatter throw. Forms
// send whatever a browser (or an attacker) puts in a request body, and the rules may come from
// operator JSON, so both the values and the rule data are generated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpfDigits, isValidCpf, normalizeCpf } from "./cpf.ts";
import { isValidDate, parseDate, resolveToday } from "./dates.ts";
import { FIELD_RULES, FORM_FIELD_NAMES, mergeRequiredFields } from "./fields.ts";
import { isEmail, isIp, isMac, isUrl } from "./formats.ts";
import { zodForFields } from "./form-schema.ts";
import { applyMask, formatNumberInput, parseNumberInput, unmask } from "./masks.ts";
import { VALIDATION_MESSAGES_EN, formatValidationMessage } from "./messages.ts";
import { parsePhone } from "./phone.ts";
import { formatValidationIssue, validateForm, validateValue, type ValidationRule } from "./rules.ts";
import { validationMessagesFor } from "./catalogues.ts";

const RULE_NAMES = [
  "required", "email", "phone", "url", "integer", "numeric", "decimal", "min", "max", "between", "regex", "notRegex",
  "accepted", "declined", "confirmed", "different", "sameAs", "date", "dateEquals", "before", "after", "beforeOrEqual",
  "afterOrEqual", "minAge", "maxAge", "alpha", "alphaNum", "alpha_dash", "digits", "digits_between", "country", "language",
  "lowercase", "uppercase", "array", "boolean", "string", "ip", "mac", "required_if", "cpf", "twoWords", "unknown-rule",
] as const;

/** Every kind of JavaScript value, including unicode strings, huge strings, sparse arrays, null prototypes. */
const anyValue = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    stringUnit: "binary",
  }),
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, Number.MAX_VALUE, "", " ", "\u0000", "__proto__", "constructor", "+", "-", "٫"),
);

/** Pasted megabytes: run once each against every function below rather than thousands of times. */
const HUGE_VALUES = ["9".repeat(200_000), "😀".repeat(50_000), "+1".repeat(10_000), "a".repeat(100_000) + "@example.com", `${"1".repeat(9)}-`.repeat(20_000)];

const anyRule = fc.record({ rule: fc.constantFrom(...RULE_NAMES), param: anyValue }, { requiredKeys: ["rule"] });
const plausibleRule = fc.oneof(
  fc.constantFrom<ValidationRule>(
    { rule: "regex", param: "^a+$" },
    { rule: "min", param: 3 },
    { rule: "between", param: { min: 1, max: 5 } },
    { rule: "phone", param: { field: "country" } },
    { rule: "before", param: { field: "other" } },
    { rule: "minAge", param: 18 },
    { rule: "required_if", param: { field: "other", value: ["a", 1, true] } },
    { rule: "confirmed", param: "other" },
    { rule: "twoWords", param: 2 },
  ),
  anyRule as fc.Arbitrary<unknown> as fc.Arbitrary<ValidationRule>,
);

// Generous: thousands of generated cases run well under this, but a loaded CI machine is slower.
describe("nothing throws, whatever the input", { timeout: 60_000 }, () => {
  it("validateValue, for every rule, any value, any rule data and any context", () => {
    fc.assert(
      fc.property(anyValue, fc.array(plausibleRule, { maxLength: 4 }), anyValue, anyValue, (value, rules, values, today) => {
        const issues = validateValue(value, rules, { values, today });
        expect(Array.isArray(issues)).toBe(true);
        for (const issue of issues) expect(typeof formatValidationIssue(issue)).toBe("string");
      }),
      { numRuns: 2000 },
    );
  });

  it("validateValue with arguments that are not what the types say", () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (value, rules, context) => {
        expect(Array.isArray(validateValue(value, rules as ValidationRule[], context as never))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("validateForm and mergeRequiredFields over the real field table", () => {
    const form = fc.dictionary(fc.constantFrom(...FORM_FIELD_NAMES, "__proto__", "constructor"), anyValue, { maxKeys: 12 });
    fc.assert(
      fc.property(fc.oneof(form, anyValue), fc.array(anyValue, { maxLength: 5 }), anyValue, (values, required, today) => {
        const rules = mergeRequiredFields(FIELD_RULES, required);
        expect(typeof validateForm(values, rules, { today })).toBe("object");
      }),
      { numRuns: 1000 },
    );
  });

  it("the zod schemas return a result instead of throwing", () => {
    const schema = zodForFields(FORM_FIELD_NAMES, ["email", "agreements", "age"]);
    const form = fc.dictionary(fc.constantFrom(...FORM_FIELD_NAMES), anyValue, { maxKeys: 12 });
    fc.assert(
      fc.property(fc.oneof(form, anyValue), (body) => {
        expect(typeof schema.safeParse(body).success).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });

  it("the parsers and format checks", () => {
    fc.assert(
      fc.property(anyValue, anyValue, (value, other) => {
        const phone = parsePhone(value, other);
        expect(typeof phone.ok).toBe("boolean");
        for (const check of [isEmail, isUrl, isIp, isMac, isValidCpf, isValidDate]) expect(typeof check(value)).toBe("boolean");
        cpfDigits(value);
        normalizeCpf(value);
        parseDate(value);
        resolveToday(value);
        validationMessagesFor(value);
      }),
      { numRuns: 1000 },
    );
  });

  it("masks, number inputs and message formatting", () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (value, mask, options) => {
        expect(typeof applyMask(value, mask)).toBe("string");
        expect(typeof unmask(value, mask)).toBe("string");
        expect(typeof formatNumberInput(value, options as never)).toBe("string");
        const parsed = parseNumberInput(value, options as never);
        expect(parsed === null || typeof parsed === "string").toBe(true);
        expect(typeof formatValidationMessage(value as string, options as never)).toBe("string");
        expect(typeof formatValidationMessage(VALIDATION_MESSAGES_EN.between, mask as never)).toBe("string");
      }),
      { numRuns: 1000 },
    );
  });

  it("huge strings, as values, masks, locales and rule data", () => {
    const rules = RULE_NAMES.map((rule) => ({ rule, param: 3 }) as unknown as ValidationRule);
    const schema = zodForFields(FORM_FIELD_NAMES, ["email"]);
    for (const huge of HUGE_VALUES) {
      for (const rule of rules) expect(Array.isArray(validateValue(huge, [rule], { values: { other: huge } }))).toBe(true);
      expect(validateValue("x", [{ rule: "regex", param: huge }, { rule: "sameAs", param: huge }])).toHaveLength(2);
      expect(schema.safeParse(Object.fromEntries(FORM_FIELD_NAMES.map((name) => [name, huge]))).success).toBe(false);
      expect(parsePhone(huge)).toEqual({ ok: false, error: "TOO_LONG" });
      for (const check of [isEmail, isUrl, isIp, isMac, isValidCpf, isValidDate]) expect(check(huge)).toBe(false);
      expect(typeof applyMask(huge, huge)).toBe("string");
      expect(typeof unmask(huge, "###-###")).toBe("string");
      expect(typeof formatNumberInput(huge, { locale: huge, fractionDigits: 2 })).toBe("string");
      const parsed = parseNumberInput(huge, { locale: huge });
      expect(parsed === null || /^-?\d+$/.test(parsed)).toBe(true);
      expect(typeof formatValidationMessage(huge, { min: huge })).toBe("string");
    }
  });

  it("number inputs with any locale string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }), fc.integer({ min: -5, max: 200 }), (raw, locale, fractionDigits) => {
        expect(typeof formatNumberInput(raw, { locale, fractionDigits })).toBe("string");
      }),
      { numRuns: 500 },
    );
  });
});
