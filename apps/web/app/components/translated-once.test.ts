import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { translatedOnce } from "./translated-once.ts";

function instance(language: string) {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    initAsync: false,
    resources: { en: { common: { hello: "Hello" } }, de: { common: { hello: "Hallo" } } },
    defaultNS: "common",
  });
  return i18n;
}

/** The greeting in the instance's current language (read from its resources, as t() would). */
function hello(i18n: ReturnType<typeof instance>): string {
  return String(i18n.getResource(i18n.language, "common", "hello"));
}

describe("translatedOnce", () => {
  it("translates a set once per instance and language and reuses it", () => {
    const english = instance("en");
    let calls = 0;
    const translate = () => {
      calls += 1;
      return { hello: hello(english) };
    };
    const first = translatedOnce(english, "greeting", translate);
    expect(first).toEqual({ hello: "Hello" });
    expect(translatedOnce(english, "greeting", translate)).toBe(first);
    expect(calls).toBe(1);
  });

  it("keeps languages and instances apart", () => {
    const english = instance("en");
    const german = instance("de");
    expect(translatedOnce(english, "greeting", () => hello(english))).toBe("Hello");
    expect(translatedOnce(german, "greeting", () => hello(german))).toBe("Hallo");
    void english.changeLanguage("de");
    expect(translatedOnce(english, "greeting", () => hello(english))).toBe("Hallo");
  });
});
