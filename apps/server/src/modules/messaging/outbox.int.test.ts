import net from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { openTestDatabase, readJson, type TestDatabase, type TestServer } from "../../../test/test-server.ts";
import { createSecretStore } from "../secrets/app-secrets.ts";
import { createPlayer, createTestClock, jsonRequest, latestMessage, mailbox, startAccountsServer } from "./accounts-test-kit.ts";
import { createSmtpAdapter, type Delivery, type DeliveryAdapter } from "./delivery-adapters.ts";
import { outboxMessages } from "./messaging.schema.ts";
import { createOutbox, MAX_DELIVERY_ATTEMPTS, RETRY_BASE_SECONDS, type OutgoingMessage } from "./outbox.ts";

type ReceivedMail = { from: string; to: string[]; data: string };

/** A minimal SMTP server on loopback (no TLS, no auth): enough for nodemailer to hand over a message. */
async function startFakeSmtpServer(options: { rejectSender?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp.test ESMTP ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 fake.smtp.test");
        else if (verb === "MAIL") {
          if (options.rejectSender) reply("550 5.7.1 sender rejected");
          else {
            current.from = line;
            reply("250 2.1.0 ok");
          }
        } else if (verb === "RCPT") {
          current.to.push(line);
          reply("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 2.0.0 ok");
        else reply("502 5.5.2 not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sampleMessage = (recipient: string): OutgoingMessage => ({
  channel: "email",
  recipient,
  template: "test",
  locale: "en",
  subject: "Hello",
  text: "Hello there: https://example.test/verify/abc",
  html: "<p>Hello there</p>",
});

describe(`outbox (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  describe("enqueue and the in-house adapter", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startAccountsServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it("stores the message in the caller's transaction and delivers it right after commit", async () => {
      const { outbox } = server.app.services;
      const recipient = `Inbox.${Date.now()}@Example.com`;
      await server.database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, sampleMessage(recipient));
      });
      const startedAt = Date.now();
      await expect.poll(async () => (await mailbox(server, recipient.toLowerCase()))[0]?.status, { timeout: 2_000, interval: 20 }).toBe("sent");
      // Nudged by enqueue: well before the one-second poll.
      expect(Date.now() - startedAt).toBeLessThan(900);
      const [message] = await mailbox(server, recipient.toLowerCase());
      expect(message).toMatchObject({ recipient: recipient.toLowerCase(), deliveredBy: "outbox", attempts: 1, lastError: null, subject: "Hello" });
      expect(message?.sentAt).not.toBeNull();
    });

    it("leaves nothing behind when the caller's transaction rolls back", async () => {
      const recipient = `rolled.back.${Date.now()}@example.com`;
      await expect(
        server.database.db.transaction(async (tx) => {
          await server.app.services.outbox.enqueue(tx, sampleMessage(recipient));
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await mailbox(server, recipient)).toHaveLength(0);
    });
  });

  describe("retries", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    function outboxWith(adapter: DeliveryAdapter, clock: ReturnType<typeof createTestClock>) {
      const config = loadConfig({ NODE_ENV: "test", CAPTCHA_PROVIDER: "off" });
      return createOutbox({
        db: database.db,
        config,
        logger: pino({ level: "silent" }),
        now: clock.now,
        secrets: createSecretStore(database.db),
        adapters: { email: adapter, sms: adapter },
      });
    }

    async function row(recipient: string) {
      const [found] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
      if (!found) throw new Error("message not stored");
      return found;
    }

    it("records failures, waits an exponential backoff between attempts and gives up after MAX_DELIVERY_ATTEMPTS", async () => {
      const clock = createTestClock();
      let calls = 0;
      const outbox = outboxWith(
        {
          name: "smtp",
          async deliver() {
            calls += 1;
            throw new Error(`connection refused #${calls}`);
          },
        },
        clock,
      );
      const recipient = `failing.${Date.now()}@example.com`;
      await outbox.enqueue(database.db, sampleMessage(recipient));
      expect(await outbox.flush()).toBe(1);
      expect(await row(recipient)).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused #1", deliveredBy: null });

      // Not due again until the backoff has passed: 30 s, then 60 s more, then 120 s more ...
      expect(await outbox.flush()).toBe(0);
      clock.advanceSeconds(RETRY_BASE_SECONDS - 1);
      expect(await outbox.flush()).toBe(0);
      clock.advanceSeconds(1);
      expect(await outbox.flush()).toBe(1);
      expect(await row(recipient)).toMatchObject({ attempts: 2, lastError: "connection refused #2" });
      clock.advanceSeconds(RETRY_BASE_SECONDS * 2 - 1);
      expect(await outbox.flush()).toBe(0);
      clock.advanceSeconds(1);
      expect(await outbox.flush()).toBe(1);

      // After n attempts the next one is due RETRY_BASE_SECONDS * 2^(n-1) after the previous.
      for (let attempts = 3; attempts < MAX_DELIVERY_ATTEMPTS - 1; attempts++) {
        clock.advanceSeconds(RETRY_BASE_SECONDS * 2 ** (attempts - 1) - 1);
        expect(await outbox.flush()).toBe(0);
        clock.advanceSeconds(1);
        expect(await outbox.flush()).toBe(1);
      }
      expect(await row(recipient)).toMatchObject({ status: "pending", attempts: MAX_DELIVERY_ATTEMPTS - 1 });
      clock.advanceSeconds(RETRY_BASE_SECONDS * 2 ** (MAX_DELIVERY_ATTEMPTS - 2));
      expect(await outbox.flush()).toBe(1);
      expect(await row(recipient)).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS, lastError: `connection refused #${MAX_DELIVERY_ATTEMPTS}` });
      clock.advanceSeconds(24 * 3600);
      expect(await outbox.flush()).toBe(0);
      expect(calls).toBe(MAX_DELIVERY_ATTEMPTS);
    });

    it("delivers on a later attempt once the transport works again", async () => {
      const clock = createTestClock();
      const delivered: Delivery[] = [];
      let isDown = true;
      const outbox = outboxWith(
        {
          name: "smtp",
          async deliver(message) {
            if (isDown) throw new Error("try again later");
            delivered.push(message);
          },
        },
        clock,
      );
      const recipient = `flaky.${Date.now()}@example.com`;
      await outbox.enqueue(database.db, sampleMessage(recipient));
      await outbox.flush();
      isDown = false;
      clock.advanceSeconds(RETRY_BASE_SECONDS);
      await outbox.flush();
      expect(await row(recipient)).toMatchObject({ status: "sent", attempts: 2, deliveredBy: "smtp", lastError: null });
      expect(delivered).toEqual([{ channel: "email", recipient, subject: "Hello", text: sampleMessage(recipient).text, html: "<p>Hello there</p>" }]);
    });
  });

  describe("SMTP adapter", () => {
    it("hands the message to an SMTP server with the configured sender", async () => {
      const smtp = await startFakeSmtpServer();
      const adapter = createSmtpAdapter(`smtp://127.0.0.1:${smtp.port}`, "Playfair <no-reply@playfair.test>");
      try {
        await adapter.deliver({ channel: "email", recipient: "someone@example.com", subject: "Grüße", text: "Plain text", html: "<p>HTML</p>" });
        expect(smtp.received).toHaveLength(1);
        const [mail] = smtp.received;
        expect(mail?.from).toContain("no-reply@playfair.test");
        expect(mail?.to).toEqual([expect.stringContaining("someone@example.com")]);
        expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?Q\?Gr=C3=BC=C3=9Fe\?=/m);
        expect(mail?.data).toContain("multipart/alternative");
      } finally {
        await adapter.close?.();
        await smtp.close();
      }
    });

    it("throws the server's refusal so the outbox retries", async () => {
      const smtp = await startFakeSmtpServer({ rejectSender: true });
      const adapter = createSmtpAdapter(`smtp://127.0.0.1:${smtp.port}`, "no-reply@playfair.test");
      try {
        await expect(adapter.deliver({ channel: "email", recipient: "someone@example.com", subject: "Hi", text: "x", html: undefined })).rejects.toThrow(/sender rejected/);
      } finally {
        await adapter.close?.();
        await smtp.close();
      }
    });

    it("delivers the app's e-mail through SMTP_URL and keeps SMS in the in-house outbox", async () => {
      const smtp = await startFakeSmtpServer();
      const server = await startAccountsServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Playfair <mail@playfair.test>" } });
      try {
        const player = await createPlayer(server);
        expect((await server.request("/api/player/passwords/reset", jsonRequest("POST", { email: player.email }))).status).toBe(202);
        await expect.poll(async () => (await latestMessage(server, player.email ?? "", "password-reset")).deliveredBy, { timeout: 5_000, interval: 25 }).toBe("smtp");
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]?.data).toContain("Subject: Reset your Playfair password");
        expect(smtp.received[0]?.to).toEqual([expect.stringContaining(player.email ?? "-")]);

        const phone = "+4915123777001";
        expect((await server.request("/api/player/otp/send", jsonRequest("POST", { phone, purpose: "registration" }))).status).toBe(200);
        await expect.poll(async () => (await latestMessage(server, phone, "otp")).deliveredBy, { timeout: 5_000, interval: 25 }).toBe("outbox");
        expect(smtp.received).toHaveLength(1);
      } finally {
        await server.close();
        await smtp.close();
      }
    });
  });
});

