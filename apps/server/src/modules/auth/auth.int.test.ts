import { AuthSessionSchema, RefreshResponseSchema } from "@playfair/contracts/player/auth";
import { SessionListSchema } from "@playfair/contracts/player/sessions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import {
  bearer,
  jsonPost,
  login,
  movableClock,
  refreshCookieHeader,
  refreshCookieOf,
  registerPlayer,
  startAccountsServer,
  TEST_PASSWORD,
  type RegisteredPlayer,
} from "../player/player-test-helpers.ts";
import { players } from "../player/player.schema.ts";
import { playerSessions } from "./auth.schema.ts";

const clock = movableClock();
let server: TestServer;

beforeAll(async () => {
  // Through a trusted proxy (this test's own loopback), so a request can name another client address.
  server = await startAccountsServer({ now: clock.now, env: { TRUSTED_PROXIES: "127.0.0.1" } });
});

afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;
/** REFRESH_REUSE_GRACE_SECONDS' default. */
const REFRESH_GRACE_MS = 10_000;
const CHROME_ON_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

async function profileStatus(accessToken: string): Promise<number> {
  const response = await server.request("/api/player/profile", bearer(accessToken));
  await response.arrayBuffer();
  return response.status;
}

async function refresh(refreshToken: string, headers: Record<string, string> = {}) {
  const response = await server.request("/api/player/sessions/refresh", jsonPost({}, { ...refreshCookieHeader(refreshToken), ...headers }));
  return { response, json: await readJson(response) };
}

async function sessionRow(sessionId: string) {
  const [row] = await server.database.db.select().from(playerSessions).where(eq(playerSessions.id, sessionId));
  return row;
}

