import { readFileSync } from "node:fs";
import { VALIDATION_MESSAGES_BY_LOCALE } from "@playfair/contracts/validation/catalogues";
import { describe, expect, it } from "vitest";
import { translateServerMessage, translateValidation, type Translate } from "./validation-text.ts";

const english = JSON.parse(readFileSync(new URL("../../locales/en/validations.json", import.meta.url), "utf8")) as Record<string, string>;
const accounts = JSON.parse(readFileSync(new URL("../../locales/en/accounts.json", import.meta.url), "utf8")) as { fields: Record<string, string>; serverErrors: Record<string, string> };

/** A tiny stand-in for i18next over the English catalogues, with {{name}} interpolation. */
const t: Translate = (key, values = {}) => {
  const [namespace, path] = key.split(":") as [string, string];
  const [group, name] = path.split(".") as [string, string | undefined];
  const template = namespace === "validations" ? english[group] : name ? (accounts as unknown as Record<string, Record<string, string>>)[group]?.[name] : undefined;
  if (template === undefined) return typeof values.defaultValue === "string" ? values.defaultValue : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_match, placeholder: string) => String(values[placeholder] ?? ""));
};

describe("validation catalogues", () => {
  it("are the contracts' messages with i18next placeholders, in every complete locale", () => {
    for (const [locale, messages] of Object.entries(VALIDATION_MESSAGES_BY_LOCALE)) {
      const catalogue = JSON.parse(readFileSync(new URL(`../../locales/${locale}/validations.json`, import.meta.url), "utf8")) as Record<string, string>;
      const expected = Object.fromEntries(Object.entries(messages).map(([name, text]) => [name, text.replace(/\{(\w+)\}/g, "{{$1}}")]));
      expect(catalogue, locale).toEqual(expected);
    }
  });
});

describe("server messages", () => {
  it("are translated: validators by key, domain messages by name, others kept as sent", () => {
    expect(translateServerMessage(t, "This field should be at least 8 characters long")).toBe("This field should be at least 8 characters long");
    expect(translateServerMessage(t, "This e-mail address is already registered.")).toBe(accounts.serverErrors.emailTaken);
    expect(translateServerMessage(t, "Unknown words")).toBe("Unknown words");
  });

  it("names the other field by its label", () => {
    expect(translateValidation(t, "confirmed", { other: "password" })).toBe(`The value must be equal to the ${accounts.fields.password} value`);
  });
});
