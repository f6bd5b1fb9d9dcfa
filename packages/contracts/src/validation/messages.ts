// The validation message catalogue. Every failed rule names one of these entries; clients look it
// up under `validations.{name}` in their translations, the server formats it for error bodies.
// Placeholders are single-brace (`{min}`), as the spec writes them; `formatValidationMessage`
// fills them, so the catalogue can also be handed to i18next after converting to its syntax.

/** The names of every message, i.e. the `{validator}` part of `validations.{validator}`. */
export const VALIDATION_MESSAGE_NAMES = [
  "required",
  "required_if",
  "email",
  "phone",
  "phoneTooShort",
  "phoneTooLong",
  "phoneInvalidCountry",
  "url",
  "integer",
  "numeric",
  "decimal",
  "minLength",
  "maxLength",
  "minValue",
  "maxValue",
  "minItems",
  "maxItems",
  "between",
  "betweenLength",
  "betweenItems",
  "regex",
  "notRegex",
  "accepted",
  "declined",
  "confirmed",
  "different",
  "sameAs",
  "date",
  "dateEquals",
  "before",
  "after",
  "beforeOrEqual",
  "afterOrEqual",
  "minAge",
  "maxAge",
  "alpha",
  "alphaNum",
  "alpha_dash",
  "digits",
  "digits_between",
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
  "twoWords",
  "cardNumber",
  "cardExpiry",
  "cardExpired",
  "stakeCap",
  "stakeCapBelowMinimum",
] as const;

export type ValidationMessageName = (typeof VALIDATION_MESSAGE_NAMES)[number];

/** A complete catalogue: the type makes a translation that misses a key fail to compile. */
export type ValidationMessages = Readonly<Record<ValidationMessageName, string>>;

/** The translation key a client looks up, e.g. `validations.minLength`. */
export type ValidationMessageKey = `validations.${ValidationMessageName}`;

export type ValidationParams = Readonly<Record<string, string | number>>;

export function validationMessageKey(name: ValidationMessageName): ValidationMessageKey {
  return `validations.${name}`;
}

/**
 * English. The sixteen standard messages of spec 5 are verbatim (required, email, url, alpha,
 * alphaNum, numeric, between, maxLength, minLength, minValue, maxValue, sameAs, ip, mac, integer,
 * decimal); the rest are ours, written in the same plain voice.
 */
export const VALIDATION_MESSAGES_EN = {
  required: "Value is required",
  required_if: "Value is required",
  email: "Value is not a valid email address",
  phone: "The value is not a valid phone number",
  phoneTooShort: "The phone number is too short",
  phoneTooLong: "The phone number is too long",
  phoneInvalidCountry: "The phone number needs a valid country code, such as +44",
  url: "The value is not a valid URL address",
  integer: "Value is not an integer",
  numeric: "Value must be numeric",
  decimal: "Value must be decimal",
  minLength: "This field should be at least {min} characters long",
  maxLength: "The maximum length allowed is {max}",
  minValue: "The minimum value allowed is {min}",
  maxValue: "The maximum value allowed is {max}",
  minItems: "Choose at least {min} items",
  maxItems: "Choose at most {max} items",
  between: "The value must be between {min} and {max}",
  betweenLength: "The value must be between {min} and {max} characters long",
  betweenItems: "Choose between {min} and {max} items",
  regex: "The value format is invalid",
  notRegex: "The value format is invalid",
  accepted: "This field must be accepted",
  declined: "This field must be declined",
  confirmed: "The value must be equal to the {other} value",
  different: "The value must be different from the {other} value",
  sameAs: "The value must be equal to the {other} value",
  date: "The value is not a valid date",
  dateEquals: "The date must be {other}",
  before: "The date must be before {other}",
  after: "The date must be after {other}",
  beforeOrEqual: "The date must be {other} or earlier",
  afterOrEqual: "The date must be {other} or later",
  minAge: "You must be at least {min} years old",
  maxAge: "You must be at most {max} years old",
  alpha: "The value is not alphabetical",
  alphaNum: "The value must be alpha-numeric",
  alpha_dash: "The value may only contain letters, digits, underscores and hyphens",
  digits: "The value must be exactly {param} digits",
  digits_between: "The value must be between {min} and {max} digits",
  country: "The value is not a valid country code",
  language: "The value is not a valid language code",
  lowercase: "The value must be lowercase",
  uppercase: "The value must be uppercase",
  array: "The value must be a list",
  boolean: "The value must be true or false",
  string: "The value must be text",
  ip: "The value is not a valid IP address",
  mac: "The value is not a valid MAC Address",
  cpf: "The value is not a valid CPF number",
  twoWords: "Enter exactly two words, each at least {min} characters long",
  cardNumber: "The card number is not valid",
  cardExpiry: "Enter the expiry date as MM/YY",
  cardExpired: "The card has expired",
  stakeCap: "The stake is over the {amount} limit per spin for your country",
  stakeCapBelowMinimum: "Stakes in your country are capped at {amount} per spin, below this game's smallest stake of {min}",
} as const satisfies ValidationMessages;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills `{name}` placeholders from params. A placeholder without a param stays as written, so a
 * missing param is visible in the UI instead of turning into "undefined" or an empty gap.
 */
export function formatValidationMessage(template: string, params: ValidationParams = {}): string {
  if (typeof template !== "string") return "";
  const values: ValidationParams = typeof params === "object" && params !== null ? params : {};
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === "string" || typeof value === "number" ? String(value) : placeholder;
  });
}

/** The placeholder names a template uses, e.g. ["min", "max"]; the translations must keep them. */
export function messagePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").sort();
}
