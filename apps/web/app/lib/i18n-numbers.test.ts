import { beforeAll, describe, expect, it } from "vitest";
import { i18nFor, loadLanguage } from "./i18n.ts";

describe("numbers in translated sentences", () => {
  beforeAll(() => loadLanguage("fa"));

  it("are written in the page's digits, like the amounts beside them", () => {
    const hint = i18nFor("fa").t("limits:form.amountHint", { currency: "EUR", decimals: 2 });
    expect(hint).toContain("۲");
    expect(hint).not.toMatch(/[0-9]/);
    expect(i18nFor("en").t("limits:form.amountHint", { currency: "EUR", decimals: 2 })).toContain("2");
  });

  it("keep the named formats the catalogues use", () => {
    // Ad-hoc sentences, not catalogue keys: i18next interpolates a missing key's text itself.
    const english = i18nFor("en") as unknown as { t: (text: string, options: object) => string };
    expect(english.t("{{count, number}} games", { count: 1234 })).toBe("1,234 games");
    const date = english.t("Updated {{date, datetime}}", { date: new Date(Date.UTC(2026, 10, 27)), formatParams: { date: { dateStyle: "long", timeZone: "UTC" } } });
    expect(date).toBe("Updated November 27, 2026");
    // Text values are left as they are (amounts arrive formatted already).
    expect(english.t("Pay {{sum}}", { sum: "€1,000.00" })).toBe("Pay €1,000.00");
  });
});
