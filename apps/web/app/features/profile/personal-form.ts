// The personal details form as data: which of the operator's profile fields it shows, the values
// it starts from, and the changes it sends.
import { EDITABLE_PROFILE_FIELDS, type EditableProfileField, type Profile } from "@playfair/contracts/player/profile";
import { isFormFieldName, type FormFieldName } from "@playfair/contracts/validation/fields";
import type { ProfileChanges } from "./profile-api.ts";

/** Fields with their own place: the nickname window and the notification settings page. */
const ELSEWHERE: ReadonlySet<string> = new Set(["nickname", "receiveEmailPromo", "receiveSmsPromo", "receiveBonus"]);

/** Fields that take the whole row of the two-column form. */
export const WIDE_FIELDS: ReadonlySet<string> = new Set(["fullName", "address", "additionalAddress", "securityQuestion", "securityAnswer", "wallet_id"]);

function isEditable(name: string): name is EditableProfileField & FormFieldName {
  return (EDITABLE_PROFILE_FIELDS as readonly string[]).includes(name) && isFormFieldName(name);
}

/** The operator's profile fields (in their order) that this form edits. */
export function personalFormFields(names: readonly string[]): FormFieldName[] {
  return [...new Set(names)].filter((name): name is EditableProfileField & FormFieldName => isEditable(name) && !ELSEWHERE.has(name));
}

/** The form's starting values: the profile's text, "" where it has none (the answer to a security question is never sent back). */
export function profileFormValues(profile: Profile, fields: readonly string[]): Record<string, string> {
  const record = profile as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((name) => [name, typeof record[name] === "string" ? (record[name] as string) : ""]));
}

/** Only what the player changed, trimmed; a field emptied is sent as null (cleared). */
export function profileChanges(initial: Record<string, unknown>, values: Record<string, unknown>, fields: readonly string[]): ProfileChanges {
  const changes: Record<string, string | null> = {};
  for (const name of fields) {
    const before = typeof initial[name] === "string" ? (initial[name] as string).trim() : "";
    const raw = values[name];
    const after = typeof raw === "string" ? raw.trim() : "";
    if (after === before) continue;
    changes[name] = after === "" ? null : after;
  }
  return changes as ProfileChanges;
}
