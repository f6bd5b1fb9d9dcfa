import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { serverPagePolicy } from "../../lib/page-policy.ts";
import { escapeHtml } from "./templates.ts";
import type { OutboxMessageRow } from "./outbox.ts";

// The development mailbox: every e-mail and SMS the outbox holds, newest
// first, so a demo or a test can follow the links and read the codes. Registered at the site root
// only when config.accounts.mailboxEnabled (never in a production deployment); without it the
// paths do not exist (404).

const MAILBOX_LIMIT = 200;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const CODE_PATTERN = /(?<!\d)\d{6}(?!\d)/;
const NO_INDEX = "noindex, nofollow, noarchive";

const MailboxQuerySchema = z.object({
  recipient: z.string().max(254).optional().meta({ description: "Only messages to this e-mail address or E.164 phone" }),
});

const MailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  template: z.string(),
  locale: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deliveredBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  links: z.array(z.string()).meta({ description: "Every link in the text body, in order" }),
  code: z.string().nullable().meta({ description: "The six-digit code of an OTP message" }),
});
const MailboxResponseSchema = z.object({ data: z.array(MailboxMessageSchema) });

type MailboxRow = OutboxMessageRow;

/**
 * Query strings turn an unencoded "+" into a space, so "?recipient=+4915..." arrives as
 * " 4915...": a phone number is what was meant. E-mail addresses compare in lower case.
 */
function normaliseRecipientQuery(recipient: string): string {
  const value = /^ \d+$/.test(recipient) ? `+${recipient.slice(1)}` : recipient.trim();
  return value.includes("@") ? value.toLowerCase() : value;
}

function linksOf(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => match[0]);
}

function messageView(row: MailboxRow) {
  return {
    id: row.id,
    channel: row.channel === "sms" ? ("sms" as const) : ("email" as const),
    recipient: row.recipient,
    template: row.template,
    locale: row.locale,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    deliveredBy: row.deliveredBy,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    links: linksOf(row.textBody),
    code: row.template === "otp" ? (CODE_PATTERN.exec(row.textBody)?.[0] ?? null) : null,
  };
}

/** The text with its links clickable; everything else escaped. */
function linkifiedText(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The page's one <style> element; constant, so the page's policy allows it by hash. */
const MAILBOX_STYLE = `
body{margin:0;padding:24px;font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
main{max-width:880px;margin:0 auto}
h1{margin:0 0 4px;font-size:28px}
ol{list-style:none;margin:16px 0 0;padding:0}
.message{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 12px;box-shadow:0 1px 2px rgb(0 0 0/.08)}
.message h2{margin:0 0 4px;font-size:18px}
.meta{margin:0 0 8px;color:#374151;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}
a{color:#1d4ed8}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#991b1b}
`;
const MAILBOX_PAGE_POLICY = serverPagePolicy({ inlineStyles: [MAILBOX_STYLE] });

function renderMailboxPage(rows: readonly MailboxRow[], recipient: string | undefined): string {
  const items = rows
    .map((row) => {
      const title = row.subject ?? (row.channel === "sms" ? "SMS" : "(no subject)");
      const delivery = row.status === "sent" ? `sent by ${row.deliveredBy ?? "?"}` : row.status === "failed" ? `failed after ${row.attempts} attempts` : "pending";
      return `<li class="message">
<article aria-labelledby="m-${row.id}">
<h2 id="m-${row.id}">${escapeHtml(title)}</h2>
<p class="meta"><span>${row.channel === "sms" ? "SMS" : "E-mail"} to <a href="?recipient=${encodeURIComponent(row.recipient)}">${escapeHtml(row.recipient)}</a></span> · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString().replace("T", " ").slice(0, 19))} UTC</time> · <span>${escapeHtml(row.template)}</span> · <span>${escapeHtml(row.locale)}</span> · <span>${escapeHtml(delivery)}</span></p>
<pre>${linkifiedText(row.textBody)}</pre>
${row.lastError ? `<p class="error">Last error: ${escapeHtml(row.lastError)}</p>` : ""}
</article>
</li>`;
    })
    .join("\n");
  const heading = recipient ? `Messages to ${escapeHtml(recipient)}` : "All messages";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${NO_INDEX}">
<title>Development mailbox · Playfair</title>
<style>${MAILBOX_STYLE}</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>${heading}, newest first (at most ${MAILBOX_LIMIT}). ${recipient ? '<a href="/dev/mailbox">Show every recipient</a>.' : ""} Nothing here leaves this server unless SMTP is configured.</p>
${rows.length === 0 ? "<p>No messages yet.</p>" : `<ol>\n${items}\n</ol>`}
</main>
</body>
</html>`;
}


export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.accounts.mailboxEnabled) return;
  const { outbox } = app.services;
  const listMessages = (recipient: string | undefined) => outbox.listRecentMessages(recipient, MAILBOX_LIMIT);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-robots-tag", NO_INDEX);
    reply.header("cache-control", "no-store");
    reply.header("referrer-policy", "no-referrer");
    reply.header("content-security-policy", MAILBOX_PAGE_POLICY);
  });

  app.get("/dev/mailbox", { schema: { hide: true, querystring: MailboxQuerySchema } }, async (request, reply) => {
    const recipient = request.query.recipient ? normaliseRecipientQuery(request.query.recipient) : undefined;
    const rows = await listMessages(recipient);
    return reply.type("text/html; charset=utf-8").send(renderMailboxPage(rows, recipient));
  });

  app.get(
    "/dev/mailbox.json",
    { schema: { hide: true, querystring: MailboxQuerySchema, response: { 200: MailboxResponseSchema } } },
    async (request) => {
      const recipient = request.query.recipient ? normaliseRecipientQuery(request.query.recipient) : undefined;
      return { data: (await listMessages(recipient)).map(messageView) };
    },
  );
};
