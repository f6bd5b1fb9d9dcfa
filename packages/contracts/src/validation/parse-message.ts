// Reads an English catalogue message back into its validator name and placeholder values. The
// server localizes its 422 field messages with it, and the web app translates the server's
// messages with it; it needs only the English catalogue, so the browser loads no other language's.
import { VALIDATION_MESSAGES_EN, VALIDATION_MESSAGE_NAMES, type ValidationMessageName } from "./messages.ts";

const PLACEHOLDER = /\\\{(\w+)\\\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Each English template as a pattern capturing its placeholders' values, the most specific first
// ("between {min} and {max} characters long" before "between {min} and {max}"). Messages sharing a
// text (required and required_if, regex and notRegex) resolve to the first name; they read the same
// in every catalogue. A closing full stop is optional: some clients and services add one.
const TEMPLATES: ReadonlyArray<{ name: ValidationMessageName; pattern: RegExp; placeholders: readonly string[]; literal: number }> = VALIDATION_MESSAGE_NAMES.map((name) => {
  const placeholders: string[] = [];
  const source = escapeRegExp(VALIDATION_MESSAGES_EN[name]).replace(PLACEHOLDER, (_match, placeholder: string) => {
    placeholders.push(placeholder);
    return "(.+?)";
  });
  return { name, pattern: new RegExp(`^${source}\\.?$`), placeholders, literal: VALIDATION_MESSAGES_EN[name].replace(/\{\w+\}/g, "").length };
}).sort((a, b) => b.literal - a.literal);

/** The catalogue entry behind an English message, with its placeholders' values; undefined for other texts. */
export function parseValidationMessage(message: string): { name: ValidationMessageName; params: Record<string, string> } | undefined {
  const text = message.trim();
  for (const { name, pattern, placeholders } of TEMPLATES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    placeholders.forEach((placeholder, index) => {
      params[placeholder] = match[index + 1] ?? "";
    });
    return { name, params };
  }
  return undefined;
}