describe(`development mailbox (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists messages newest first with clickable links, and is never indexed", async () => {
    const recipient = `page.${Date.now()}@example.com`;
    const { outbox } = server.app.services;
    await outbox.enqueue(server.database.db, { ...sampleMessage(recipient), subject: "First <one>", text: "Open https://example.test/verify/first now" });
    await outbox.enqueue(server.database.db, { ...sampleMessage(recipient), subject: "Second", text: "Open https://example.test/verify/second?x=1&y=2 now" });

    const response = await server.request(`/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('<a href="https://example.test/verify/second?x=1&amp;y=2">');
    expect(html).toContain("First &lt;one&gt;");
    expect(html.indexOf("Second")).toBeLessThan(html.indexOf("First &lt;one&gt;"));

    const all = await server.request("/dev/mailbox");
    expect(all.status).toBe(200);
    expect(await all.text()).toContain(recipient);
  });

  it("answers JSON for tests, filtered by recipient (a phone's '+' may arrive unencoded)", async () => {
    const phone = "+4915123777002";
    await server.app.services.outbox.enqueue(server.database.db, { channel: "sms", recipient: phone, template: "otp", locale: "en", text: "123456 is your Playfair code." });
    const response = await server.request(`/dev/mailbox.json?recipient=${phone}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    const body = await readJson(response);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ channel: "sms", recipient: phone, code: "123456", links: [], subject: null });
  });

  it("does not exist when the mailbox is switched off", async () => {
    const closed = await startAccountsServer({ env: { MAILBOX_ENABLED: "false" } });
    try {
      expect((await closed.request("/dev/mailbox")).status).toBe(404);
      expect((await closed.request("/dev/mailbox.json")).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it("is off in a production deployment", () => {
    const config = loadConfig({ NODE_ENV: "production", DEPLOYMENT: "production", AUTH_SECRETS: "a-secret-of-the-operator", PUBLIC_ORIGIN: "https://playfair.example" });
    expect(config.accounts.mailboxEnabled).toBe(false);
  });
});
