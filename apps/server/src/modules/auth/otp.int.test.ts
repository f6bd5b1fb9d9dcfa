import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, OtpSendResponseSchema } from "@playfair/contracts/player/otp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { createPlayer, createTestClock, jsonRequest, latestMessage, mailbox, signIn, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { players } from "../player/player.schema.ts";
import { oneTimeCodes } from "./auth.schema.ts";

const clock = createTestClock();
let server: TestServer;
let phoneSequence = 0;

/** A distinct, valid German mobile number per call. */
function newPhone(): string {
  phoneSequence += 1;
  return `+4915123${String(400_000 + phoneSequence).padStart(6, "0")}`;
}

async function send(body: Record<string, unknown>, accessToken?: string) {
  return server.request("/api/player/otp/send", jsonRequest("POST", body, accessToken));
}

async function verify(body: Record<string, unknown>, accessToken?: string) {
  return server.request("/api/player/otp/verify", jsonRequest("POST", body, accessToken));
}

async function sentCode(recipient: string): Promise<string> {
  const message = await latestMessage(server, recipient, "otp");
  if (!message.code) throw new Error("the message carries no code");
  return message.code;
}

function wrongCode(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

async function expectFieldError(response: Response, field: string, message: string) {
  expect(response.status).toBe(422);
  const body = await readJson(response);
  expect(body.code).toBe("VALIDATION_FAILED");
  expect(body.errors[field]).toEqual([message]);
}

beforeAll(async () => {
  server = await startAccountsServer({ clock });
});

afterAll(async () => {
  await server.close();
});

describe(`one-time codes (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  describe("public SMS codes", () => {
    it("sends a six-digit registration code by SMS and stores only a keyed hash of it", async () => {
      const phone = newPhone();
      const response = await send({ phone, purpose: "registration" });
      expect(response.status).toBe(200);
      const body = OtpSendResponseSchema.parse(await readJson(response));
      expect(body.codeLength).toBe(6);
      expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(OTP_TTL_SECONDS * 1000);
      expect(new Date(body.resendAvailableAt).getTime() - clock.now().getTime()).toBe(OTP_RESEND_SECONDS * 1000);

      const [message] = await mailbox(server, phone);
      expect(message).toMatchObject({ channel: "sms", template: "otp", recipient: phone });
      expect(message?.code).toMatch(/^\d{6}$/);
      expect(message?.text).toContain("expires in 5 minutes");

      const rows = await server.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.codeHash).not.toContain(message?.code ?? "-");
    });

    it("normalises the number to E.164", async () => {
      const phone = newPhone();
      const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
      expect((await send({ phone: spaced, purpose: "registration" })).status).toBe(200);
      expect(await mailbox(server, phone)).toHaveLength(1);
    });

    it("answers 422 on phone with the message of the parse error kind", async () => {
      await expectFieldError(await send({ phone: "+49 1", purpose: "registration" }), "phone", "The phone number is too short");
      await expectFieldError(await send({ phone: "+4915123456789012345", purpose: "registration" }), "phone", "The phone number is too long");
      await expectFieldError(await send({ phone: "12345678", purpose: "registration" }), "phone", "The phone number needs a valid country code, such as +44");
      await expectFieldError(await send({ phone: "call me", purpose: "registration" }), "phone", "The value is not a valid phone number");
      await expectFieldError(await send({ purpose: "registration" }), "phone", "Value is required");
    });

    it("refuses a registration code for a number that already has an account", async () => {
      const phone = newPhone();
      await createPlayer(server, { phone });
      await expectFieldError(await send({ phone, purpose: "registration" }), "phone", "This phone number is already registered.");
      expect(await mailbox(server, phone)).toHaveLength(0);
    });

    it("answers sign-in and password-reset requests for unknown numbers like the others but sends nothing", async () => {
      const phone = newPhone();
      const response = await send({ phone, purpose: "sign-in" });
      expect(response.status).toBe(200);
      OtpSendResponseSchema.parse(await readJson(response));
      expect(await mailbox(server, phone)).toHaveLength(0);

      const owner = newPhone();
      await createPlayer(server, { phone: owner, language: "de" });
      expect((await send({ phone: owner, purpose: "password-reset" })).status).toBe(200);
      const [message] = await mailbox(server, owner);
      expect(message?.locale).toBe("de");
      expect(message?.text).toContain("ist dein Playfair-Code");
    });

    it("throttles resends per number and purpose with 429 and Retry-After; a new code supersedes the old one", async () => {
      const phone = newPhone();
      expect((await send({ phone, purpose: "registration" })).status).toBe(200);
      const firstCode = await sentCode(phone);

      clock.advanceSeconds(20);
      const throttled = await send({ phone, purpose: "registration" });
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get("retry-after")).toBe(String(OTP_RESEND_SECONDS - 20));
      expect((await readJson(throttled)).code).toBe("RATE_LIMITED");
      // Another purpose for the same number has its own pause (sign-in to a number without an account sends nothing).
      expect((await send({ phone, purpose: "sign-in" })).status).toBe(200);

      clock.advanceSeconds(OTP_RESEND_SECONDS - 20);
      expect((await send({ phone, purpose: "registration" })).status).toBe(200);
      const secondCode = await sentCode(phone);
      expect(await mailbox(server, phone)).toHaveLength(2);

      if (firstCode !== secondCode) {
        await expectFieldError(await verify({ phone, purpose: "registration", code: firstCode }), "code", "The code is incorrect or has expired.");
      }
      expect((await verify({ phone, purpose: "registration", code: secondCode })).status).toBe(200);
    });

    it("limits codes per number to ten an hour", async () => {
      const phone = newPhone();
      for (let index = 0; index < 10; index++) {
        expect((await send({ phone, purpose: "registration" })).status).toBe(200);
        clock.advanceSeconds(OTP_RESEND_SECONDS);
      }
      const limited = await send({ phone, purpose: "registration" });
      expect(limited.status).toBe(429);
      // The oldest of the ten leaves the hour window 3600 - 10 * 60 seconds from now.
      expect(limited.headers.get("retry-after")).toBe(String(3600 - 10 * OTP_RESEND_SECONDS));
    });

    it("checks a registration code without using it up; wrong codes answer 422 on code", async () => {
      const phone = newPhone();
      await send({ phone, purpose: "registration" });
      const code = await sentCode(phone);
      await expectFieldError(await verify({ phone, purpose: "registration", code: wrongCode(code) }), "code", "The code is incorrect or has expired.");
      expect(await readJson(await verify({ phone, purpose: "registration", code }))).toEqual({ verified: true });
      // Still usable by the registration that follows.
      expect((await verify({ phone, purpose: "registration", code })).status).toBe(200);
      await server.app.services.otp.consume({ channel: "sms", destination: phone, purpose: "registration", code });
      await expectFieldError(await verify({ phone, purpose: "registration", code }), "code", "The code is incorrect or has expired.");
      // A consumed code never works twice.
      await expect(server.app.services.otp.consume({ channel: "sms", destination: phone, purpose: "registration", code })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        fieldErrors: { code: ["The code is incorrect or has expired."] },
      });
    });

    it("stops accepting a code after OTP_MAX_ATTEMPTS wrong tries", async () => {
      const phone = newPhone();
      await send({ phone, purpose: "registration" });
      const code = await sentCode(phone);
      for (let attempt = 0; attempt < OTP_MAX_ATTEMPTS; attempt++) {
        expect((await verify({ phone, purpose: "registration", code: wrongCode(code) })).status).toBe(422);
      }
      await expectFieldError(await verify({ phone, purpose: "registration", code }), "code", "The code is incorrect or has expired.");
      const [row] = await server.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone));
      expect(row?.attempts).toBe(OTP_MAX_ATTEMPTS);
    });

    it("refuses a code after OTP_TTL_SECONDS", async () => {
      const phone = newPhone();
      await send({ phone, purpose: "registration" });
      const code = await sentCode(phone);
      clock.advanceSeconds(OTP_TTL_SECONDS - 1);
      expect((await verify({ phone, purpose: "registration", code })).status).toBe(200);
      clock.advanceSeconds(1);
      await expectFieldError(await verify({ phone, purpose: "registration", code }), "code", "The code is incorrect or has expired.");
    });

    it("consume() inside a caller's transaction commits with it, and a rolled-back caller leaves the code usable", async () => {
      const phone = newPhone();
      await send({ phone, purpose: "registration" });
      const code = await sentCode(phone);
      const { otp } = server.app.services;
      const rollback = new Error("the caller failed");
      await expect(
        server.database.db.transaction(async (tx) => {
          await otp.consume({ channel: "sms", destination: phone, purpose: "registration", code, executor: tx });
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect((await verify({ phone, purpose: "registration", code })).status).toBe(200);

      // A wrong code inside a transaction that rolls back still counts as an attempt.
      await expect(
        server.database.db.transaction(async (tx) => {
          await otp.consume({ channel: "sms", destination: phone, purpose: "registration", code: wrongCode(code), executor: tx });
        }),
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      await expect.poll(async () => (await server.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone)))[0]?.attempts).toBe(1);

      await server.database.db.transaction(async (tx) => {
        await otp.consume({ channel: "sms", destination: phone, purpose: "registration", code, executor: tx });
      });
      expect((await verify({ phone, purpose: "registration", code })).status).toBe(422);
    });

    it("validates the request body (unknown purpose) with 422", async () => {
      const response = await send({ phone: newPhone(), purpose: "launch-missiles" });
      expect(response.status).toBe(422);
      expect(Object.keys((await readJson(response)).errors)).toContain("purpose");
    });
  });

  describe("signed-in phone codes", () => {
    it("needs a bearer token for verify-phone and change-phone", async () => {
      const response = await send({ phone: newPhone(), purpose: "verify-phone" });
      expect(response.status).toBe(401);
      expect((await verify({ phone: newPhone(), purpose: "change-phone", code: "123456" })).status).toBe(401);
      expect((await send({ purpose: "verify-phone" }, "not-a-token")).status).toBe(401);
    });

    it("verifies the player's own phone: the code is consumed and the verified time set", async () => {
      const phone = newPhone();
      const player = await createPlayer(server, { phone });
      const { accessToken } = await signIn(server, player.id);
      expect((await send({ purpose: "verify-phone" }, accessToken)).status).toBe(200);
      const code = await sentCode(phone);
      await expectFieldError(await verify({ purpose: "verify-phone", code: wrongCode(code) }, accessToken), "code", "The code is incorrect or has expired.");
      expect(await readJson(await verify({ purpose: "verify-phone", code }, accessToken))).toEqual({ verified: true });
      const [row] = await server.database.db.select().from(players).where(eq(players.id, player.id));
      expect(row?.phoneVerifiedAt?.getTime()).toBe(clock.now().getTime());
      await expectFieldError(await verify({ purpose: "verify-phone", code }, accessToken), "code", "The code is incorrect or has expired.");
    });

    it("asks for a phone when the player has none", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      await expectFieldError(await send({ purpose: "verify-phone" }, accessToken), "phone", "Value is required");
    });

    it("changes the phone to a new number after the code sent to it is entered", async () => {
      const player = await createPlayer(server, { phone: newPhone() });
      const { accessToken } = await signIn(server, player.id);
      const next = newPhone();
      expect((await send({ phone: next, purpose: "change-phone" }, accessToken)).status).toBe(200);
      const code = await sentCode(next);
      expect((await verify({ phone: next, purpose: "change-phone", code }, accessToken)).status).toBe(200);
      const [row] = await server.database.db.select().from(players).where(eq(players.id, player.id));
      expect(row?.phone).toBe(next);
      expect(row?.phoneVerifiedAt).not.toBeNull();
    });

    it("refuses a number another player has, when sending and when it was taken meanwhile", async () => {
      const taken = newPhone();
      await createPlayer(server, { phone: taken });
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      await expectFieldError(await send({ phone: taken, purpose: "change-phone" }, accessToken), "phone", "This phone number is already registered.");

      const contested = newPhone();
      expect((await send({ phone: contested, purpose: "change-phone" }, accessToken)).status).toBe(200);
      const code = await sentCode(contested);
      const rival = await createPlayer(server, { phone: contested });
      await expectFieldError(await verify({ phone: contested, purpose: "change-phone", code }, accessToken), "phone", "This phone number is already registered.");
      // The code was not used up by the refused change.
      await server.database.db.update(players).set({ phone: null }).where(eq(players.id, rival.id));
      expect((await verify({ phone: contested, purpose: "change-phone", code }, accessToken)).status).toBe(200);
    });

    it("does not accept a code that was sent for another player", async () => {
      const alice = await createPlayer(server);
      const bob = await createPlayer(server);
      const aliceToken = (await signIn(server, alice.id)).accessToken;
      const bobToken = (await signIn(server, bob.id)).accessToken;
      const phone = newPhone();
      expect((await send({ phone, purpose: "change-phone" }, aliceToken)).status).toBe(200);
      const code = await sentCode(phone);
      await expectFieldError(await verify({ phone, purpose: "change-phone", code }, bobToken), "code", "The code is incorrect or has expired.");
      expect((await verify({ phone, purpose: "change-phone", code }, aliceToken)).status).toBe(200);
    });

    it("sends e-mail purposes to the e-mail endpoint", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      const response = await send({ purpose: "verify-email" }, accessToken);
      expect(response.status).toBe(422);
      expect(Object.keys((await readJson(response)).errors)).toEqual(["purpose"]);
    });
  });

  describe("signed-in e-mail codes", () => {
    async function sendEmail(body: Record<string, unknown>, accessToken?: string) {
      return server.request("/api/player/otp/email/send", jsonRequest("POST", body, accessToken));
    }

    it("needs a bearer token", async () => {
      expect((await sendEmail({ purpose: "verify-email" })).status).toBe(401);
    });

    it("confirms the player's own address with an e-mail code", async () => {
      const player = await createPlayer(server, { language: "ru" });
      const { accessToken } = await signIn(server, player.id);
      expect((await sendEmail({ purpose: "verify-email" }, accessToken)).status).toBe(200);
      const message = await latestMessage(server, player.email ?? "", "otp");
      expect(message.channel).toBe("email");
      expect(message.subject).toContain("Ваш код Playfair");
      expect(message.html).toContain(`lang="ru"`);
      expect((await verify({ purpose: "verify-email", code: message.code }, accessToken)).status).toBe(200);
      const [row] = await server.database.db.select().from(players).where(eq(players.id, player.id));
      expect(row?.emailVerifiedAt).not.toBeNull();
    });

    it("changes the address to a new one, case-insensitively", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      const next = `New.Address.${Date.now()}@Example.com`;
      expect((await sendEmail({ email: next, purpose: "change-email" }, accessToken)).status).toBe(200);
      const code = await sentCode(next.toLowerCase());
      expect((await verify({ email: next.toUpperCase(), purpose: "change-email", code }, accessToken)).status).toBe(200);
      const [row] = await server.database.db.select().from(players).where(eq(players.id, player.id));
      expect(row?.email).toBe(next.toLowerCase());
      expect(row?.emailVerifiedAt).not.toBeNull();
    });

    it("refuses an invalid address, an address of another player and other purposes", async () => {
      const other = await createPlayer(server);
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      await expectFieldError(await sendEmail({ email: "not-an-address", purpose: "change-email" }, accessToken), "email", "Value is not a valid email address");
      await expectFieldError(await sendEmail({ email: other.email?.toUpperCase(), purpose: "change-email" }, accessToken), "email", "This e-mail address is already registered.");
      const wrongPurpose = await sendEmail({ purpose: "verify-phone" }, accessToken);
      expect(wrongPurpose.status).toBe(422);
      expect(Object.keys((await readJson(wrongPurpose)).errors)).toEqual(["purpose"]);
    });

    it("refuses the change when another player took the address after the code was sent", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      const next = `contested.${Date.now()}@example.com`;
      await sendEmail({ email: next, purpose: "change-email" }, accessToken);
      const code = await sentCode(next);
      await createPlayer(server, { email: next });
      await expectFieldError(await verify({ email: next, purpose: "change-email", code }, accessToken), "email", "This e-mail address is already registered.");
      const [row] = await server.database.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.destination, next), eq(oneTimeCodes.purpose, "change-email")));
      expect(row?.consumedAt).toBeNull();
    });
  });
});
