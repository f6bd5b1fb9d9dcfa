// Request schemas are plain zod, and zod's own messages ("Invalid input: expected string,
// received undefined") are not the spec's. This error map gives every issue zod raises by itself
// the catalogue's message for the rule it broke: a missing value is "Value is required", a
// too-short text "This field should be at least {min} characters long", and so on. Messages a
// schema sets itself (zodForFields' rule messages) win over it, as zod ranks a schema's own
// error above a parse-time map. Pass it per parse: `schema.safeParse(value, { error: zodIssueMessage })`.

import type { z } from "zod";
import { VALIDATION_MESSAGES_EN, formatValidationMessage, type ValidationMessageName, type ValidationParams } from "./messages.ts";

/** The catalogue entry for an issue zod raised, with the values of its placeholders. */
export type CatalogueMessage = { name: ValidationMessageName; params: ValidationParams };

/** What the spec has for a value of the wrong shape when no rule names it. */
const GENERIC: CatalogueMessage = { name: "regex", params: {} };

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function message(name: ValidationMessageName, params: ValidationParams = {}): CatalogueMessage {
  return { name, params };
}

function typeMessage(expected: unknown): CatalogueMessage {
  switch (expected) {
    case "string":
      return message("string");
    case "int":
      return message("integer");
    case "number":
    case "bigint":
      return message("numeric");
    case "boolean":
      return message("boolean");
    case "array":
    case "tuple":
    case "set":
      return message("array");
    case "date":
      return message("date");
    default:
      return GENERIC;
  }
}

function formatMessage(format: unknown): CatalogueMessage {
  switch (format) {
    case "email":
      return message("email");
    case "url":
      return message("url");
    case "ipv4":
    case "ipv6":
    case "cidrv4":
    case "cidrv6":
      return message("ip");
    case "mac":
      return message("mac");
    case "date":
    case "datetime":
      return message("date");
    case "lowercase":
      return message("lowercase");
    case "uppercase":
      return message("uppercase");
    default:
      return GENERIC;
  }
}

function isIntegerFormat(schema: unknown): boolean {
  const internals = (schema as { _zod?: { def?: { format?: unknown }; bag?: { format?: unknown } } } | undefined)?._zod;
  const format = internals?.def?.format ?? internals?.bag?.format;
  return typeof format === "string" && /int/.test(format);
}

function bound(value: unknown): string | number {
  return typeof value === "number" || typeof value === "string" ? value : typeof value === "bigint" ? value.toString() : "?";
}

/** The catalogue entry for one raw zod issue; the generic invalid message for kinds no rule matches. */
export function catalogueMessageForZodIssue(issue: z.core.$ZodRawIssue): CatalogueMessage {
  switch (issue.code) {
    case "invalid_type":
      if (isMissing(issue.input)) return message("required");
      // z.int() reports text as "expected number"; its format says the field wants an integer.
      return typeMessage(issue.expected === "number" && isIntegerFormat(issue.inst) ? "int" : issue.expected);
    case "invalid_union": {
      if (isMissing(issue.input)) return message("required");
      // A discriminated union reports at the discriminator's path, with the whole object as input.
      const discriminator = (issue as { discriminator?: unknown }).discriminator;
      if (typeof discriminator === "string" && typeof issue.input === "object" && isMissing((issue.input as Record<string, unknown>)[discriminator])) {
        return message("required");
      }
      // The first alternative's complaint about the value itself ("must be true or false" for a
      // flag sent as 5). Its issues are finalised without their input, so the union's is given back.
      const first = issue.errors[0]?.[0];
      return first && first.path.length === 0 ? catalogueMessageForZodIssue({ ...first, input: issue.input } as z.core.$ZodRawIssue) : GENERIC;
    }
    case "too_small": {
      const min = bound(issue.minimum);
      switch (issue.origin) {
        case "string":
          // An empty text is a missing value, as the rules' "required" sees it.
          return Number(issue.minimum) <= 1 ? message("required") : message("minLength", { min });
        case "array":
        case "set":
          return Number(issue.minimum) <= 1 && Array.isArray(issue.input) && issue.input.length === 0 ? message("required") : message("minItems", { min });
        case "number":
        case "int":
        case "bigint":
          return message("minValue", { min });
        default:
          return GENERIC;
      }
    }
    case "too_big": {
      const max = bound(issue.maximum);
      switch (issue.origin) {
        case "string":
          return message("maxLength", { max });
        case "array":
        case "set":
          return message("maxItems", { max });
        case "number":
        case "int":
        case "bigint":
          return message("maxValue", { max });
        default:
          return GENERIC;
      }
    }
    case "invalid_format":
      return formatMessage(issue.format);
    case "not_multiple_of":
      return issue.divisor === 1 ? message("integer") : GENERIC;
    case "invalid_value":
      return isMissing(issue.input) ? message("required") : GENERIC;
    default:
      return GENERIC;
  }
}

/**
 * zod's `error` customisation: the English catalogue text of the issue. The server turns it into
 * the caller's language when it answers (localizeValidationMessage), as it does every field message.
 */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): string {
  const { name, params } = catalogueMessageForZodIssue(issue);
  return formatValidationMessage(VALIDATION_MESSAGES_EN[name], params);
}
