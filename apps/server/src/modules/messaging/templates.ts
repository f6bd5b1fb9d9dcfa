import type { OutgoingMessage } from "./outbox.ts";
import { LAYOUT_STRINGS } from "./strings/layout.ts";
import type { LinkMessageStrings } from "./strings/link-message.ts";
import { isRightToLeft, messageLocale, type MessageLocale } from "./strings/message-locales.ts";
import { OTP_STRINGS } from "./strings/otp.ts";
import { PASSWORD_CHANGED_STRINGS } from "./strings/password-changed.ts";
import { PASSWORD_RESET_STRINGS } from "./strings/password-reset.ts";
import { VERIFY_EMAIL_STRINGS } from "./strings/verify-email.ts";

/** The template names stored in `outbox_messages.template`. */
export const MESSAGE_TEMPLATES = {
  otp: "otp",
  verifyEmail: "verify-email",
  passwordReset: "password-reset",
  passwordChanged: "password-changed",
} as const;

type RenderedEmail = Pick<OutgoingMessage, "subject" | "text" | "html" | "locale">;

function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

type EmailBlock = { kind: "paragraph"; text: string } | { kind: "code"; text: string } | { kind: "button"; label: string; href: string };

/**
 * One simple, accessible layout for every e-mail: real headings and paragraphs, the document's
 * language and direction, a text colour with strong contrast, a button that is a plain link (with
 * the address repeated as text for clients that strip styles), no images and no tracking.
 */
function renderEmailHtml(locale: MessageLocale, subject: string, heading: string, blocks: readonly EmailBlock[]): string {
  const layout = LAYOUT_STRINGS[locale];
  const direction = isRightToLeft(locale) ? "rtl" : "ltr";
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case "paragraph":
          return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
        case "code":
          return `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace" dir="ltr">${escapeHtml(block.text)}</p>`;
        case "button":
          return [
            `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#14532d;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
            `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#374151">${escapeHtml(layout.linkFallback)}<br><a href="${escapeHtml(block.href)}" style="color:#14532d;word-break:break-all" dir="ltr">${escapeHtml(block.href)}</a></p>`,
          ].join("\n");
        default:
          return "";
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="${locale}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f3f4f6;color:#111827;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div role="article" aria-label="${escapeHtml(subject)}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14532d">Playfair</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(heading)}</h1>
${body}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(layout.footer)}</p>
</div>
</body>
</html>`;
}

function renderEmailText(locale: MessageLocale, paragraphs: readonly string[]): string {
  return [...paragraphs, "--", LAYOUT_STRINGS[locale].footer].join("\n\n");
}

/** A one-time code: the whole SMS, or an e-mail with the code set large. */
export function renderOtpMessage(input: { channel: "sms" | "email"; code: string; ttlSeconds: number; locale: string }): RenderedEmail {
  const locale = messageLocale(input.locale);
  const strings = OTP_STRINGS[locale];
  const values = { code: input.code, minutes: Math.max(1, Math.round(input.ttlSeconds / 60)) };
  if (input.channel === "sms") return { locale, text: fill(strings.sms, values) };
  const subject = fill(strings.subject, values);
  return {
    locale,
    subject,
    text: renderEmailText(locale, [strings.heading, fill(strings.intro, values), input.code, fill(strings.expiry, values), strings.ignore]),
    html: renderEmailHtml(locale, subject, strings.heading, [
      { kind: "paragraph", text: fill(strings.intro, values) },
      { kind: "code", text: input.code },
      { kind: "paragraph", text: fill(strings.expiry, values) },
      { kind: "paragraph", text: strings.ignore },
    ]),
  };
}

/** An e-mail around one link: a button (and the address as text), then how long the link works. */
function renderLinkMessage(locale: MessageLocale, strings: LinkMessageStrings, link: string, expiry: string): RenderedEmail {
  return {
    locale,
    subject: strings.subject,
    text: renderEmailText(locale, [strings.heading, strings.intro, `${strings.action}: ${link}`, expiry, strings.ignore]),
    html: renderEmailHtml(locale, strings.subject, strings.heading, [
      { kind: "paragraph", text: strings.intro },
      { kind: "button", label: strings.action, href: link },
      { kind: "paragraph", text: expiry },
      { kind: "paragraph", text: strings.ignore },
    ]),
  };
}

export function renderVerifyEmailMessage(input: { link: string; ttlSeconds: number; locale: string }): RenderedEmail {
  const locale = messageLocale(input.locale);
  const strings = VERIFY_EMAIL_STRINGS[locale];
  return renderLinkMessage(locale, strings, input.link, fill(strings.expiry, { hours: Math.max(1, Math.round(input.ttlSeconds / 3600)) }));
}

export function renderPasswordResetMessage(input: { link: string; ttlSeconds: number; locale: string }): RenderedEmail {
  const locale = messageLocale(input.locale);
  const strings = PASSWORD_RESET_STRINGS[locale];
  return renderLinkMessage(locale, strings, input.link, fill(strings.expiry, { minutes: Math.max(1, Math.round(input.ttlSeconds / 60)) }));
}

export function renderPasswordChangedMessage(input: { changedAt: Date; locale: string }): RenderedEmail {
  const locale = messageLocale(input.locale);
  const strings = PASSWORD_CHANGED_STRINGS[locale];
  // The player's time zone is not known for sure here; UTC, said as such, cannot mislead.
  const time = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(input.changedAt);
  const body = fill(strings.body, { time });
  return {
    locale,
    subject: strings.subject,
    text: renderEmailText(locale, [strings.heading, body, strings.warning]),
    html: renderEmailHtml(locale, strings.subject, strings.heading, [
      { kind: "paragraph", text: body },
      { kind: "paragraph", text: strings.warning },
    ]),
  };
}
