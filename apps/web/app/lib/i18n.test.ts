import { readdirSync, readFileSync } from "node:fs";
import { COMPLETE_LOCALES, SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";
import { describe, expect, it } from "vitest";
import { DATE_LOCALE_LOADERS } from "./dates.ts";
import { NAMESPACES } from "./i18n.ts";

// Every catalogue file is checked against English: complete locales must have exactly English's
// keys; the others may leave keys out (they fall back to English) but may not invent any.
const LOCALES_DIR = new URL("../locales/", import.meta.url);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

type Catalogue = Map<string, string>;

function readCatalogue(language: string, namespace: string): Catalogue | null {
  let text: string;
  try {
    text = readFileSync(new URL(`${language}/${namespace}.json`, LOCALES_DIR), "utf8");
  } catch {
    return null;
  }
  const flat = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") flat.set(path, value);
    else if (value && typeof value === "object") for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    else throw new Error(`${language}/${namespace}.json: ${path} is neither text nor a group`);
  };
  walk(JSON.parse(text) as unknown, "");
  return flat;
}

/** Keys with plural forms folded into one: "x_one", "x_other" -> "x" with forms {one, other}. */
function foldPlurals(catalogue: Catalogue): Map<string, Set<string>> {
  const folded = new Map<string, Set<string>>();
  for (const key of catalogue.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = folded.get(base) ?? new Set<string>();
    if (match?.[1]) forms.add(match[1]);
    folded.set(base, forms);
  }
  return folded;
}

/** Plural forms a language needs for whole numbers people see (0 to 1000) … */
function requiredPluralForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  return new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)));
}

/** … and the forms it may have (i18next also knows "zero" for any language). */
function allowedPluralForms(language: string): Set<string> {
  return new Set(["zero", ...new Intl.PluralRules(language).resolvedOptions().pluralCategories]);
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

function englishText(english: Catalogue, base: string): string | undefined {
  return english.get(base) ?? english.get(`${base}_other`);
}

const localeDirectories = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("translation catalogues", () => {
  it("only exist for languages of the site", () => {
    for (const language of localeDirectories) expect(SUPPORTED_LOCALE_CODES as readonly string[]).toContain(language);
  });

  it("cover the spec's 26 languages with a date locale each", () => {
    expect(SUPPORTED_LOCALE_CODES).toHaveLength(26);
    for (const language of SUPPORTED_LOCALE_CODES) {
      if (language !== "en") expect(DATE_LOCALE_LOADERS, language).toHaveProperty([language]);
    }
  });

  const others = COMPLETE_LOCALES.filter((language) => language !== "en");

  describe.each(NAMESPACES)("namespace %s", (namespace) => {
    const english = readCatalogue("en", namespace);

    it("exists in English, without plural forms English does not use", () => {
      expect(english).not.toBeNull();
      for (const [base, forms] of foldPlurals(english!)) {
        for (const form of forms) expect(allowedPluralForms("en"), `en ${namespace}:${base}_${form}`).toContain(form);
      }
    });

    it.each(others)("is complete in %s: the same keys as English, no more, no fewer", (language) => {
      const catalogue = readCatalogue(language, namespace);
      expect(catalogue, `${language}/${namespace}.json is missing`).not.toBeNull();
      const englishKeys = [...foldPlurals(english!).keys()].sort();
      const keys = [...foldPlurals(catalogue!).keys()].sort();
      expect(keys.filter((key) => !englishKeys.includes(key)), `${language}/${namespace}.json has keys English lacks`).toEqual([]);
      expect(englishKeys.filter((key) => !keys.includes(key)), `${language}/${namespace}.json lacks keys English has`).toEqual([]);
    });

    it.each(others)("has the plural forms %s needs, the same placeholders and no empty text", (language) => {
      const catalogue = readCatalogue(language, namespace)!;
      const required = requiredPluralForms(language);
      const allowed = allowedPluralForms(language);
      for (const [base, forms] of foldPlurals(catalogue)) {
        if (forms.size === 0) continue;
        for (const form of required) expect(forms, `${language} ${namespace}:${base} needs _${form}`).toContain(form);
        for (const form of forms) expect(allowed, `${language} ${namespace}:${base}_${form} is no plural form of ${language}`).toContain(form);
      }
      for (const [key, text] of catalogue) {
        expect(text.trim(), `${language} ${namespace}:${key} is empty`).not.toBe("");
        const base = key.replace(PLURAL_SUFFIX, "");
        const source = englishText(english!, base);
        if (source !== undefined) expect(placeholders(text), `${language} ${namespace}:${key} placeholders`).toEqual(placeholders(source));
      }
    });
  });

  const partial = localeDirectories.filter((language) => !(COMPLETE_LOCALES as readonly string[]).includes(language));

  it.runIf(partial.length > 0).each(partial)("has no keys English lacks in the partial locale %s", (language) => {
    for (const namespace of NAMESPACES) {
      const catalogue = readCatalogue(language, namespace);
      if (!catalogue) continue;
      const englishKeys = new Set(foldPlurals(readCatalogue("en", namespace)!).keys());
      const extra = [...foldPlurals(catalogue).keys()].filter((key) => !englishKeys.has(key));
      expect(extra, `${language}/${namespace}.json`).toEqual([]);
    }
  });
});