describe(`POST /api/player/sessions (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("signs in by e-mail in any case, starts a new session and ends isNewlyRegistered", async () => {
    const player = await registerPlayer(server);
    const response = await login(server, player.email.toUpperCase(), TEST_PASSWORD, { "user-agent": CHROME_ON_ANDROID, platform: "tg" });
    expect(response.status).toBe(200);
    const session = AuthSessionSchema.parse(await readJson(response));
    expect(session.sessionId).not.toBe(player.sessionId);
    expect(session.profile).toMatchObject({ id: player.playerId, isNewlyRegistered: false });
    const lifetimeMs = new Date(session.expiresAt).getTime() - clock.now().getTime();
    expect(lifetimeMs).toBeGreaterThan(899_000);
    expect(lifetimeMs).toBeLessThanOrEqual(900_000);
    expect(refreshCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionRow(session.sessionId)).toMatchObject({ method: "password", device: "mobile", browser: "Mobile Chrome 140", os: "Android 14", platform: "tg", ip: "127.0.0.1" });
    expect(await profileStatus(session.accessToken)).toBe(200);
  });

  it("signs in by phone number", async () => {
    const player = await registerPlayer(server);
    await server.database.db.update(players).set({ phone: "+4915199887766" }).where(eq(players.id, player.playerId));
    const response = await login(server, "+49 151 99887766");
    expect(response.status).toBe(200);
    expect((await readJson(response)).profile.id).toBe(player.playerId);
  });

  it("answers the same 401 for a wrong password and an unknown login", async () => {
    const player = await registerPlayer(server);
    for (const [name, password] of [
      [player.email, "wrong password"],
      ["nobody@example.com", TEST_PASSWORD],
      ["12", TEST_PASSWORD],
    ] as const) {
      const response = await login(server, name, password);
      expect(response.status, name).toBe(401);
      const body = await readJson(response);
      expect(body).toMatchObject({ code: "UNAUTHORIZED", message: "The login or password is incorrect." });
    }
  });

  it("refuses blocked and closed players with 403 and a reason, only after the right password", async () => {
    const player = await registerPlayer(server);
    const cases = [
      [{ status: 2 }, "blocked"],
      [{ status: 5 }, "closed"],
    ] as const;
    for (const [change, reason] of cases) {
      await server.database.db.update(players).set(change).where(eq(players.id, player.playerId));
      const response = await login(server, player.email);
      expect(response.status, reason).toBe(403);
      expect((await readJson(response)).reason).toBe(reason);
      expect((await login(server, player.email, "wrong password")).status).toBe(401);
    }
  });

  it("signs self-excluded and cooling-off players in to restricted mode, saying until when (P3)", async () => {
    const player = await registerPlayer(server);
    const until = new Date(clock.now().getTime() + 86_400_000);
    const cases = [
      [{ status: 3, selfExcludedUntil: null, coolingOffUntil: null }, { reason: "selfExcluded", until: null }],
      [{ status: 4, selfExcludedUntil: null, coolingOffUntil: null }, { reason: "coolingOff", until: null }],
      [{ status: 1, selfExcludedUntil: until, coolingOffUntil: null }, { reason: "selfExcluded", until: until.toISOString() }],
      [{ status: 1, selfExcludedUntil: null, coolingOffUntil: until }, { reason: "coolingOff", until: until.toISOString() }],
      [{ status: 1, selfExcludedUntil: null, coolingOffUntil: null }, null],
    ] as const;
    for (const [change, restriction] of cases) {
      await server.database.db.update(players).set(change).where(eq(players.id, player.playerId));
      const response = await login(server, player.email);
      expect(response.status).toBe(200);
      expect((await readJson(response)).profile.restriction).toEqual(restriction);
      expect((await login(server, player.email, "wrong password")).status).toBe(401);
    }
  });

  it("lets parallel sign-ins of one player each start their own session", async () => {
    const player = await registerPlayer(server);
    const responses = await Promise.all([1, 2, 3].map(() => login(server, player.email)));
    const sessions = await Promise.all(responses.map((response) => readJson(response)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(new Set(sessions.map((session) => session.sessionId)).size).toBe(3);
  });
});

describe("access tokens", () => {
  it("expire after 900 seconds", async () => {
    const player = await registerPlayer(server);
    clock.advance(899_000);
    expect(await profileStatus(player.accessToken)).toBe(200);
    clock.advance(2_000);
    expect(await profileStatus(player.accessToken)).toBe(401);
  });

  it("refuses forged and malformed tokens", async () => {
    const player = await registerPlayer(server);
    const [header, payload] = player.accessToken.split(".");
    expect(await profileStatus(`${header}.${payload}.${"A".repeat(43)}`)).toBe(401);
    expect(await profileStatus("not.a.token")).toBe(401);
  });
});

describe("POST /api/player/sessions/refresh", () => {
  it("rotates the refresh token, issues a new access token and records the activity", async () => {
    const player = await registerPlayer(server);
    clock.advance(5 * MINUTE);
    const { response, json } = await refresh(player.refreshToken);
    expect(response.status).toBe(200);
    const refreshed = RefreshResponseSchema.parse(json);
    expect(refreshed.sessionId).toBe(player.sessionId);
    expect(refreshed.accessToken).not.toBe(player.accessToken);
    const next = refreshCookieOf(response);
    expect(next).toBeTruthy();
    expect(next).not.toBe(player.refreshToken);
    expect((await sessionRow(player.sessionId))?.lastActiveAt.getTime()).toBe(clock.now().getTime());
    expect(await profileStatus(refreshed.accessToken)).toBe(200);
  });

  it("treats a rotated token used again after the grace period as theft: the whole session ends", async () => {
    const player = await registerPlayer(server);
    const first = await refresh(player.refreshToken);
    expect(first.response.status).toBe(200);
    clock.advance(REFRESH_GRACE_MS + 1_000);
    const reuse = await refresh(player.refreshToken);
    expect(reuse.response.status).toBe(401);
    expect((await sessionRow(player.sessionId))?.revokeReason).toBe("refresh-reuse");
    // Every token of the family stops working at once.
    expect(await profileStatus(first.json.accessToken)).toBe(401);
    expect((await refresh(refreshCookieOf(first.response) ?? "")).response.status).toBe(401);
  });

  it("treats a rotated token used again by another client as theft, even within the grace period", async () => {
    const otherClients: Record<string, string>[] = [{ "user-agent": "curl/8.5.0" }, { "x-forwarded-for": "198.51.100.23" }];
    for (const otherClient of otherClients) {
      const player = await registerPlayer(server);
      expect((await refresh(player.refreshToken)).response.status).toBe(200);
      clock.advance(1_000);
      const reuse = await refresh(player.refreshToken, otherClient);
      expect(reuse.response.status).toBe(401);
      expect((await sessionRow(player.sessionId))?.revokeReason).toBe("refresh-reuse");
    }
  });

  it("lets the client that rotated a token use it again within the grace period (a lost answer): a fresh pair, the session stays", async () => {
    const player = await registerPlayer(server);
    const lost = await refresh(player.refreshToken);
    expect(lost.response.status).toBe(200);
    clock.advance(REFRESH_GRACE_MS - 1_000);
    const retried = await refresh(player.refreshToken);
    expect(retried.response.status).toBe(200);
    const refreshed = RefreshResponseSchema.parse(retried.json);
    expect(refreshed.sessionId).toBe(player.sessionId);
    const retriedToken = refreshCookieOf(retried.response);
    expect(retriedToken).toBeTruthy();
    expect(retriedToken).not.toBe(refreshCookieOf(lost.response));
    expect((await sessionRow(player.sessionId))?.revokedAt).toBeNull();
    expect(await profileStatus(refreshed.accessToken)).toBe(200);

    // Rotating the token the client kept retires the one the lost answer carried: a copy of it is theft.
    expect((await refresh(retriedToken ?? "")).response.status).toBe(200);
    expect((await refresh(refreshCookieOf(lost.response) ?? "")).response.status).toBe(401);
    expect((await sessionRow(player.sessionId))?.revokeReason).toBe("refresh-reuse");
  });

  it("with REFRESH_REUSE_GRACE_SECONDS=0 treats even the rotating client's second use as theft", async () => {
    const strict = await startAccountsServer({ database: server.database, closeDatabase: false, env: { REFRESH_REUSE_GRACE_SECONDS: "0" } });
    try {
      const player = await registerPlayer(strict);
      const strictRefresh = (token: string) => strict.request("/api/player/sessions/refresh", jsonPost({}, refreshCookieHeader(token)));
      expect((await strictRefresh(player.refreshToken)).status).toBe(200);
      expect((await strictRefresh(player.refreshToken)).status).toBe(401);
      expect((await sessionRow(player.sessionId))?.revokeReason).toBe("refresh-reuse");
    } finally {
      await strict.close();
    }
  });

  it("lets two parallel refreshes of one client with one token both succeed without ending the session", async () => {
    const player = await registerPlayer(server);
    const results = await Promise.all([refresh(player.refreshToken), refresh(player.refreshToken)]);
    expect(results.map((result) => result.response.status)).toEqual([200, 200]);
    expect((await sessionRow(player.sessionId))?.revokedAt).toBeNull();
    const [kept] = results;
    expect(await profileStatus(kept?.json.accessToken)).toBe(200);
    expect((await refresh((kept && refreshCookieOf(kept.response)) ?? "")).response.status).toBe(200);
  });

  it("answers 401 without a cookie, with an unknown token and after the session's 30 days", async () => {
    const noCookie = await server.request("/api/player/sessions/refresh", jsonPost({}));
    expect(noCookie.status).toBe(401);
    expect((await refresh("x".repeat(43))).response.status).toBe(401);
    const player = await registerPlayer(server);
    clock.advance(30 * 24 * 60 * MINUTE + 1_000);
    const expired = await refresh(player.refreshToken);
    expect(expired.response.status).toBe(401);
    expect(expired.json.message).toBe("Your session has ended. Please sign in again.");
  });

  it("refuses cross-site requests (S6): a non-JSON body or a foreign Origin", async () => {
    const player = await registerPlayer(server);
    const form = await server.request("/api/player/sessions/refresh", {
      method: "POST",
      headers: { "content-type": "text/plain", ...refreshCookieHeader(player.refreshToken) },
      body: "{}",
    });
    expect(form.status).toBe(403);
    const foreign = await refresh(player.refreshToken, { origin: "https://evil.example" });
    expect(foreign.response.status).toBe(403);
    expect(foreign.json.reason).toBe("csrf");
    const sameOrigin = await refresh(player.refreshToken, { origin: server.baseUrl });
    expect(sameOrigin.response.status).toBe(200);
  });

  it("ends the session of a player blocked meanwhile with 403", async () => {
    const player = await registerPlayer(server);
    await server.database.db.update(players).set({ status: 2 }).where(eq(players.id, player.playerId));
    const { response, json } = await refresh(player.refreshToken);
    expect(response.status).toBe(403);
    expect(json.reason).toBe("blocked");
    expect(await profileStatus(player.accessToken)).toBe(401);
  });
});

describe("POST /api/player/sessions/logout", () => {
  it("ends the session named by the bearer token at once and clears the cookie", async () => {
    const player = await registerPlayer(server);
    const response = await server.request("/api/player/sessions/logout", bearer(player.accessToken, jsonPost({})));
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith("refresh_token=;"));
    expect(cleared).toMatch(/; Path=\/api\/player\/sessions(;|$)/);
    expect(cleared).toMatch(/; Max-Age=0(;|$)/);
    expect(await profileStatus(player.accessToken)).toBe(401);
    expect((await refresh(player.refreshToken)).response.status).toBe(401);
    expect((await sessionRow(player.sessionId))?.revokeReason).toBe("logout");
  });

  it("ends the session named by the refresh cookie when no bearer token is sent", async () => {
    const player = await registerPlayer(server);
    const response = await server.request("/api/player/sessions/logout", jsonPost({}, refreshCookieHeader(player.refreshToken)));
    expect(response.status).toBe(204);
    expect(await profileStatus(player.accessToken)).toBe(401);
    const crossSite = await server.request("/api/player/sessions/logout", jsonPost({}, { ...refreshCookieHeader(player.refreshToken), origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
  });

  it("answers 204 when there is nothing to end", async () => {
    const response = await server.request("/api/player/sessions/logout", jsonPost({}));
    expect(response.status).toBe(204);
  });
});

describe("session list and closing", () => {
  let player: RegisteredPlayer;
  let otherSession: { accessToken: string; sessionId: string; refreshToken: string };

  beforeAll(async () => {
    player = await registerPlayer(server);
    clock.advance(MINUTE);
    const response = await login(server, player.email, TEST_PASSWORD, { "user-agent": CHROME_ON_ANDROID });
    const json = await readJson(response);
    otherSession = { accessToken: json.accessToken, sessionId: json.sessionId, refreshToken: refreshCookieOf(response) ?? "" };
  });

  it("lists live sessions, most recent first, with the current one marked", async () => {
    const response = await server.request("/api/player/sessions", bearer(player.accessToken));
    expect(response.status).toBe(200);
    const list = SessionListSchema.parse(await readJson(response));
    expect(list.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 2 });
    expect(list.data.map((session) => [session.id, session.isCurrent])).toEqual([
      [otherSession.sessionId, false],
      [player.sessionId, true],
    ]);
    expect(list.data[0]).toMatchObject({ device: "mobile", browser: "Mobile Chrome 140", os: "Android 14", ip: "127.0.0.1", method: "password" });
    const paged = await readJson(await server.request("/api/player/sessions?page=2&perPage=1", bearer(player.accessToken)));
    expect(paged.meta).toEqual({ page: 2, perPage: 1, totalPages: 2, totalRows: 2 });
    expect(paged.data.map((session: { id: string }) => session.id)).toEqual([player.sessionId]);
    expect((await server.request("/api/player/sessions")).status).toBe(401);
    expect((await server.request("/api/player/sessions?perPage=1000", bearer(player.accessToken))).status).toBe(422);
  });

  it("closes one session: its tokens stop working at once", async () => {
    const stranger = await registerPlayer(server);
    const foreign = await server.request(`/api/player/sessions/${stranger.sessionId}/close`, bearer(player.accessToken, { method: "PUT" }));
    expect(foreign.status).toBe(404);
    expect(await profileStatus(stranger.accessToken)).toBe(200);
    expect((await server.request("/api/player/sessions/not-a-uuid/close", bearer(player.accessToken, { method: "PUT" }))).status).toBe(422);

    const response = await server.request(`/api/player/sessions/${otherSession.sessionId}/close`, bearer(player.accessToken, { method: "PUT" }));
    expect(response.status).toBe(204);
    expect(await profileStatus(otherSession.accessToken)).toBe(401);
    expect((await refresh(otherSession.refreshToken)).response.status).toBe(401);
    const again = await server.request(`/api/player/sessions/${otherSession.sessionId}/close`, bearer(player.accessToken, { method: "PUT" }));
    expect(again.status).toBe(404);
  });

  it("closes every other session and keeps the current one", async () => {
    const second = await readJson(await login(server, player.email));
    const third = await readJson(await login(server, player.email));
    const response = await server.request("/api/player/sessions/close-other", bearer(player.accessToken, jsonPost({})));
    expect(response.status).toBe(204);
    expect(await profileStatus(second.accessToken)).toBe(401);
    expect(await profileStatus(third.accessToken)).toBe(401);
    expect(await profileStatus(player.accessToken)).toBe(200);
    const list = await readJson(await server.request("/api/player/sessions", bearer(player.accessToken)));
    expect(list.data.map((session: { id: string }) => session.id)).toEqual([player.sessionId]);
  });
});

describe("POST /api/player/sessions/token (auto-login)", () => {
  it("signs in once with a token and its state", async () => {
    const player = await registerPlayer(server);
    const token = await server.app.services.sessions.issueAutologinToken(player.playerId, "state-1");
    const wrongState = await server.request("/api/player/sessions/token", jsonPost({ token, state: "state-2" }));
    expect(wrongState.status).toBe(401);
    const response = await server.request("/api/player/sessions/token", jsonPost({ token, state: "state-1" }));
    expect(response.status).toBe(200);
    const session = AuthSessionSchema.parse(await readJson(response));
    expect(session.profile.id).toBe(player.playerId);
    expect((await sessionRow(session.sessionId))?.method).toBe("token");
    const reused = await server.request("/api/player/sessions/token", jsonPost({ token, state: "state-1" }));
    expect(reused.status).toBe(401);
    expect((await readJson(reused)).message).toBe("The sign-in link is invalid or has expired.");
  });

  it("refuses an expired token and malformed input", async () => {
    const player = await registerPlayer(server);
    const token = await server.app.services.sessions.issueAutologinToken(player.playerId, "s");
    clock.advance(16 * MINUTE);
    expect((await server.request("/api/player/sessions/token", jsonPost({ token, state: "s" }))).status).toBe(401);
    expect((await server.request("/api/player/sessions/token", jsonPost({ token: "short", state: "s" }))).status).toBe(422);
  });
});

describe("revocation across processes", () => {
  it("refuses, within the polling interval, a token whose session another process closed", async () => {
    const other = await startAccountsServer({ database: server.database, closeDatabase: false, now: clock.now });
    try {
      const player = await registerPlayer(server);
      expect(await profileStatus(player.accessToken)).toBe(200);
      // The generated signing key is shared through the database, so the other process accepts the token.
      expect((await other.request("/api/player/profile", bearer(player.accessToken))).status).toBe(200);
      // Closed through the other process's API.
      const response = await other.request("/api/player/sessions/logout", bearer(player.accessToken, jsonPost({})));
      expect(response.status).toBe(204);
      const deadline = Date.now() + 5_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await profileStatus(player.accessToken);
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("password hashes", () => {
  it("re-hashes a hash with outdated argon2 parameters at sign-in", async () => {
    const stronger = await startAccountsServer({ database: server.database, closeDatabase: false, now: clock.now, env: { ARGON2_ITERATIONS: "3" } });
    try {
      const player = await registerPlayer(server);
      const before = (await server.database.db.select().from(players).where(eq(players.id, player.playerId)))[0]?.passwordHash;
      expect(before).toContain("t=2");
      expect((await login(stronger, player.email)).status).toBe(200);
      const after = (await server.database.db.select().from(players).where(eq(players.id, player.playerId)))[0]?.passwordHash;
      expect(after).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=3\$/);
      // The new hash still holds the same password.
      expect((await login(stronger, player.email)).status).toBe(200);
      expect((await login(server, player.email)).status).toBe(200);
    } finally {
      await stronger.close();
    }
  });
});
