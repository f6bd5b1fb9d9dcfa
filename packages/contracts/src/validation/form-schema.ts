// zod schemas built from the same rules, so the server validates a request body and the client's
// react-hook-form (through a zod resolver) validates the form with ONE implementation: the zod
// layer only checks a field's type and then hands every value to validateForm.
//
// Each failed rule becomes a zod "custom" issue at the field's path whose message is the formatted
// text (English unless a catalogue is passed) and whose params carry the translation key, so a
// client can render it in the player's language:
//   { code: "custom", path: ["password"], message: "This field should be at least 8 characters long",
//     params: { rule: "min", key: "validations.minLength", params: { min: 8 } } }

import { z } from "zod";
import { FIELD_RULES, fieldValueKind, formFieldRules } from "./fields.ts";
import { VALIDATION_MESSAGES_EN, formatValidationMessage, type ValidationMessages } from "./messages.ts";
import { formatValidationIssue, validateForm, type FieldRules } from "./rules.ts";

type FlagFieldName = "agreements" | "receiveEmailPromo" | "receiveSmsPromo" | "receiveBonus";

/** What the parsed body holds per field: checkboxes become booleans, age a number, the rest strings. */
export type FieldOutput<Name extends string> = Name extends FlagFieldName ? boolean : Name extends "age" ? number : string;

/** Absent, null and omitted fields are all left out of the parsed value. */
export type FormValues<Name extends string> = { [Key in Name]?: FieldOutput<Key> };

export interface FormSchemaOptions {
  /** The catalogue for issue messages; English by default (see catalogues.ts for the others). */
  messages?: ValidationMessages;
  /** Reference day for dates and ages; the current day by default. */
  today?: unknown;
  /** Rules to start from; FIELD_RULES by default. */
  baseRules?: FieldRules;
}

const FLAG_INPUTS: readonly unknown[] = [true, false, 1, 0, "1", "0", "true", "false", "yes", "no", "on", "off"];
const TRUE_FLAGS: readonly unknown[] = [true, 1, "1", "true", "yes", "on"];
const INTEGER_TEXT = /^-?\d+$/;

function fieldSchema(field: string, messages: ValidationMessages): z.ZodType {
  switch (fieldValueKind(field)) {
    case "flag":
      return z
        .union([z.boolean(), z.enum(["1", "0", "true", "false", "yes", "no", "on", "off"]), z.literal([1, 0])], { error: messages.boolean })
        .nullish();
    case "number":
      return z.union([z.number(), z.string()], { error: messages.numeric }).nullish();
    case "text":
      return z.string({ error: messages.string }).nullish();
  }
}

/** The same test as fieldSchema, to skip the rules of a field whose type zod has already rejected. */
function hasFieldType(field: string, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (fieldValueKind(field)) {
    case "flag":
      return FLAG_INPUTS.includes(value);
    case "number":
      return typeof value === "number" || typeof value === "string";
    case "text":
      return typeof value === "string";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A zod object schema for the named fields: FIELD_RULES (or `baseRules`) plus "required" for the
 * fields the operator's list marks required. Unknown keys are dropped, as zod objects do.
 */
export function zodForFields<const Name extends string>(
  fieldNames: readonly Name[],
  requiredFields: Iterable<unknown> = [],
  options: FormSchemaOptions = {},
): z.ZodType<FormValues<Name>, Record<string, unknown>> {
  const messages = options.messages ?? VALIDATION_MESSAGES_EN;
  const names = [...new Set(fieldNames)].filter((name) => name !== "__proto__");
  const rules = formFieldRules(names, requiredFields, options.baseRules ?? FIELD_RULES);
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = fieldSchema(name, messages);

  const schema = z
    .object(shape)
    .superRefine(
      (values, context) => {
        const typedRules = Object.fromEntries(Object.entries(rules).filter(([name]) => hasFieldType(name, values[name])));
        const errors = validateForm(values, typedRules, { today: options.today });
        for (const [field, issues] of Object.entries(errors)) {
          for (const issue of issues) {
            context.addIssue({
              code: "custom",
              path: [field],
              message: formatValidationIssue(issue, messages),
              params: { rule: issue.rule, key: issue.key, params: issue.params },
              input: values[field],
            });
          }
        }
      },
      // Run even when a field had the wrong type, so one answer lists every field's problems.
      { when: (payload) => isRecord(payload.value) },
    )
    .transform((values, context) => {
      const output: Record<string, unknown> = {};
      for (const name of names) {
        const value = values[name];
        if (value === undefined || value === null) continue;
        const kind = fieldValueKind(name);
        if (kind === "flag") {
          output[name] = TRUE_FLAGS.includes(value);
        } else if (kind === "number" && typeof value === "string") {
          // The integer rule has passed for age; a custom baseRules without it must not yield NaN.
          if (!INTEGER_TEXT.test(value)) {
            context.addIssue({ code: "custom", path: [name], message: formatValidationMessage(messages.integer), input: value });
            return z.NEVER;
          }
          output[name] = Number(value);
        } else {
          output[name] = value;
        }
      }
      return output;
    });
  // The output type follows from the field names, which only exist at run time here.
  return schema as unknown as z.ZodType<FormValues<Name>, Record<string, unknown>>;
}
