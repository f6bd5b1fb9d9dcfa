import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { createPlayer, createTestClock, jsonRequest, latestMessage, linkToken, mailbox, signIn, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { players } from "../player/player.schema.ts";
import { playerSessions } from "./auth.schema.ts";
import { verifyPassword } from "./passwords.ts";
import { STREAK_LOCK_AFTER } from "./throttle.ts";

const clock = createTestClock();
let server: TestServer;
const CODE_ERROR = "The code is incorrect or has expired.";

function reset(body: Record<string, unknown>) {
  return server.request("/api/player/passwords/reset", jsonRequest("POST", body));
}

function confirm(body: Record<string, unknown>) {
  return server.request("/api/player/passwords/confirm", jsonRequest("POST", body));
}

function change(body: Record<string, unknown>, accessToken?: string) {
  return server.request("/api/player/passwords", jsonRequest("PUT", body, accessToken));
}

/** A signed-in call that needs a live session: 401 once the session is revoked. */
async function sessionWorks(accessToken: string): Promise<boolean> {
  const response = await server.request("/api/player/otp/email/send", jsonRequest("POST", { purpose: "verify-phone" }, accessToken));
  return response.status !== 401;
}

async function playerRow(id: string) {
  const [row] = await server.database.db.select().from(players).where(eq(players.id, id));
  if (!row) throw new Error("player gone");
  return row;
}

async function expectFieldErrors(response: Response, errors: Record<string, string[]>) {
  expect(response.status).toBe(422);
  const body = await readJson(response);
  expect(body.code).toBe("VALIDATION_FAILED");
  expect(body.errors).toEqual(errors);
}

beforeAll(async () => {
  server = await startAccountsServer({ clock });
});

afterAll(async () => {
  await server.close();
});

describe(`passwords (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  describe("POST /api/player/passwords/reset", () => {
    it("e-mails a single-use reset link and answers 202", async () => {
      const player = await createPlayer(server);
      const response = await reset({ email: player.email?.toUpperCase() });
      expect(response.status).toBe(202);
      expect(await readJson(response)).toEqual({ accepted: true });
      const message = await latestMessage(server, player.email ?? "", "password-reset");
      expect(message.subject).toBe("Reset your Playfair password");
      expect(message.links[0]).toMatch(new RegExp(`^${server.config.publicOrigin}/password-reset/[A-Za-z0-9_-]{43}$`));
      expect(message.text).toContain("expires in 60 minutes");
      expect(message.html).toContain(message.links[0]);
    });

    it("answers the same for an address without an account and sends nothing", async () => {
      const email = `nobody.${Date.now()}@example.com`;
      const response = await reset({ email });
      expect(response.status).toBe(202);
      expect(await readJson(response)).toEqual({ accepted: true });
      expect(await mailbox(server, email)).toHaveLength(0);
    });

    it("puts the player's language into the link and the message", async () => {
      const player = await createPlayer(server, { language: "pt-br" });
      await reset({ email: player.email });
      const message = await latestMessage(server, player.email ?? "", "password-reset");
      expect(message.links[0]).toContain(`${server.config.publicOrigin}/pt-br/password-reset/`);
      expect(message.subject).toBe("Redefina sua senha da Playfair");
    });

    it("answers 422 on email for a malformed address", async () => {
      await expectFieldErrors(await reset({ email: "not an address" }), { email: ["Value is not a valid email address"] });
      await expectFieldErrors(await reset({ email: "" }), { email: ["Value is required"] });
    });

    it("sends at most one link a minute per account, quietly, and only the newest link works", async () => {
      const player = await createPlayer(server);
      await reset({ email: player.email });
      const first = linkToken(await latestMessage(server, player.email ?? "", "password-reset"));
      clock.advanceSeconds(30);
      expect((await reset({ email: player.email })).status).toBe(202);
      expect(await mailbox(server, player.email ?? "")).toHaveLength(1);
      clock.advanceSeconds(30);
      expect((await reset({ email: player.email })).status).toBe(202);
      const messages = await mailbox(server, player.email ?? "");
      expect(messages).toHaveLength(2);
      const second = linkToken(messages[0] ?? (await latestMessage(server, player.email ?? "", "password-reset")));
      expect(second).not.toBe(first);
      await expectFieldErrors(await confirm({ code: first, password: "a new password", password_confirmation: "a new password" }), { code: [CODE_ERROR] });
      expect((await confirm({ code: second, password: "a new password", password_confirmation: "a new password" })).status).toBe(200);
    });
  });

  describe("POST /api/player/passwords/confirm", () => {
    it("sets the new password, confirms the address, ends every session and sends a notice", async () => {
      const player = await createPlayer(server, { language: "tr" });
      const first = await signIn(server, player.id);
      const second = await signIn(server, player.id);
      await reset({ email: player.email });
      const code = linkToken(await latestMessage(server, player.email ?? "", "password-reset"));

      const response = await confirm({ code, password: "brand new secret", password_confirmation: "brand new secret" });
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual({ passwordChanged: true });

      const row = await playerRow(player.id);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.passwordHash ?? "", "brand new secret")).toBe(true);
      expect(await verifyPassword(row.passwordHash ?? "", player.password ?? "")).toBe(false);
      expect(row.passwordChangedAt?.getTime()).toBe(clock.now().getTime());
      expect(row.emailVerifiedAt?.getTime()).toBe(clock.now().getTime());

      const sessions = await server.database.db.select().from(playerSessions).where(eq(playerSessions.playerId, player.id));
      expect(sessions.map((session) => session.revokeReason)).toEqual(["password-changed", "password-changed"]);
      expect(await sessionWorks(first.accessToken)).toBe(false);
      expect(await sessionWorks(second.accessToken)).toBe(false);

      const notice = await latestMessage(server, player.email ?? "", "password-changed");
      expect(notice.subject).toBe("Playfair şifreniz değiştirildi");

      await expectFieldErrors(await confirm({ code, password: "another secret", password_confirmation: "another secret" }), { code: [CODE_ERROR] });
    });

    it("refuses a link older than an hour", async () => {
      const player = await createPlayer(server);
      await reset({ email: player.email });
      const code = linkToken(await latestMessage(server, player.email ?? "", "password-reset"));
      clock.advanceSeconds(3600);
      await expectFieldErrors(await confirm({ code, password: "brand new secret", password_confirmation: "brand new secret" }), { code: [CODE_ERROR] });
      expect(await verifyPassword((await playerRow(player.id)).passwordHash ?? "", player.password ?? "")).toBe(true);
    });

    it("refuses unknown codes", async () => {
      await expectFieldErrors(await confirm({ code: "x".repeat(43), password: "brand new secret", password_confirmation: "brand new secret" }), { code: [CODE_ERROR] });
      const tooShort = await confirm({ code: "short", password: "brand new secret", password_confirmation: "brand new secret" });
      expect(tooShort.status).toBe(422);
      expect(Object.keys((await readJson(tooShort)).errors)).toEqual(["code"]);
    });

    it("validates the new password before touching the code", async () => {
      const player = await createPlayer(server);
      await reset({ email: player.email });
      const code = linkToken(await latestMessage(server, player.email ?? "", "password-reset"));
      await expectFieldErrors(await confirm({ code, password: "short", password_confirmation: "short" }), { password: ["This field should be at least 8 characters long"] });
      await expectFieldErrors(await confirm({ code, password: "long enough", password_confirmation: "different" }), {
        password_confirmation: ["The value must be equal to the password value"],
      });
      expect((await confirm({ code, password: "long enough", password_confirmation: "long enough" })).status).toBe(200);
    });
  });

  describe("PUT /api/player/passwords", () => {
    it("needs a bearer token", async () => {
      expect((await change({ currentPassword: "x", newPassword: "long enough", repeatNewPassword: "long enough" })).status).toBe(401);
    });

    it("changes the password with the current one and ends the other sessions only", async () => {
      const player = await createPlayer(server);
      const current = await signIn(server, player.id);
      const other = await signIn(server, player.id);
      const response = await change({ currentPassword: player.password, newPassword: "a better secret", repeatNewPassword: "a better secret" }, current.accessToken);
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual({ passwordChanged: true });
      expect(await verifyPassword((await playerRow(player.id)).passwordHash ?? "", "a better secret")).toBe(true);
      expect(await sessionWorks(current.accessToken)).toBe(true);
      expect(await sessionWorks(other.accessToken)).toBe(false);
      const [otherSession] = await server.database.db.select().from(playerSessions).where(eq(playerSessions.id, other.sessionId));
      expect(otherSession?.revokeReason).toBe("password-changed");
      expect((await latestMessage(server, player.email ?? "", "password-changed")).subject).toBe("Your Playfair password was changed");
    });

    it("answers field errors for a wrong or missing current password and a bad new one", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      await expectFieldErrors(await change({ currentPassword: "wrong password", newPassword: "a better secret", repeatNewPassword: "a better secret" }, accessToken), {
        currentPassword: ["The current password is incorrect."],
      });
      await expectFieldErrors(await change({ newPassword: "a better secret", repeatNewPassword: "a better secret" }, accessToken), { currentPassword: ["Value is required"] });
      await expectFieldErrors(await change({ currentPassword: player.password, newPassword: "short", repeatNewPassword: "other" }, accessToken), {
        newPassword: ["This field should be at least 8 characters long"],
        repeatNewPassword: ["The value must be equal to the newPassword value"],
      });
      expect(await verifyPassword((await playerRow(player.id)).passwordHash ?? "", player.password ?? "")).toBe(true);
    });

    it("locks after repeated wrong current passwords like sign-in does (429 with Retry-After), for sign-in too", async () => {
      const player = await createPlayer(server);
      const { accessToken } = await signIn(server, player.id);
      const wrong = { currentPassword: "wrong password", newPassword: "a better secret", repeatNewPassword: "a better secret" };
      for (let attempt = 1; attempt <= STREAK_LOCK_AFTER; attempt += 1) expect((await change(wrong, accessToken)).status).toBe(422);
      const locked = await change({ ...wrong, currentPassword: player.password }, accessToken);
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toBe("60");
      expect(await readJson(locked)).toMatchObject({ code: "RATE_LIMITED" });
      const signInWhileLocked = await server.request("/api/player/sessions", jsonRequest("POST", { login: player.email, password: player.password }));
      expect(signInWhileLocked.status).toBe(429);
      await signInWhileLocked.arrayBuffer();
      expect(await verifyPassword((await playerRow(player.id)).passwordHash ?? "", player.password ?? "")).toBe(true);

      clock.advanceSeconds(61);
      expect((await change({ ...wrong, currentPassword: player.password }, accessToken)).status).toBe(200);
    });

    it("lets a player without a password (social sign-up) set one without a current password", async () => {
      const player = await createPlayer(server, { password: null });
      const { accessToken } = await signIn(server, player.id);
      expect((await change({ newPassword: "first password", repeatNewPassword: "first password" }, accessToken)).status).toBe(200);
      expect(await verifyPassword((await playerRow(player.id)).passwordHash ?? "", "first password")).toBe(true);
    });
  });
});
