import { describe, expect, it } from "vitest";
// Every catalogue, registered as the server does at start-up.
import "./i18n-catalogues.server.ts";
import { i18nFor } from "./i18n.ts";

// useTranslation() gets its `t` from getFixedT(); plain keys are remembered per cached instance.
describe("the t of a language's instance", () => {
  it("gives the same text for a plain key every time, in that language", () => {
    const german = i18nFor("de").getFixedT("de", "layout");
    const first = german("skipToContent");
    expect(first).not.toBe("skipToContent");
    expect(german("skipToContent")).toBe(first);
    expect(i18nFor("de").getFixedT("de", "layout")("skipToContent")).toBe(first);
    expect(i18nFor("en").getFixedT("en", "layout")("skipToContent")).not.toBe(first);
  });

  it("still interpolates and pluralises calls with options", () => {
    const english = i18nFor("en").getFixedT("en", "common");
    const one = english("home.hero.pointCurrencies", { count: 1 });
    const many = english("home.hero.pointCurrencies", { count: 16 });
    expect(many).toContain("16");
    expect(one).not.toBe(many);
  });
});
