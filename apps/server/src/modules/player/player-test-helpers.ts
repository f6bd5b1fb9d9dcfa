// Shared by the accounts integration tests (auth and player modules); not used by the app.
import { REFRESH_TOKEN_COOKIE } from "@playfair/contracts/player/auth";
import { readJson, startTestServer, type TestDatabase, type TestServer } from "../../../test/test-server.ts";

export const TEST_PASSWORD = "correct horse battery";

/** A clock tests can move: `clock.now()` is handed to buildApp, `clock.advance(ms)` moves it. */
export function movableClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** startTestServer with captcha off; a second server can share the first one's database and leave it open. */
export async function startAccountsServer(
  options: { env?: Record<string, string>; now?: () => Date; database?: TestDatabase; closeDatabase?: boolean } = {},
): Promise<TestServer> {
  const { database, closeDatabase = true } = options;
  // The database is the first server's to close: this one hands startTestServer a handle whose close does nothing.
  const shared = database && !closeDatabase ? { ...database, close: async () => {} } : database;
  return startTestServer({
    env: { CAPTCHA_PROVIDER: "off", ...options.env },
    ...(options.now ? { now: options.now } : {}),
    ...(shared ? { database: shared } : {}),
  });
}

let sequence = 0;

/** A unique e-mail address per call, so tests in one database never collide. */
export function uniqueEmail(prefix = "player"): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}@example.com`;
}

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: uniqueEmail(), password: TEST_PASSWORD, country: "DE", currency: "EUR", agreements: true, ...overrides };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export function bearer(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } };
}

/** The refresh token a response set, or null. */
export function refreshCookieOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${REFRESH_TOKEN_COOKIE}=([^;]*)`).exec(cookie);
    if (match) return match[1] ?? null;
  }
  return null;
}

export function refreshCookieHeader(token: string): Record<string, string> {
  return { cookie: `${REFRESH_TOKEN_COOKIE}=${token}` };
}

export type RegisteredPlayer = { playerId: string; email: string; accessToken: string; sessionId: string; refreshToken: string };

/** Registers by e-mail and returns the signed-in session; fails the test on any other answer. */
export async function registerPlayer(server: TestServer, overrides: Record<string, unknown> = {}): Promise<RegisteredPlayer> {
  const body = registrationBody(overrides);
  const response = await server.request("/api/player/register", jsonPost(body));
  const json = await readJson(response);
  if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${JSON.stringify(json)}`);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error("registration set no refresh cookie");
  return { playerId: json.playerId, email: String(body.email), accessToken: json.session.accessToken, sessionId: json.session.sessionId, refreshToken };
}

/**
 * Renews `player`'s access token the way the browser does (refresh cookie, rotated): for tests whose
 * moving clock can pass the access token's 15 minutes.
 */
export async function refreshPlayer(server: TestServer, player: RegisteredPlayer): Promise<void> {
  const response = await server.request("/api/player/sessions/refresh", jsonPost({}, refreshCookieHeader(player.refreshToken)));
  const json = await readJson(response);
  if (response.status !== 200) throw new Error(`refresh answered ${response.status}: ${JSON.stringify(json)}`);
  player.accessToken = json.accessToken;
  player.refreshToken = refreshCookieOf(response) ?? player.refreshToken;
}

export async function login(server: TestServer, loginName: string, password = TEST_PASSWORD, headers: Record<string, string> = {}): Promise<Response> {
  return server.request("/api/player/sessions", jsonPost({ login: loginName, password }, headers));
}
