// The validation rules of spec 5. A rule is plain data ({ rule: "min", param: 8 }) so the server
// can send a form's rules as JSON and operators can configure them; the same functions run in the
// browser (react-hook-form) and on the server (request schemas), so both give the same answer.
//
// Semantics that apply to every rule:
// - Empty values (undefined, null, a string of only whitespace, an empty list) pass every rule
//   except required, required_if, accepted, declined and confirmed; presence is required's job.
// - A rule never throws, whatever the value or the rule's own data: unusable rule data (a bad
//   regex, a min without a number) fails the value, because passing it would skip a check.
// - Letters are letters of any script: a name in Persian, Hindi or Russian is alphabetical.

import { z } from "zod";
import { cardExpiryProblem, isValidCardNumber } from "./cards.ts";
import { isValidCpf } from "./cpf.ts";
import { ageInYears, compareDates, formatDate, parseDate, resolveToday, type CalendarDate } from "./dates.ts";
import { isEmail, isIp, isMac, isUrl } from "./formats.ts";
import {
  VALIDATION_MESSAGES_EN,
  VALIDATION_MESSAGE_NAMES,
  formatValidationMessage,
  validationMessageKey,
  type ValidationMessageKey,
  type ValidationMessageName,
  type ValidationMessages,
  type ValidationParams,
} from "./messages.ts";
import { parsePhone } from "./phone.ts";
import {
  ACCEPTED_VALUES,
  ALPHA_DASH_PATTERN,
  ALPHA_NUM_PATTERN,
  asText,
  BETWEEN_MESSAGE,
  BOOLEAN_VALUES,
  characterCount,
  compiledPattern,
  DECLINED_VALUES,
  fieldValue,
  isAlpha,
  isDecimalValue,
  isEmptyValue,
  isFiniteNumber,
  isIntegerValue,
  isNumericValue,
  isRange,
  isRecord,
  MAX_MESSAGE,
  measure,
  MIN_MESSAGE,
  sameValue,
  textPasses,
} from "./rule-values.ts";

/** A date to compare with: "YYYY-MM-DD", "today", or another field of the same form. */
export type DateTarget = string | { field: string };

export type FlagValue = string | number | boolean;

export type ValidationRule =
  | {
      rule:
        | "required"
        | "email"
        | "url"
        | "integer"
        | "numeric"
        | "decimal"
        | "accepted"
        | "declined"
        | "date"
        | "alpha"
        | "alphaNum"
        | "alpha_dash"
        | "country"
        | "language"
        | "lowercase"
        | "uppercase"
        | "array"
        | "boolean"
        | "string"
        | "ip"
        | "mac"
        | "cpf"
        /** A payment card number: 12-19 digits with a valid Luhn check digit. */
        | "cardNumber"
        /** A card expiry "MM/YY": a real month that has not ended (the validation day is `today`). */
        | "cardExpiry";
    }
  /** param: the country of numbers typed without "+", as an ISO code or another field's value. */
  | { rule: "phone"; param?: string | { field: string } }
  /** min/max: the value of a number (or of a numeric string when a number rule is also present), else the length. */
  | { rule: "min" | "max"; param: number }
  | { rule: "between"; param: { min: number; max: number } }
  /** Exactly param digits 0-9. */
  | { rule: "digits"; param: number }
  | { rule: "digits_between"; param: { min: number; max: number } }
  /** A JavaScript regular expression source; flags g and y are ignored (they make test() stateful). */
  | { rule: "regex" | "notRegex"; param: string | { pattern: string; flags?: string } }
  /** param: the other field's name. */
  | { rule: "confirmed" | "different" | "sameAs"; param: string }
  | { rule: "dateEquals" | "before" | "after" | "beforeOrEqual" | "afterOrEqual"; param: DateTarget }
  /** Completed years since the value (a birthdate) until today. */
  | { rule: "minAge" | "maxAge"; param: number }
  /** Required when the other field equals the value (or one of the values). */
  | { rule: "required_if"; param: { field: string; value: FlagValue | readonly FlagValue[] } }
  /** Exactly two words separated by whitespace, each at least param characters (default 1). */
  | { rule: "twoWords"; param?: number };

export type RuleName = ValidationRule["rule"];

export type FieldRules = Readonly<Record<string, readonly ValidationRule[]>>;

/** One failed rule: the translation key of its message and the values for its placeholders. */
export interface ValidationIssue {
  rule: RuleName;
  message: ValidationMessageName;
  key: ValidationMessageKey;
  params: ValidationParams;
}

export type FormErrors = Record<string, ValidationIssue[]>;

export interface ValidationContext {
  /** The whole form, for rules that compare with another field. */
  values?: unknown;
  /** Reference day for dates and ages ("YYYY-MM-DD" or a Date); the current day by default. */
  today?: unknown;
}

