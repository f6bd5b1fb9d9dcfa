// The registration and profile form fields of spec 3 and the per-field rules of spec 5. The
// operator's field lists (GET /api/player/fields/validations?scenario=registration|profile) only
// add "required" on top of these; they never loosen them.

import type { FieldRules, ValidationRule } from "./rules.ts";

export const FORM_FIELD_NAMES = [
  "password",
  "password_confirmation",
  "currentPassword",
  "newPassword",
  "repeatNewPassword",
  "firstName",
  "lastName",
  "fullName",
  "nationality",
  "nickname",
  "gender",
  "city",
  "address",
  "additionalAddress",
  "postalCode",
  "timeZone",
  "profession",
  "language",
  "captcha",
  "bonusCode",
  "securityQuestion",
  "securityAnswer",
  "email",
  "country",
  "currency",
  "agreements",
  "receiveEmailPromo",
  "receiveSmsPromo",
  "receiveBonus",
  "phone",
  "birthdate",
  "placeOfBirth",
  "personalIdNumber",
  "message",
  "locale",
  "age",
  "cpf_number",
  "wallet_id",
] as const;

export type FormFieldName = (typeof FORM_FIELD_NAMES)[number];

export function isFormFieldName(value: unknown): value is FormFieldName {
  return FORM_FIELD_NAMES.includes(value as FormFieldName);
}

/** Spec 9's limits, named once so the rules and the UI hints agree. */
export const PASSWORD_MIN_LENGTH = 8;
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 24;
export const FULL_NAME_MAX_LENGTH = 30;
export const NAME_MIN_LENGTH = 2;
/** Spec 5 says "two words" without a per-word length; one letter would let "J K" through as a name. */
export const FULL_NAME_MIN_WORD_LENGTH = 2;

/**
 * Characters nobody sees: zero-width space, joiner and non-joiner, word joiner, BOM, soft hyphen,
 * Hangul fillers, variation selectors (Unicode's default-ignorable code points) and the other
 * format characters. Names may need them (a Persian name's non-joiner), but two nicknames that
 * differ only by them look identical, so a nickname takes none.
 */
export const INVISIBLE_CHARACTERS: { pattern: string; flags: string } = { pattern: "[\\p{Default_Ignorable_Code_Point}\\p{Cf}]", flags: "u" };

const NONE: readonly ValidationRule[] = [];

/** The per-field table of spec 5, exactly; fields the table does not name have no rules of their own. */
export const FIELD_RULES: Readonly<Record<FormFieldName, readonly ValidationRule[]>> = {
  password: [{ rule: "min", param: PASSWORD_MIN_LENGTH }],
  password_confirmation: [{ rule: "required" }, { rule: "confirmed", param: "password" }],
  currentPassword: [{ rule: "required" }],
  newPassword: [{ rule: "required" }, { rule: "min", param: PASSWORD_MIN_LENGTH }],
  repeatNewPassword: [{ rule: "required" }, { rule: "confirmed", param: "newPassword" }],
  firstName: [{ rule: "min", param: NAME_MIN_LENGTH }],
  lastName: [{ rule: "min", param: NAME_MIN_LENGTH }],
  fullName: [
    { rule: "twoWords", param: FULL_NAME_MIN_WORD_LENGTH },
    { rule: "max", param: FULL_NAME_MAX_LENGTH },
  ],
  nationality: NONE,
  nickname: [
    { rule: "alpha_dash" },
    { rule: "notRegex", param: INVISIBLE_CHARACTERS },
    { rule: "between", param: { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH } },
  ],
  gender: NONE,
  city: NONE,
  address: NONE,
  additionalAddress: NONE,
  postalCode: NONE,
  timeZone: NONE,
  profession: NONE,
  language: NONE,
  captcha: NONE,
  bonusCode: NONE,
  securityQuestion: NONE,
  securityAnswer: NONE,
  email: [{ rule: "email" }],
  country: NONE,
  currency: NONE,
  agreements: [{ rule: "accepted" }],
  receiveEmailPromo: NONE,
  receiveSmsPromo: NONE,
  receiveBonus: NONE,
  // The country picked in the same form reads numbers typed without "+" (e.g. "(11) 98765-4321").
  phone: [{ rule: "phone", param: { field: "country" } }],
  birthdate: [{ rule: "date" }],
  placeOfBirth: NONE,
  personalIdNumber: [{ rule: "min", param: NAME_MIN_LENGTH }],
  message: NONE,
  locale: NONE,
  age: [{ rule: "integer" }],
  cpf_number: [{ rule: "cpf" }],
  wallet_id: [{ rule: "required" }],
};

/**
 * What a field holds on the wire: text, a checkbox flag, or a number (age). The zod schemas use it
 * to type request bodies; checkboxes arrive as booleans from JSON and as "on"/"1" from HTML forms.
 */
export type FieldValueKind = "text" | "flag" | "number";

const FLAG_FIELDS: ReadonlySet<string> = new Set(["agreements", "receiveEmailPromo", "receiveSmsPromo", "receiveBonus"]);
const NUMBER_FIELDS: ReadonlySet<string> = new Set(["age"]);

export function fieldValueKind(field: string): FieldValueKind {
  if (FLAG_FIELDS.has(field)) return "flag";
  if (NUMBER_FIELDS.has(field)) return "number";
  return "text";
}

/** The rules of one field by name; names outside the form-field list have none. */
export function rulesForField(field: string, baseRules: FieldRules = FIELD_RULES): readonly ValidationRule[] {
  return Object.hasOwn(baseRules, field) ? (baseRules[field] ?? NONE) : NONE;
}

/**
 * The base rules plus "required" for every field the server lists as required, placed first so a
 * missing value reports "Value is required" before anything else. Returns a new object; fields the
 * server names that have no base rules get [required]. Names that are not strings are ignored.
 */
export function mergeRequiredFields(baseRules: FieldRules, serverRequiredFieldNames: Iterable<unknown>): FieldRules {
  const merged: Record<string, readonly ValidationRule[]> = { ...baseRules };
  const names = serverRequiredFieldNames !== null && typeof serverRequiredFieldNames === "object" && Symbol.iterator in serverRequiredFieldNames ? serverRequiredFieldNames : [];
  for (const name of names) {
    if (typeof name !== "string" || name === "" || name === "__proto__") continue;
    const current = rulesForField(name, merged);
    if (current.some((rule) => rule.rule === "required")) continue;
    merged[name] = [{ rule: "required" }, ...current];
  }
  return merged;
}

/**
 * The rules of one form: only the named fields (FIELD_RULES covers every field of every form, and
 * validating all of them would demand a wallet_id on the sign-in form), each with "required"
 * added when the server's list names it.
 */
export function formFieldRules(fieldNames: Iterable<string>, serverRequiredFieldNames: Iterable<unknown> = [], baseRules: FieldRules = FIELD_RULES): FieldRules {
  const merged = mergeRequiredFields(baseRules, serverRequiredFieldNames);
  const rules: Record<string, readonly ValidationRule[]> = {};
  for (const name of fieldNames) {
    if (typeof name === "string" && name !== "__proto__") rules[name] = rulesForField(name, merged);
  }
  return rules;
}
