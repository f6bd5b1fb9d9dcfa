import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { actionTokens } from "../auth/auth.schema.ts";
import { EMAIL_CONFIRMATION_TTL_SECONDS, sendEmailConfirmation } from "../auth/email-confirmation.ts";
import { players } from "../player/player.schema.ts";
import { createPlayer, createTestClock, jsonRequest, latestMessage, linkToken, mailbox, signIn, startAccountsServer } from "./accounts-test-kit.ts";

const clock = createTestClock();
let server: TestServer;
const CODE_ERROR = "The code is incorrect or has expired.";

function confirm(code: string) {
  return server.request("/api/player/profile/email/verify/confirm", jsonRequest("POST", { code }));
}

function send(accessToken?: string) {
  return server.request("/api/player/profile/email/verify/send", jsonRequest("POST", {}, accessToken));
}

function resend(accessToken?: string) {
  return server.request("/api/player/profile/confirmations/email/resend", jsonRequest("POST", {}, accessToken));
}

async function emailVerifiedAt(playerId: string): Promise<Date | null> {
  const [row] = await server.database.db.select({ at: players.emailVerifiedAt }).from(players).where(eq(players.id, playerId));
  return row?.at ?? null;
}

beforeAll(async () => {
  server = await startAccountsServer({ clock });
});

afterAll(async () => {
  await server.close();
});

describe(`e-mail confirmation (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("sendEmailConfirmation writes the token and the message inside the caller's transaction", async () => {
    const player = await createPlayer(server, { language: "tr" });
    const email = player.email ?? "";
    await server.database.db.transaction(async (tx) => {
      await sendEmailConfirmation(tx, { playerId: player.id, email: email.toUpperCase(), locale: "tr", origin: "https://casino.example", now: clock.now() });
    });
    const message = await latestMessage(server, email, "verify-email");
    expect(message.links[0]).toMatch(/^https:\/\/casino\.example\/tr\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(message.subject).toBe("E-posta adresinizi onaylayın");
    expect(message.html).toContain('lang="tr"');
    const [token] = await server.database.db
      .select()
      .from(actionTokens)
      .where(and(eq(actionTokens.playerId, player.id), eq(actionTokens.purpose, "verify-email")));
    expect(token?.subject).toBe(email.toLowerCase());
    expect(token?.tokenHash).not.toBe(linkToken(message));
    expect(token?.expiresAt.getTime()).toBe(clock.now().getTime() + EMAIL_CONFIRMATION_TTL_SECONDS * 1000);

    // Rolled back with the caller: no token, no message.
    const other = await createPlayer(server);
    await expect(
      server.database.db.transaction(async (tx) => {
        await sendEmailConfirmation(tx, { playerId: other.id, email: other.email ?? "", locale: "en", origin: "https://casino.example" });
        throw new Error("registration failed");
      }),
    ).rejects.toThrow("registration failed");
    expect(await mailbox(server, other.email ?? "")).toHaveLength(0);
  });

  it("links to /verify/<code> without a prefix for English, and the link confirms the address signed out", async () => {
    const player = await createPlayer(server);
    const { accessToken } = await signIn(server, player.id);
    const response = await send(accessToken);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ sent: true });
    const message = await latestMessage(server, player.email ?? "", "verify-email");
    expect(message.links[0]).toMatch(new RegExp(`^${server.config.publicOrigin}/verify/[A-Za-z0-9_-]{43}$`));
    expect(message.text).toContain("expires in 24 hours");

    const confirmed = await confirm(linkToken(message));
    expect(confirmed.status).toBe(200);
    expect(await readJson(confirmed)).toEqual({ verified: true, alreadyConfirmed: false });
    expect((await emailVerifiedAt(player.id))?.getTime()).toBe(clock.now().getTime());

    // Opened again: the address is confirmed, and the answer says so instead of failing.
    const again = await confirm(linkToken(message));
    expect(again.status).toBe(200);
    expect(await readJson(again)).toEqual({ verified: true, alreadyConfirmed: true });
  });

  it("answers 422 to a used link once the player's address has changed", async () => {
    const player = await createPlayer(server);
    const { accessToken } = await signIn(server, player.id);
    await send(accessToken);
    const code = linkToken(await latestMessage(server, player.email ?? "", "verify-email"));
    expect((await confirm(code)).status).toBe(200);
    await server.database.db
      .update(players)
      .set({ email: `moved.${Date.now()}@example.com` })
      .where(eq(players.id, player.id));
    const again = await confirm(code);
    expect(again.status).toBe(422);
    expect((await readJson(again)).errors).toEqual({ code: [CODE_ERROR] });
  });

  it("throttles sending to once a minute across both endpoints (429 with Retry-After); only the newest link works", async () => {
    const player = await createPlayer(server);
    const { accessToken } = await signIn(server, player.id);
    expect((await resend(accessToken)).status).toBe(200);
    const first = linkToken(await latestMessage(server, player.email ?? "", "verify-email"));
    clock.advanceSeconds(15);
    const throttled = await resend(accessToken);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("45");
    expect((await send(accessToken)).status).toBe(429);
    clock.advanceSeconds(45);
    expect((await send(accessToken)).status).toBe(200);
    const second = linkToken(await latestMessage(server, player.email ?? "", "verify-email"));
    expect(await mailbox(server, player.email ?? "")).toHaveLength(2);
    expect((await confirm(first)).status).toBe(422);
    expect((await confirm(second)).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const player = await createPlayer(server);
    const { accessToken } = await signIn(server, player.id);
    await send(accessToken);
    const code = linkToken(await latestMessage(server, player.email ?? "", "verify-email"));
    clock.advanceSeconds(EMAIL_CONFIRMATION_TTL_SECONDS);
    const response = await confirm(code);
    expect(response.status).toBe(422);
    expect((await readJson(response)).errors).toEqual({ code: [CODE_ERROR] });
    expect(await emailVerifiedAt(player.id)).toBeNull();
  });

  it("does not confirm an address the player no longer has", async () => {
    const player = await createPlayer(server);
    const { accessToken } = await signIn(server, player.id);
    await send(accessToken);
    const code = linkToken(await latestMessage(server, player.email ?? "", "verify-email"));
    await server.database.db
      .update(players)
      .set({ email: `changed.${Date.now()}@example.com` })
      .where(eq(players.id, player.id));
    expect((await confirm(code)).status).toBe(422);
    expect(await emailVerifiedAt(player.id)).toBeNull();
  });

  it("answers 422 for unknown codes and 401 without a bearer token", async () => {
    const response = await confirm("no-such-code");
    expect(response.status).toBe(422);
    expect((await readJson(response)).errors).toEqual({ code: [CODE_ERROR] });
    expect((await send()).status).toBe(401);
    expect((await resend()).status).toBe(401);
  });

  it("answers 409 when the address is already confirmed and 422 when there is none", async () => {
    const confirmed = await createPlayer(server, { emailVerified: true });
    const confirmedSession = await signIn(server, confirmed.id);
    const conflict = await send(confirmedSession.accessToken);
    expect(conflict.status).toBe(409);
    expect((await readJson(conflict)).message).toBe("This e-mail address is already confirmed.");

    const withoutEmail = await createPlayer(server, { email: null, phone: "+4915123999001" });
    const session = await signIn(server, withoutEmail.id);
    const missing = await resend(session.accessToken);
    expect(missing.status).toBe(422);
    expect((await readJson(missing)).errors).toEqual({ email: ["Value is required"] });
  });
});