// --- The rule data as a schema, for configuration and JSON from the server ------------------------

const fieldReference = z.object({ field: z.string().min(1) });
const range = z.object({ min: z.number(), max: z.number() });
const flagValue = z.union([z.string(), z.number(), z.boolean()]);

export const ValidationRuleSchema: z.ZodType<ValidationRule> = z.discriminatedUnion("rule", [
  z.object({
    rule: z.enum([
      "required",
      "email",
      "url",
      "integer",
      "numeric",
      "decimal",
      "accepted",
      "declined",
      "date",
      "alpha",
      "alphaNum",
      "alpha_dash",
      "country",
      "language",
      "lowercase",
      "uppercase",
      "array",
      "boolean",
      "string",
      "ip",
      "mac",
      "cpf",
      "cardNumber",
      "cardExpiry",
    ]),
  }),
  z.object({ rule: z.literal("phone"), param: z.union([z.string(), fieldReference]).optional() }),
  z.object({ rule: z.enum(["min", "max", "digits", "minAge", "maxAge"]), param: z.number() }),
  z.object({ rule: z.enum(["between", "digits_between"]), param: range }),
  z.object({ rule: z.enum(["regex", "notRegex"]), param: z.union([z.string(), z.object({ pattern: z.string(), flags: z.string().optional() })]) }),
  z.object({ rule: z.enum(["confirmed", "different", "sameAs"]), param: z.string().min(1) }),
  z.object({ rule: z.enum(["dateEquals", "before", "after", "beforeOrEqual", "afterOrEqual"]), param: z.union([z.string(), fieldReference]) }),
  z.object({ rule: z.literal("required_if"), param: z.object({ field: z.string().min(1), value: z.union([flagValue, z.array(flagValue)]) }) }),
  z.object({ rule: z.literal("twoWords"), param: z.number().optional() }),
]);

// --- Rule data helpers -------------------------------------------------------------------------

/** A date rule's target as a calendar date and how to name it in the message. */
function dateTarget(param: unknown, context: ValidationContext): { date: CalendarDate | undefined; label: string; field?: string } {
  if (param === "today") {
    const today = resolveToday(context.today);
    return { date: today, label: formatDate(today) };
  }
  if (typeof param === "string") return { date: parseDate(param), label: param };
  if (isRecord(param) && typeof param.field === "string") {
    return { date: parseDate(fieldValue(context.values, param.field)), label: param.field, field: param.field };
  }
  return { date: undefined, label: "" };
}

// --- The rules ----------------------------------------------------------------------------------

type RuleOutcome = true | { message: ValidationMessageName; params?: ValidationParams };

const fail = (message: ValidationMessageName, params?: ValidationParams): RuleOutcome => (params ? { message, params } : { message });
const check = (passes: boolean, message: ValidationMessageName, params?: ValidationParams): RuleOutcome =>
  passes ? true : fail(message, params);

/** Rules that judge an empty value instead of letting it through. */
const RULES_FOR_EMPTY_VALUES: ReadonlySet<string> = new Set(["required", "required_if", "accepted", "declined", "confirmed"]);
const NUMBER_RULES: ReadonlySet<string> = new Set(["integer", "numeric", "decimal"]);

