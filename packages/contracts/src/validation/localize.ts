// Field messages in the caller's language. Validation everywhere on the server (request schemas,
// zodForFields, validateForm) produces the English catalogue texts; the error handler hands each
// one through localizeValidationMessage with the catalogue the request's Accept-Language picks,
// so one place decides the language and no service needs to know it. Texts that are not catalogue
// messages (a domain message such as "This e-mail address is already registered.") stay as written.

import { VALIDATION_MESSAGES_BY_LOCALE, type ValidationLocale } from "./catalogues.ts";
import { VALIDATION_MESSAGES_EN, formatValidationMessage, type ValidationMessages } from "./messages.ts";
import { parseValidationMessage } from "./parse-message.ts";

/** An English catalogue message in another catalogue; any other text unchanged. */
export function localizeValidationMessage(message: string, messages: ValidationMessages): string {
  if (messages === VALIDATION_MESSAGES_EN) return message;
  const parsed = parseValidationMessage(message);
  return parsed ? formatValidationMessage(messages[parsed.name], parsed.params) : message;
}

function catalogueLocale(tag: string): ValidationLocale | undefined {
  const code = tag.trim().toLowerCase().replace("_", "-");
  const language = code.split("-")[0] ?? "";
  if (Object.hasOwn(VALIDATION_MESSAGES_BY_LOCALE, code)) return code as ValidationLocale;
  if (Object.hasOwn(VALIDATION_MESSAGES_BY_LOCALE, language)) return language as ValidationLocale;
  // European Portuguese readers understand the Brazilian text far better than English.
  if (language === "pt") return "pt-br";
  return undefined;
}

/**
 * The catalogue an Accept-Language header asks for: its best-weighted language that has one
 * ("de-CH,de;q=0.9" is German, "pt-PT" Brazilian Portuguese), else English.
 */
export function validationMessagesForAcceptLanguage(header: unknown): ValidationMessages {
  if (typeof header !== "string" || header === "") return VALIDATION_MESSAGES_EN;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.split(";");
      const weight = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((range) => range.tag !== "" && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    const locale = catalogueLocale(tag);
    if (locale) return VALIDATION_MESSAGES_BY_LOCALE[locale];
  }
  return VALIDATION_MESSAGES_EN;
}
