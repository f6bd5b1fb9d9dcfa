import { describe, expect, it } from "vitest";
import { localizedLink } from "./links.ts";
import { MESSAGE_LOCALES, messageLocale } from "./strings/message-locales.ts";
import { escapeHtml, renderOtpMessage, renderPasswordChangedMessage, renderPasswordResetMessage, renderVerifyEmailMessage } from "./templates.ts";

const LINK = "https://casino.example/verify/abc?x=1&y=<2>";

function renderAll(locale: string) {
  return [
    renderOtpMessage({ channel: "sms", code: "012345", ttlSeconds: 300, locale }),
    renderOtpMessage({ channel: "email", code: "012345", ttlSeconds: 300, locale }),
    renderVerifyEmailMessage({ link: LINK, ttlSeconds: 86_400, locale }),
    renderPasswordResetMessage({ link: LINK, ttlSeconds: 3_600, locale }),
    renderPasswordChangedMessage({ changedAt: new Date("2030-05-06T07:08:00Z"), locale }),
  ];
}

describe("message templates", () => {
  it.each(MESSAGE_LOCALES)("renders every template in %s with every placeholder filled", (locale) => {
    for (const message of renderAll(locale)) {
      expect(message.locale).toBe(locale);
      expect(message.text.length).toBeGreaterThan(20);
      expect(message.text).not.toMatch(/\{\w+\}/);
      expect(message.subject ?? "").not.toMatch(/\{\w+\}/);
      expect(message.html ?? "").not.toMatch(/\{\w+\}/);
    }
  });

  it("writes translated text, not English, for every other language", () => {
    const english = renderAll("en").map((message) => message.subject ?? message.text);
    for (const locale of MESSAGE_LOCALES.filter((code) => code !== "en")) {
      renderAll(locale).forEach((message, index) => expect(message.subject ?? message.text).not.toBe(english[index]));
    }
  });

  it("keeps the SMS short, code first, with its lifetime", () => {
    const sms = renderOtpMessage({ channel: "sms", code: "012345", ttlSeconds: 300, locale: "en" });
    expect(sms.text.startsWith("012345")).toBe(true);
    expect(sms.text).toContain("5 minutes");
    expect(sms.text.length).toBeLessThanOrEqual(160);
    expect(sms.subject).toBeUndefined();
    expect(sms.html).toBeUndefined();
  });

  it("builds accessible HTML: language, direction, title, a heading and the link escaped", () => {
    const message = renderVerifyEmailMessage({ link: LINK, ttlSeconds: 86_400, locale: "fa" });
    expect(message.html).toContain('<html lang="fa" dir="rtl">');
    expect(message.html).toContain(`<title>${escapeHtml(message.subject ?? "")}</title>`);
    expect(message.html).toMatch(/<h1[^>]*>/);
    expect(message.html).toContain('href="https://casino.example/verify/abc?x=1&amp;y=&lt;2&gt;"');
    expect(message.html).not.toContain("<2>");
    expect(message.text).toContain(LINK);
    expect(renderVerifyEmailMessage({ link: LINK, ttlSeconds: 86_400, locale: "de" }).html).toContain('dir="ltr"');
  });

  it("states the change time in UTC", () => {
    expect(renderPasswordChangedMessage({ changedAt: new Date("2030-05-06T07:08:00Z"), locale: "en" }).text).toContain("May 6, 2030");
  });

  it("picks the closest message language for other site locales", () => {
    expect(messageLocale("pt")).toBe("pt-br");
    expect(messageLocale("es-mx")).toBe("es");
    expect(messageLocale("en-ca")).toBe("en");
    expect(messageLocale("DE")).toBe("de");
    expect(messageLocale("fr")).toBe("en");
    expect(messageLocale(undefined)).toBe("en");
  });
});

describe("message links", () => {
  it("prefixes every locale but the default one, and only supported ones", () => {
    expect(localizedLink("https://casino.example/", "en", "/verify/x")).toBe("https://casino.example/verify/x");
    expect(localizedLink("https://casino.example", "de", "/verify/x")).toBe("https://casino.example/de/verify/x");
    expect(localizedLink("https://casino.example", "pt-br", "/password-reset/y")).toBe("https://casino.example/pt-br/password-reset/y");
    expect(localizedLink("https://casino.example", "xx", "/verify/x")).toBe("https://casino.example/verify/x");
  });
});
