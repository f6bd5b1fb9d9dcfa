import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES_BY_LOCALE, validationMessagesFor } from "./catalogues.ts";
import { VALIDATION_MESSAGES_DE } from "./messages.de.ts";
import { VALIDATION_MESSAGES_FA } from "./messages.fa.ts";
import { VALIDATION_MESSAGES_PT_BR } from "./messages.pt-br.ts";
import { VALIDATION_MESSAGES_EN, VALIDATION_MESSAGE_NAMES, formatValidationMessage, messagePlaceholders, validationMessageKey } from "./messages.ts";

describe("the English catalogue", () => {
  it("has the spec's standard messages verbatim", () => {
    expect(VALIDATION_MESSAGES_EN).toMatchObject({
      required: "Value is required",
      email: "Value is not a valid email address",
      url: "The value is not a valid URL address",
      alpha: "The value is not alphabetical",
      alphaNum: "The value must be alpha-numeric",
      numeric: "Value must be numeric",
      between: "The value must be between {min} and {max}",
      maxLength: "The maximum length allowed is {max}",
      minLength: "This field should be at least {min} characters long",
      minValue: "The minimum value allowed is {min}",
      maxValue: "The maximum value allowed is {max}",
      sameAs: "The value must be equal to the {other} value",
      ip: "The value is not a valid IP address",
      mac: "The value is not a valid MAC Address",
      integer: "Value is not an integer",
      decimal: "Value must be decimal",
    });
  });

  it("has exactly one message per name", () => {
    expect(Object.keys(VALIDATION_MESSAGES_EN).sort()).toEqual([...VALIDATION_MESSAGE_NAMES].sort());
    expect(validationMessageKey("minLength")).toBe("validations.minLength");
  });
});

describe("translations", () => {
  it.each(Object.entries(VALIDATION_MESSAGES_BY_LOCALE))("%s has every key and keeps every placeholder", (_locale, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(VALIDATION_MESSAGES_EN).sort());
    for (const name of VALIDATION_MESSAGE_NAMES) {
      expect(messagePlaceholders(catalogue[name]), name).toEqual(messagePlaceholders(VALIDATION_MESSAGES_EN[name]));
      expect(catalogue[name].trim(), name).not.toBe("");
    }
  });

  it("is actually translated, not English copied over", () => {
    for (const [locale, catalogue] of Object.entries(VALIDATION_MESSAGES_BY_LOCALE)) {
      if (locale === "en") continue;
      const untranslated = VALIDATION_MESSAGE_NAMES.filter((name) => catalogue[name] === VALIDATION_MESSAGES_EN[name]);
      expect(untranslated, locale).toEqual([]);
    }
  });

  it.each([
    ["de", VALIDATION_MESSAGES_DE],
    ["DE-at", VALIDATION_MESSAGES_DE],
    ["pt-BR", VALIDATION_MESSAGES_PT_BR],
    ["pt_br", VALIDATION_MESSAGES_PT_BR],
    ["pt", VALIDATION_MESSAGES_PT_BR],
    ["fa", VALIDATION_MESSAGES_FA],
    ["uz", VALIDATION_MESSAGES_EN],
    ["__proto__", VALIDATION_MESSAGES_EN],
    [undefined, VALIDATION_MESSAGES_EN],
  ])("picks the catalogue for %o", (locale, catalogue) => {
    expect(validationMessagesFor(locale)).toBe(catalogue);
  });
});

describe("formatValidationMessage", () => {
  it.each([
    ["The value must be between {min} and {max}", { min: 3, max: 24 }, "The value must be between 3 and 24"],
    ["The value must be equal to the {other} value", { other: "password" }, "The value must be equal to the password value"],
    ["The value must be exactly {param} digits", { param: 4 }, "The value must be exactly 4 digits"],
    ["{min}{min}", { min: 0 }, "00"],
    ["Missing {max}", {}, "Missing {max}"],
    ["No placeholders", { min: 1 }, "No placeholders"],
    ["{toString} {constructor}", {}, "{toString} {constructor}"],
    ["{ min }", { min: 1 }, "{ min }"],
  ])("%o with %o", (template, params, text) => {
    expect(formatValidationMessage(template, params)).toBe(text);
  });

  it("fills translated templates the same way", () => {
    expect(formatValidationMessage(VALIDATION_MESSAGES_FA.minLength, { min: 8 })).toBe("این فیلد باید دست‌کم 8 نویسه داشته باشد");
  });
});
