import nodemailer from "nodemailer";

/** What an adapter needs to hand one message to its transport. */
export type Delivery = {
  channel: "email" | "sms";
  recipient: string;
  subject: string | undefined;
  text: string;
  html: string | undefined;
};

export type DeliveryAdapter = {
  /** Stored in `outbox_messages.delivered_by`. */
  name: "outbox" | "smtp";
  /** Resolves once the transport accepted the message; throws to have it retried with backoff. */
  deliver(message: Delivery): Promise<void>;
  close?(): Promise<void> | void;
};

/**
 * The default: the outbox table is the mailbox. Delivering only marks the message sent; the
 * development mailbox (/dev/mailbox) shows it.
 */
export const inHouseAdapter: DeliveryAdapter = {
  name: "outbox",
  async deliver() {},
};

// A stuck SMTP server must not hold a message past its retry lease (the first retry is 30 s away).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** E-mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpAdapter(smtpUrl: string, from: string): DeliveryAdapter {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
  });
  return {
    name: "smtp",
    async deliver(message) {
      if (message.channel !== "email") throw new Error("the SMTP adapter only sends e-mail");
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
