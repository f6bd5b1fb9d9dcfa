import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES_BY_LOCALE } from "./catalogues.ts";
import { localizeValidationMessage, validationMessagesForAcceptLanguage } from "./localize.ts";
import { parseValidationMessage } from "./parse-message.ts";
import { VALIDATION_MESSAGES_EN, VALIDATION_MESSAGE_NAMES, formatValidationMessage } from "./messages.ts";

const { de, ru, fa } = VALIDATION_MESSAGES_BY_LOCALE;
const ptBr = VALIDATION_MESSAGES_BY_LOCALE["pt-br"];

describe("field messages in the caller's language", () => {
  it("translates catalogue messages with their values kept", () => {
    expect(localizeValidationMessage("Value is required", de)).toBe(de.required);
    expect(localizeValidationMessage("This field should be at least 8 characters long", ru)).toBe(formatValidationMessage(ru.minLength, { min: 8 }));
    expect(localizeValidationMessage("The value must be between 3 and 24 characters long", fa)).toBe(formatValidationMessage(fa.betweenLength, { min: 3, max: 24 }));
    expect(localizeValidationMessage("The value must be between 1 and 5", fa)).toBe(formatValidationMessage(fa.between, { min: 1, max: 5 }));
  });

  it("recognises every English catalogue message", () => {
    const params = { min: 2, max: 9, other: "password", param: 4 };
    for (const name of VALIDATION_MESSAGE_NAMES) {
      const english = formatValidationMessage(VALIDATION_MESSAGES_EN[name], params);
      const parsed = parseValidationMessage(english);
      expect(parsed, name).toBeDefined();
      expect(formatValidationMessage(VALIDATION_MESSAGES_EN[parsed?.name ?? "regex"], parsed?.params), name).toBe(english);
    }
  });

  it("leaves other texts as written, and English as it is", () => {
    expect(localizeValidationMessage("This e-mail address is already registered.", de)).toBe("This e-mail address is already registered.");
    expect(localizeValidationMessage("Value is required", VALIDATION_MESSAGES_EN)).toBe("Value is required");
  });

  it("picks the catalogue of the best-weighted language the header asks for", () => {
    expect(validationMessagesForAcceptLanguage("de-CH,de;q=0.9,en;q=0.8")).toBe(de);
    expect(validationMessagesForAcceptLanguage("ja,ru;q=0.5,de;q=0.4")).toBe(ru);
    expect(validationMessagesForAcceptLanguage("en;q=0.2,de;q=0.9")).toBe(de);
    expect(validationMessagesForAcceptLanguage("pt-PT")).toBe(ptBr);
    expect(validationMessagesForAcceptLanguage("PT-br")).toBe(ptBr);
    expect(validationMessagesForAcceptLanguage("de;q=0")).toBe(VALIDATION_MESSAGES_EN);
    expect(validationMessagesForAcceptLanguage("*")).toBe(VALIDATION_MESSAGES_EN);
    expect(validationMessagesForAcceptLanguage("")).toBe(VALIDATION_MESSAGES_EN);
    expect(validationMessagesForAcceptLanguage(undefined)).toBe(VALIDATION_MESSAGES_EN);
  });
});