function evaluate(rule: ValidationRule, value: unknown, context: ValidationContext, numericField: boolean): RuleOutcome {
  switch (rule.rule) {
    case "required":
      return check(!isEmptyValue(value), "required");
    case "required_if": {
      const param: unknown = rule.param;
      if (!isRecord(param) || typeof param.field !== "string") return fail("required_if");
      const other = fieldValue(context.values, param.field);
      const expected: readonly unknown[] = Array.isArray(param.value) ? param.value : [param.value];
      const applies = expected.some((candidate) => sameValue(other, candidate));
      return check(!applies || !isEmptyValue(value), "required_if", { other: param.field });
    }
    case "email":
      return check(isEmail(value), "email");
    case "phone": {
      const param: unknown = rule.param;
      const country = isRecord(param) ? fieldValue(context.values, param.field) : param;
      const parsed = parsePhone(value, isEmptyValue(country) ? undefined : country);
      if (parsed.ok) return true;
      if (parsed.error === "TOO_SHORT") return fail("phoneTooShort");
      if (parsed.error === "TOO_LONG") return fail("phoneTooLong");
      if (parsed.error === "INVALID_COUNTRY") return fail("phoneInvalidCountry");
      return fail("phone");
    }
    case "url":
      return check(isUrl(value), "url");
    case "integer":
      return check(isIntegerValue(value), "integer");
    case "numeric":
      return check(isNumericValue(value), "numeric");
    case "decimal":
      return check(isDecimalValue(value), "decimal");
    case "min": {
      const limit: unknown = rule.param;
      const size = measure(value, numericField);
      if (!isFiniteNumber(limit)) return fail("minLength", { min: String(limit) });
      if (!size) return fail("minLength", { min: limit });
      return check(size.size >= limit, MIN_MESSAGE[size.kind], { min: limit });
    }
    case "max": {
      const limit: unknown = rule.param;
      const size = measure(value, numericField);
      if (!isFiniteNumber(limit)) return fail("maxLength", { max: String(limit) });
      if (!size) return fail("maxLength", { max: limit });
      return check(size.size <= limit, MAX_MESSAGE[size.kind], { max: limit });
    }
    case "between": {
      const param: unknown = rule.param;
      if (!isRange(param)) return fail("between", { min: "?", max: "?" });
      const size = measure(value, numericField);
      const params = { min: param.min, max: param.max };
      if (!size) return fail("between", params);
      return check(size.size >= param.min && size.size <= param.max, BETWEEN_MESSAGE[size.kind], params);
    }
    case "regex": {
      const pattern = compiledPattern(rule.param);
      return check(pattern !== undefined && textPasses(value, pattern), "regex");
    }
    case "notRegex": {
      const pattern = compiledPattern(rule.param);
      const text = asText(value);
      return check(pattern !== undefined && text !== undefined && !pattern.test(text), "notRegex");
    }
    case "accepted":
      return check(ACCEPTED_VALUES.includes(value), "accepted");
    case "declined":
      return check(DECLINED_VALUES.includes(value), "declined");
    case "confirmed":
    case "sameAs":
    case "different": {
      const otherField: unknown = rule.param;
      if (typeof otherField !== "string") return fail(rule.rule, { other: "?" });
      const other = fieldValue(context.values, otherField);
      const params = { other: otherField };
      if (rule.rule === "different") return check(!sameValue(value, other), "different", params);
      // A confirmation is judged even when empty: a password typed once and not repeated is a mismatch.
      if (rule.rule === "confirmed" && isEmptyValue(value)) return check(isEmptyValue(other), "confirmed", params);
      return check(sameValue(value, other), rule.rule, params);
    }
    case "date":
      return check(parseDate(value) !== undefined, "date");
    case "dateEquals":
    case "before":
    case "after":
    case "beforeOrEqual":
    case "afterOrEqual": {
      const target = dateTarget(rule.param, context);
      const date = parseDate(value);
      const params: ValidationParams = target.field ? { other: target.label, otherField: target.field } : { other: target.label };
      if (!date || !target.date) return fail(rule.rule, params);
      const order = compareDates(date, target.date);
      const passes = {
        dateEquals: order === 0,
        before: order < 0,
        after: order > 0,
        beforeOrEqual: order <= 0,
        afterOrEqual: order >= 0,
      }[rule.rule];
      return check(passes, rule.rule, params);
    }
    case "minAge":
    case "maxAge": {
      const years: unknown = rule.param;
      const shown = typeof years === "number" ? years : String(years);
      const params: ValidationParams = rule.rule === "minAge" ? { min: shown } : { max: shown };
      const birthdate = parseDate(value);
      if (!birthdate || !isFiniteNumber(years)) return fail(rule.rule, params);
      const today = resolveToday(context.today);
      // A birthdate after today is no age at all, so it fails maxAge as well as minAge.
      if (compareDates(birthdate, today) > 0) return fail(rule.rule, params);
      const age = ageInYears(birthdate, today);
      return check(rule.rule === "minAge" ? age >= years : age <= years, rule.rule, params);
    }
    case "alpha":
      return check(isAlpha(value), "alpha");
    case "alphaNum":
      return check(textPasses(value, ALPHA_NUM_PATTERN), "alphaNum");
    case "alpha_dash":
      return check(textPasses(value, ALPHA_DASH_PATTERN), "alpha_dash");
    case "digits": {
      const count: unknown = rule.param;
      const text = asText(value);
      return check(isFiniteNumber(count) && text !== undefined && /^\d+$/.test(text) && text.length === count, "digits", {
        param: String(count),
      });
    }
    case "digits_between": {
      const param: unknown = rule.param;
      if (!isRange(param)) return fail("digits_between", { min: "?", max: "?" });
      const text = asText(value);
      const passes = text !== undefined && /^\d+$/.test(text) && text.length >= param.min && text.length <= param.max;
      return check(passes, "digits_between", { min: param.min, max: param.max });
    }
    case "country":
      return check(typeof value === "string" && /^[A-Z]{2}$/.test(value), "country");
    case "language":
      return check(typeof value === "string" && /^[a-z]{2}$/.test(value), "language");
    case "lowercase": {
      const text = asText(value);
      return check(text !== undefined && text === text.toLowerCase(), "lowercase");
    }
    case "uppercase": {
      const text = asText(value);
      return check(text !== undefined && text === text.toUpperCase(), "uppercase");
    }
    case "array":
      return check(Array.isArray(value), "array");
    case "boolean":
      return check(BOOLEAN_VALUES.includes(value), "boolean");
    case "string":
      return check(typeof value === "string", "string");
    case "ip":
      return check(isIp(value), "ip");
    case "mac":
      return check(isMac(value), "mac");
    case "cpf":
      return check(isValidCpf(value), "cpf");
    case "cardNumber":
      return check(isValidCardNumber(value), "cardNumber");
    case "cardExpiry": {
      const problem = cardExpiryProblem(value, resolveToday(context.today));
      return problem === null ? true : fail(problem === "expired" ? "cardExpired" : "cardExpiry");
    }
    case "twoWords": {
      const param: unknown = rule.param;
      const minWordLength = param === undefined ? 1 : param;
      const params = { min: String(minWordLength) };
      if (typeof value !== "string" || !isFiniteNumber(minWordLength)) return fail("twoWords", params);
      const words = value.trim().split(/\s+/u);
      return check(words.length === 2 && words.every((word) => characterCount(word) >= minWordLength), "twoWords", params);
    }
    default:
      // Rule data from JSON may name a rule this version does not know; failing is the safe answer.
      return fail(defaultMessage(String((rule as { rule: unknown }).rule)));
  }
}

