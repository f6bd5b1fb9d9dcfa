// Every translated catalogue by locale code. A separate module from messages.ts so a browser
// bundle that needs only one language can import that file alone; the server imports this one to
// answer validation errors in the player's language.

import { VALIDATION_MESSAGES_DE } from "./messages.de.ts";
import { VALIDATION_MESSAGES_ES } from "./messages.es.ts";
import { VALIDATION_MESSAGES_FA } from "./messages.fa.ts";
import { VALIDATION_MESSAGES_HI } from "./messages.hi.ts";
import { VALIDATION_MESSAGES_PT_BR } from "./messages.pt-br.ts";
import { VALIDATION_MESSAGES_RU } from "./messages.ru.ts";
import { VALIDATION_MESSAGES_TR } from "./messages.tr.ts";
import { VALIDATION_MESSAGES_EN, type ValidationMessages } from "./messages.ts";

/** The eight complete locales; the others of the spec's list fall back to English. */
export const VALIDATION_MESSAGES_BY_LOCALE = {
  en: VALIDATION_MESSAGES_EN,
  de: VALIDATION_MESSAGES_DE,
  es: VALIDATION_MESSAGES_ES,
  "pt-br": VALIDATION_MESSAGES_PT_BR,
  ru: VALIDATION_MESSAGES_RU,
  tr: VALIDATION_MESSAGES_TR,
  hi: VALIDATION_MESSAGES_HI,
  fa: VALIDATION_MESSAGES_FA,
} as const satisfies Record<string, ValidationMessages>;

export type ValidationLocale = keyof typeof VALIDATION_MESSAGES_BY_LOCALE;

/**
 * The catalogue for a locale code, case-insensitively: "pt-BR" is pt-br, "es-MX" falls back to es,
 * "pt" to pt-br, anything unknown to English.
 */
export function validationMessagesFor(locale: unknown): ValidationMessages {
  if (typeof locale !== "string") return VALIDATION_MESSAGES_EN;
  const code = locale.trim().toLowerCase().replace("_", "-");
  const catalogues: Readonly<Record<string, ValidationMessages>> = VALIDATION_MESSAGES_BY_LOCALE;
  const language = code.split("-")[0] ?? "";
  if (Object.hasOwn(catalogues, code)) return catalogues[code] ?? VALIDATION_MESSAGES_EN;
  if (Object.hasOwn(catalogues, language)) return catalogues[language] ?? VALIDATION_MESSAGES_EN;
  // European Portuguese readers understand the Brazilian text far better than English.
  if (language === "pt") return VALIDATION_MESSAGES_PT_BR;
  return VALIDATION_MESSAGES_EN;
}
