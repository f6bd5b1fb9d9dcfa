import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n.ts";
// As the server starts: every language's catalogues and the formatter of the non-English ones.
import "./i18n-catalogues.server.ts";

describe("numbers in translated sentences", () => {
  it("are written in the page's digits, like the amounts beside them", () => {
    const hint = i18nFor("fa").t("limits:form.amountHint", { currency: "EUR", decimals: 2 });
    expect(hint).toContain("۲");
    expect(hint).not.toMatch(/[0-9]/);
    expect(i18nFor("en").t("limits:form.amountHint", { currency: "EUR", decimals: 2 })).toContain("2");
    // Only the digits change: a bare number is not grouped (a step of a calculation, an index).
    const persian = i18nFor("fa") as unknown as { t: (text: string, options: object) => string };
    expect(persian.t("= {{value}}", { value: 8321 })).toBe("= ۸۳۲۱");
    expect((i18nFor("en") as unknown as { t: (text: string, options: object) => string }).t("= {{value}}", { value: 8321 })).toBe("= 8321");
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