const MESSAGE_NAMES: ReadonlySet<string> = new Set(VALIDATION_MESSAGE_NAMES);

/** The message a rule gives when it cannot say more: its own, or the length form for min and max. */
function defaultMessage(rule: string): ValidationMessageName {
  if (rule === "min") return "minLength";
  if (rule === "max") return "maxLength";
  return MESSAGE_NAMES.has(rule) ? (rule as ValidationMessageName) : "regex";
}

function issueFor(rule: RuleName, outcome: Exclude<RuleOutcome, true>): ValidationIssue {
  return { rule, message: outcome.message, key: validationMessageKey(outcome.message), params: outcome.params ?? {} };
}

/**
 * Every rule the value fails, in rule order (a form shows the first); after a failed required or
 * required_if nothing else is reported. `rules` may come straight from JSON: entries that are not
 * rule objects are skipped and a non-list gives no issues, never an exception.
 */
export function validateValue(value: unknown, rules: readonly ValidationRule[], context: ValidationContext = {}): ValidationIssue[] {
  if (!Array.isArray(rules)) return [];
  const ruleList: readonly unknown[] = rules;
  const safeContext: ValidationContext = isRecord(context) ? context : {};
  const numericField = ruleList.some((rule) => isRecord(rule) && NUMBER_RULES.has(String(rule.rule)));
  const empty = isEmptyValue(value);
  const issues: ValidationIssue[] = [];
  for (const candidate of ruleList) {
    if (!isRecord(candidate) || typeof candidate.rule !== "string") continue;
    const rule = candidate as ValidationRule;
    if (empty && !RULES_FOR_EMPTY_VALUES.has(rule.rule)) continue;
    let outcome: RuleOutcome;
    try {
      outcome = evaluate(rule, value, safeContext, numericField);
    } catch {
      // Only exotic values can get here (a Proxy, a getter that throws); they are not valid input.
      outcome = fail(defaultMessage(rule.rule));
    }
    if (outcome === true) continue;
    issues.push(issueFor(rule.rule, outcome));
    // A missing value has nothing more to report: "must be accepted" after "required" is noise.
    if (rule.rule === "required" || rule.rule === "required_if") break;
  }
  return issues;
}

/** `{ field: issues }` for the fields that fail; an empty object means the form is valid. */
export function validateForm(values: unknown, fieldRules: FieldRules, options: { today?: unknown } = {}): FormErrors {
  const errors: FormErrors = {};
  if (!isRecord(fieldRules)) return errors;
  const context: ValidationContext = { values, today: isRecord(options) ? options.today : undefined };
  for (const [field, rules] of Object.entries(fieldRules)) {
    const issues = validateValue(fieldValue(values, field), rules, context);
    if (issues.length > 0) errors[field] = issues;
  }
  return errors;
}

/** The issue as text, in English by default or in the given catalogue (see catalogues.ts). */
export function formatValidationIssue(issue: ValidationIssue, messages: ValidationMessages = VALIDATION_MESSAGES_EN): string {
  return formatValidationMessage(messages[issue.message] ?? VALIDATION_MESSAGES_EN[issue.message], issue.params);
}

/** Form errors as the API's error body wants them: field -> list of messages. */
export function formatFormErrors(errors: FormErrors, messages: ValidationMessages = VALIDATION_MESSAGES_EN): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, issues]) => [field, issues.map((issue) => formatValidationIssue(issue, messages))]));
}

