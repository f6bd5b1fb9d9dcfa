import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES_DE } from "./messages.de.ts";
import {
  ValidationRuleSchema,
  formatFormErrors,
  formatValidationIssue,
  validateForm,
  validateValue,
  type ValidationContext,
  type ValidationRule,
} from "./rules.ts";
import { characterCount } from "./rule-values.ts";

const TODAY = "2024-06-15";

interface RuleCase {
  rule: ValidationRule;
  valid: unknown[];
  invalid: unknown[];
  /** The message of the first invalid value, to pin which text the player sees. */
  message: string;
  context?: ValidationContext;
}

// One row per rule kind of spec 5. Empty values are covered separately below: they pass every
// rule except the ones that judge presence.
const CASES: Record<string, RuleCase> = {
  required: {
    rule: { rule: "required" },
    valid: ["a", " a ", 0, false, ["x"], {}],
    invalid: [undefined, null, "", "   ", "\n\t", []],
    message: "Value is required",
  },
  email: {
    rule: { rule: "email" },
    valid: ["player@example.com", "first.last+tag@sub.example.co.uk", "o'brien@example.ie", "x@пример.рф", "a@xn--p1ai.xn--p1ai"],
    invalid: ["plain", "@example.com", "a@", "a@example", "a@@example.com", "a b@example.com", "a..b@example.com", ".a@example.com", "a@-example.com", "a@example.c", `${"a".repeat(65)}@example.com`, `a@${"b".repeat(250)}.com`, 42],
    message: "Value is not a valid email address",
  },
  phone: {
    rule: { rule: "phone" },
    valid: ["+14155552671", "+55 11 98765-4321", "+7 912 345-67-89", "+98 912 345 6789", "+91 98765 43210", "+90 532 123 45 67", "+49 30 123456"],
    invalid: ["not a phone", "+1 800 FLOWERS", "+55 11 08765-4321", "+4901512345678", 14155552671],
    message: "The value is not a valid phone number",
  },
  url: {
    rule: { rule: "url" },
    valid: ["https://example.com", "http://example.com/path?q=1#top", "ftp://files.example.org", "http://localhost:3000", "http://127.0.0.1", "http://[::1]:8080/", "https://пример.рф/"],
    invalid: ["example.com", "http://", "http:example.com", "https://exa mple.com", "javascript:alert(1)", "mailto:a@example.com", "http://example", "https://-bad-.com", 5],
    message: "The value is not a valid URL address",
  },
  integer: {
    rule: { rule: "integer" },
    valid: ["0", "42", "-7", "007", "123456789012345678901234567890", 12, -3, 10n],
    invalid: ["1.5", "+1", "1e3", " 1", "--1", "-", "abc", "١٢", 1.5, Number.NaN, Number.POSITIVE_INFINITY, true],
    message: "Value is not an integer",
  },
  numeric: {
    rule: { rule: "numeric" },
    valid: ["1", "-1", "+1", "1.5", ".5", "5.", "1e3", "-2.5E-3", 0, -1.25],
    invalid: ["abc", "1,5", "1.2.3", "0x10", "Infinity", "e3", ".", Number.NaN, Number.POSITIVE_INFINITY, false],
    message: "Value must be numeric",
  },
  decimal: {
    rule: { rule: "decimal" },
    valid: ["1", "-1", "1.50", "-0.5", ".5", "-.5", 3.14],
    invalid: ["+1", "1.", "1e3", "1,5", "-", "abc", Number.NaN],
    message: "Value must be decimal",
  },
  "min (length)": {
    rule: { rule: "min", param: 8 },
    valid: ["12345678", "123456789", "पासवर्ड१२३४५", "😀😀😀😀😀😀😀😀"],
    invalid: ["1234567", "😀😀😀😀"],
    message: "This field should be at least 8 characters long",
  },
  "min (value)": {
    rule: { rule: "min", param: 18 },
    valid: [18, 18.5, 100],
    invalid: [17, 17.99, -18],
    message: "The minimum value allowed is 18",
  },
  "min (items)": {
    rule: { rule: "min", param: 2 },
    valid: [["a", "b"], [1, 2, 3]],
    invalid: [["a"]],
    message: "Choose at least 2 items",
  },
  "max (length)": {
    rule: { rule: "max", param: 5 },
    valid: ["12345", "abc", "ñandú"],
    invalid: ["123456", { length: 1 }],
    message: "The maximum length allowed is 5",
  },
  "max (value)": {
    rule: { rule: "max", param: 100 },
    valid: [100, -5, 99.99],
    invalid: [100.01, 1000],
    message: "The maximum value allowed is 100",
  },
  "between (value)": {
    rule: { rule: "between", param: { min: 1, max: 10 } },
    valid: [1, 5, 10],
    invalid: [0, 10.5, 11],
    message: "The value must be between 1 and 10",
  },
  "between (length)": {
    rule: { rule: "between", param: { min: 3, max: 5 } },
    valid: ["abc", "abcde"],
    invalid: ["ab", "abcdef"],
    message: "The value must be between 3 and 5 characters long",
  },
  regex: {
    rule: { rule: "regex", param: "^[A-Z]{3}\\d$" },
    valid: ["ABC1", "XYZ9"],
    invalid: ["abc1", "ABCD1", {}],
    message: "The value format is invalid",
  },
  "regex (with flags)": {
    rule: { rule: "regex", param: { pattern: "^abc$", flags: "gi" } },
    valid: ["ABC", "abc", "AbC"],
    invalid: ["abcd"],
    message: "The value format is invalid",
  },
  notRegex: {
    rule: { rule: "notRegex", param: "admin" },
    valid: ["player", "adm1n"],
    invalid: ["superadmin", "admin"],
    message: "The value format is invalid",
  },
  accepted: {
    rule: { rule: "accepted" },
    valid: ["yes", "on", "1", "true", 1, true],
    invalid: [undefined, null, "", "no", "off", "0", "false", 0, false, "YES!", 2],
    message: "This field must be accepted",
  },
  declined: {
    rule: { rule: "declined" },
    valid: ["no", "off", "0", "false", 0, false],
    invalid: [undefined, "", "yes", "on", "1", "true", 1, true],
    message: "This field must be declined",
  },
  date: {
    rule: { rule: "date" },
    valid: ["1000-01-01", "3000-12-31", "2024-02-29", "2000-02-29", "1999-12-31"],
    invalid: ["0999-12-31", "3001-01-01", "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-1", "24-01-01", "2024/01/01", "2024-01-01T00:00:00Z", new Date(2024, 0, 1), 20240101],
    message: "The value is not a valid date",
  },
  "dateEquals (literal)": {
    rule: { rule: "dateEquals", param: "2024-06-15" },
    valid: ["2024-06-15"],
    invalid: ["2024-06-14", "2024-06-16", "not a date"],
    message: "The date must be 2024-06-15",
  },
  "before (literal)": {
    rule: { rule: "before", param: "2024-06-15" },
    valid: ["2024-06-14", "1000-01-01"],
    invalid: ["2024-06-15", "2024-06-16"],
    message: "The date must be before 2024-06-15",
  },
  "after (today)": {
    rule: { rule: "after", param: "today" },
    valid: ["2024-06-16", "3000-01-01"],
    invalid: ["2024-06-15", "2024-06-14"],
    message: "The date must be after 2024-06-15",
    context: { today: TODAY },
  },
  "beforeOrEqual (field)": {
    rule: { rule: "beforeOrEqual", param: { field: "endDate" } },
    valid: ["2024-06-15", "2024-06-14"],
    invalid: ["2024-06-16"],
    message: "The date must be endDate or earlier",
    context: { values: { endDate: "2024-06-15" } },
  },
  "afterOrEqual (field)": {
    rule: { rule: "afterOrEqual", param: { field: "startDate" } },
    valid: ["2024-06-15", "2024-06-16"],
    invalid: ["2024-06-14"],
    message: "The date must be startDate or later",
    context: { values: { startDate: "2024-06-15" } },
  },
  "after (field missing)": {
    rule: { rule: "after", param: { field: "startDate" } },
    valid: [],
    invalid: ["2024-06-16"],
    message: "The date must be after startDate",
    context: { values: {} },
  },
  minAge: {
    rule: { rule: "minAge", param: 18 },
    valid: ["2006-06-15", "2006-06-14", "1950-01-01"],
    invalid: ["2006-06-16", "2010-01-01", "2030-01-01", "not a date"],
    message: "You must be at least 18 years old",
    context: { today: TODAY },
  },
  maxAge: {
    rule: { rule: "maxAge", param: 100 },
    valid: ["1923-06-16", "2000-01-01", "2024-06-15"],
    invalid: ["1923-06-15", "1900-01-01", "2024-06-16"],
    message: "You must be at most 100 years old",
    context: { today: TODAY },
  },
  alpha: {
    rule: { rule: "alpha" },
    valid: ["Anna", "Jürgen", "Мария", "मोहन", "नमस्ते", "مهسا", "علی\u200Cرضا", "Zoë", "e\u0301", "李"],
    invalid: ["Anna1", "Anna Maria", "O'Brien", "Jean-Luc", "\u200Cعلی", "١٢", "😀", 12],
    message: "The value is not alphabetical",
  },
  alphaNum: {
    rule: { rule: "alphaNum" },
    valid: ["Player1", "Игрок2024", "खिलाड़ी१", "بازیکن۱۲", 123],
    invalid: ["Player_1", "Player 1", "Player-1", "a.b"],
    message: "The value must be alpha-numeric",
  },
  alpha_dash: {
    rule: { rule: "alpha_dash" },
    valid: ["lucky_ace-7", "Игрок_1", "--__", "मोहन-१"],
    invalid: ["lucky ace", "ace!", "ace.7", "a@b"],
    message: "The value may only contain letters, digits, underscores and hyphens",
  },
  digits: {
    rule: { rule: "digits", param: 4 },
    valid: ["1234", "0000", 1234],
    invalid: ["123", "12345", "12a4", "-123", "12.3", "١٢٣٤", 12.34],
    message: "The value must be exactly 4 digits",
  },
  digits_between: {
    rule: { rule: "digits_between", param: { min: 4, max: 6 } },
    valid: ["1234", "123456", 12345],
    invalid: ["123", "1234567", "12 34"],
    message: "The value must be between 4 and 6 digits",
  },
  country: {
    rule: { rule: "country" },
    valid: ["BR", "DE", "IN"],
    invalid: ["br", "BRA", "B", "B1", "ÄB"],
    message: "The value is not a valid country code",
  },
  language: {
    rule: { rule: "language" },
    valid: ["en", "pt", "fa"],
    invalid: ["EN", "eng", "pt-br", "e"],
    message: "The value is not a valid language code",
  },
  lowercase: {
    rule: { rule: "lowercase" },
    valid: ["abc", "über", "привет", "abc123", "123"],
    invalid: ["Abc", "ÜBER", "Привет"],
    message: "The value must be lowercase",
  },
  uppercase: {
    rule: { rule: "uppercase" },
    valid: ["ABC", "ÜBER", "ПРИВЕТ", "ABC123"],
    invalid: ["Abc", "über"],
    message: "The value must be uppercase",
  },
  array: {
    rule: { rule: "array" },
    valid: [["a"], [1, 2]],
    invalid: ["a", { 0: "a" }, 1],
    message: "The value must be a list",
  },
  boolean: {
    rule: { rule: "boolean" },
    valid: [true, false, 1, 0, "1", "0", "true", "false"],
    invalid: ["yes", "on", 2, "TRUE", {}],
    message: "The value must be true or false",
  },
  string: {
    rule: { rule: "string" },
    valid: ["a", "   a"],
    invalid: [1, true, {}, ["a"]],
    message: "The value must be text",
  },
  ip: {
    rule: { rule: "ip" },
    valid: ["127.0.0.1", "255.255.255.255", "0.0.0.0", "::1", "::", "2001:db8::8a2e:370:7334", "2001:0db8:0000:0000:0000:ff00:0042:8329", "::ffff:192.0.2.128", "1:2:3:4:5:6:7::"],
    invalid: ["256.0.0.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "2001:db8::8a2e::7334", "12345::", "fe80::1%eth0", ":::", "1:2:3:4:5:6:7:8:9", "g::1"],
    message: "The value is not a valid IP address",
  },
  mac: {
    rule: { rule: "mac" },
    valid: ["01:23:45:67:89:ab", "01-23-45-67-89-AB", "0123.4567.89ab"],
    invalid: ["01:23:45:67:89", "01:23-45:67:89:ab", "01:23:45:67:89:gg", "0123456789ab", "01:23:45:67:89:ab:cd"],
    message: "The value is not a valid MAC Address",
  },
  cpf: {
    rule: { rule: "cpf" },
    valid: ["529.982.247-25", "52998224725", "111.444.777-35", "529982247-25"],
    invalid: ["529.982.247-24", "529.982.247-15", "111.111.111-11", "000.000.000-00", "99999999999", "5299822472", "529.982.247-255", "529/982/247-25", 52998224725],
    message: "The value is not a valid CPF number",
  },
  twoWords: {
    rule: { rule: "twoWords", param: 2 },
    valid: ["Ana Silva", "  Jean-Luc   Picard ", "Мария Иванова", "Ed Wu"],
    invalid: ["Ana", "Ana Maria Silva", "J Smith", "Ana S", 12],
    message: "Enter exactly two words, each at least 2 characters long",
  },
};

describe("every rule kind of spec 5 (table-driven)", () => {
  for (const [name, { rule, valid, invalid, message, context = {} }] of Object.entries(CASES)) {
    describe(name, () => {
      it.each(valid.map((value) => [value]))("accepts %o", (value) => {
        expect(validateValue(value, [rule], context)).toEqual([]);
      });
      it.each(invalid.map((value) => [value]))("rejects %o", (value) => {
        const issues = validateValue(value, [rule], context);
        expect(issues).toHaveLength(1);
        expect(issues[0]?.rule).toBe(rule.rule);
        expect(issues[0]?.key).toBe(`validations.${issues[0]?.message}`);
      });
      it(`says "${message}"`, () => {
        const [issue] = validateValue(invalid[0], [rule], context);
        expect(issue && formatValidationIssue(issue)).toBe(message);
      });
    });
  }
});

describe("empty values", () => {
  const EMPTY = [undefined, null, "", "  ", []];
  const PRESENCE_RULES = new Set(["required", "required_if", "accepted", "declined", "confirmed"]);
  const skipping = Object.values(CASES)
    .map((row) => row.rule)
    .filter((rule) => !PRESENCE_RULES.has(rule.rule));

  it.each(skipping.map((rule) => [rule.rule, rule]))("%s lets an empty value through (required decides presence)", (_name, rule) => {
    for (const value of EMPTY) expect(validateValue(value, [rule], { today: TODAY })).toEqual([]);
  });

  it("reports only 'required' for a missing value, not the other rules' complaints too", () => {
    const issues = validateValue(undefined, [{ rule: "required" }, { rule: "accepted" }]);
    expect(issues.map((issue) => issue.key)).toEqual(["validations.required"]);
  });
});

describe("rules that compare with another field", () => {
  const values = { password: "s3cret-pass", nickname: "ace", country: "BR", plan: "pro" };

  it.each([
    ["confirmed", { rule: "confirmed", param: "password" }, "s3cret-pass", "S3cret-pass"],
    ["sameAs", { rule: "sameAs", param: "password" }, "s3cret-pass", "other"],
    ["different", { rule: "different", param: "nickname" }, "king", "ace"],
  ] as const)("%s", (_name, rule, good, bad) => {
    expect(validateValue(good, [rule], { values })).toEqual([]);
    const [issue] = validateValue(bad, [rule], { values });
    expect(issue?.params).toEqual({ other: rule.param });
  });

  it("confirmed fails on an empty confirmation when the original is filled, passes when both are empty", () => {
    const rule: ValidationRule = { rule: "confirmed", param: "password" };
    expect(validateValue("", [rule], { values })).toHaveLength(1);
    expect(validateValue("", [rule], { values: { password: "" } })).toEqual([]);
  });

  it("sameAs lets an empty value through; required is what makes it mandatory", () => {
    expect(validateValue("", [{ rule: "sameAs", param: "password" }], { values })).toEqual([]);
  });

  it("treats '5' and 5 as the same value but never matches objects", () => {
    expect(validateValue("5", [{ rule: "sameAs", param: "n" }], { values: { n: 5 } })).toEqual([]);
    expect(validateValue({}, [{ rule: "sameAs", param: "n" }], { values: { n: {} } })).toHaveLength(1);
  });

  it("never reads inherited properties as fields", () => {
    expect(validateValue("x", [{ rule: "sameAs", param: "constructor" }], { values: {} })).toHaveLength(1);
    expect(validateValue("", [{ rule: "required_if", param: { field: "toString", value: "x" } }], { values: {} })).toEqual([]);
  });

  it("required_if requires the value only while the other field has one of the values", () => {
    const rule: ValidationRule = { rule: "required_if", param: { field: "country", value: ["BR", "PT"] } };
    expect(validateValue("", [rule], { values })).toMatchObject([{ key: "validations.required_if", params: { other: "country" } }]);
    expect(validateValue("123", [rule], { values })).toEqual([]);
    expect(validateValue("", [rule], { values: { country: "DE" } })).toEqual([]);
    expect(validateValue("", [{ rule: "required_if", param: { field: "plan", value: "pro" } }], { values })).toHaveLength(1);
    expect(validateValue(undefined, [{ rule: "required_if", param: { field: "age", value: 18 } }], { values: { age: "18" } })).toHaveLength(1);
  });

  it("phone reads national numbers with the country of another field", () => {
    const rule: ValidationRule = { rule: "phone", param: { field: "country" } };
    expect(validateValue("(11) 98765-4321", [rule], { values })).toEqual([]);
    expect(validateValue("(11) 98765-4321", [rule], { values: {} })).toMatchObject([{ key: "validations.phoneInvalidCountry" }]);
    expect(validateValue("030 123456", [{ rule: "phone", param: "DE" }])).toEqual([]);
  });

  it("phone names the problem: too short, too long, no country", () => {
    expect(validateValue("+1 415", [{ rule: "phone" }])[0]?.key).toBe("validations.phoneTooShort");
    expect(validateValue("+1 415 555 2671 1234 5678", [{ rule: "phone" }])[0]?.key).toBe("validations.phoneTooLong");
    expect(validateValue("4155552671", [{ rule: "phone" }])[0]?.key).toBe("validations.phoneInvalidCountry");
  });
});

describe("min, max and between on numeric strings", () => {
  it("compare the value when the field also has a number rule, else the length", () => {
    expect(validateValue("17", [{ rule: "integer" }, { rule: "min", param: 18 }])).toMatchObject([{ key: "validations.minValue" }]);
    expect(validateValue("18", [{ rule: "integer" }, { rule: "min", param: 18 }])).toEqual([]);
    expect(validateValue("17", [{ rule: "min", param: 18 }])).toMatchObject([{ key: "validations.minLength" }]);
    expect(validateValue("150", [{ rule: "numeric" }, { rule: "between", param: { min: 1, max: 100 } }])).toMatchObject([{ key: "validations.between" }]);
  });

  it("count code points, so an emoji is one character and not two UTF-16 units", () => {
    expect(characterCount("😀")).toBe(1);
    expect(characterCount("a😀b")).toBe(3);
    expect(characterCount("\uD800")).toBe(1);
  });
});

describe("minAge and maxAge boundaries", () => {
  it("turns 18 exactly on the 18th birthday", () => {
    const rule: ValidationRule = { rule: "minAge", param: 18 };
    expect(validateValue("2006-06-15", [rule], { today: "2024-06-15" })).toEqual([]);
    expect(validateValue("2006-06-15", [rule], { today: "2024-06-14" })).toHaveLength(1);
  });

  it("counts a 29 February birthday from 1 March in common years and on the day in leap years", () => {
    const rule: ValidationRule = { rule: "minAge", param: 18 };
    expect(validateValue("2000-02-29", [rule], { today: "2018-02-28" })).toHaveLength(1);
    expect(validateValue("2000-02-29", [{ rule: "minAge", param: 20 }], { today: "2020-02-29" })).toEqual([]);
    expect(validateValue("2000-02-29", [{ rule: "minAge", param: 20 }], { today: "2020-02-28" })).toHaveLength(1);
    expect(validateValue("2004-02-29", [rule], { today: "2022-02-28" })).toHaveLength(1);
    expect(validateValue("2004-02-29", [rule], { today: "2022-03-01" })).toEqual([]);
  });

  it("takes today as a Date too, and defaults to the current day", () => {
    const rule: ValidationRule = { rule: "minAge", param: 18 };
    expect(validateValue("2006-06-15", [rule], { today: new Date(2024, 5, 15, 12) })).toEqual([]);
    expect(validateValue("2006-06-15", [rule], { today: new Date(2024, 5, 14, 12) })).toHaveLength(1);
    expect(validateValue("1950-01-01", [rule])).toEqual([]);
    expect(validateValue("2999-01-01", [rule])).toHaveLength(1);
  });
});

describe("rule data", () => {
  it("round-trips through JSON and its schema", () => {
    const rules = Object.values(CASES).map((row) => row.rule);
    const parsed = JSON.parse(JSON.stringify(rules)) as unknown[];
    for (const rule of parsed) expect(ValidationRuleSchema.safeParse(rule).success).toBe(true);
    expect(ValidationRuleSchema.safeParse({ rule: "min" }).success).toBe(false);
    expect(ValidationRuleSchema.safeParse({ rule: "nope" }).success).toBe(false);
  });

  it("fails a value rather than skipping a check when the rule's data is unusable", () => {
    const broken = [
      { rule: "regex", param: "([" },
      { rule: "min", param: "eight" },
      { rule: "between", param: [1, 2] },
      { rule: "digits", param: null },
      { rule: "before", param: 42 },
      { rule: "minAge", param: "18" },
      { rule: "invented-rule" },
    ] as unknown as ValidationRule[];
    for (const rule of broken) expect(validateValue("value", [rule])).toHaveLength(1);
  });

  it("ignores entries that are not rules and answers [] for a non-list", () => {
    expect(validateValue("x", [null, 5, "required"] as unknown as ValidationRule[])).toEqual([]);
    expect(validateValue("", "required" as unknown as ValidationRule[])).toEqual([]);
  });
});

describe("validateForm", () => {
  it("maps each failing field to its issues and leaves valid fields out", () => {
    const errors = validateForm(
      { email: "nope", password: "short", nickname: "ok_name" },
      { email: [{ rule: "required" }, { rule: "email" }], password: [{ rule: "min", param: 8 }], nickname: [{ rule: "alpha_dash" }] },
    );
    expect(errors).toEqual({
      email: [{ rule: "email", message: "email", key: "validations.email", params: {} }],
      password: [{ rule: "min", message: "minLength", key: "validations.minLength", params: { min: 8 } }],
    });
  });

  it("formats errors for the API body, in English or another catalogue", () => {
    const errors = validateForm({ password: "short" }, { password: [{ rule: "min", param: 8 }] });
    expect(formatFormErrors(errors)).toEqual({ password: ["This field should be at least 8 characters long"] });
    expect(formatFormErrors(errors, VALIDATION_MESSAGES_DE)).toEqual({ password: ["Dieses Feld muss mindestens 8 Zeichen lang sein"] });
  });

  it("treats a non-object form as having no values", () => {
    expect(validateForm(null, { email: [{ rule: "required" }] })).toMatchObject({ email: [{ key: "validations.required" }] });
    expect(validateForm("text", { email: [{ rule: "email" }] })).toEqual({});
  });
});
