// Players for browser tests, made through the real HTTP API the way a browser would (captcha
// included: the e2e server runs the default ALTCHA proof of work, solved here with altcha-lib).
import type { AuthSession, RegisterResponse } from "@playfair/contracts/player/auth";
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

const E2E_PASSWORD = "Correct-Horse-42";

let sequence = 0;

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(label = "player"): string {
  sequence += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${sequence}@e2e.playfair.test`;
}

/** A solved ALTCHA challenge from GET /api/captcha/challenge, in the widget's payload format. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/captcha/challenge");
  expect(response.status(), "GET /api/captcha/challenge").toBe(200);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The captcha challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export type RegisteredPlayer = { email: string; password: string; playerId: string; session: AuthSession };

/**
 * Registers (and signs in) a player by e-mail with POST /api/player/register. The request
 * context keeps the refresh cookie the answer sets: pass a page's `page.request` (its browser
 * context's cookie jar) and then `signInBrowser` to use the session in that context's pages.
 */
export async function registerPlayer(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<RegisteredPlayer> {
  const email = typeof overrides.email === "string" ? overrides.email : uniqueEmail();
  const password = typeof overrides.password === "string" ? overrides.password : E2E_PASSWORD;
  const body = {
    email,
    password,
    password_confirmation: password,
    country: "DE",
    currency: "EUR",
    agreements: true,
    captcha: await solveCaptcha(request),
    ...overrides,
  };
  const response = await request.post("/api/player/register", { data: body });
  expect(response.status(), `POST /api/player/register: ${await response.text()}`).toBe(201);
  const result = (await response.json()) as RegisterResponse;
  if (!result.session) throw new Error("The registration did not sign the player in");
  return { email, password, playerId: result.playerId, session: result.session };
}

/**
 * Puts an access token where the site keeps it on the web: the `access_token` cookie (the refresh
 * cookie is already in the context when the player was registered through its `request`).
 */
export async function setAccessTokenCookie(context: BrowserContext, baseURL: string, accessToken: string): Promise<void> {
  await context.addCookies([{ name: "access_token", value: accessToken, url: baseURL, sameSite: "Lax" }]);
}

/** A German mobile number nobody has used in this run. */
export function uniquePhone(): { typed: string; e164: string } {
  const digits = `${Date.now()}`.slice(-8);
  return { typed: `+49 151 ${digits}`, e164: `+49151${digits}` };
}

export type MailboxMessage = { recipient: string; channel: string; links: string[]; code: string | null; template: string };

/** Waits for a message to the recipient in the dev mailbox (/dev/mailbox.json) and returns the first that matches. */
export async function waitForMailboxMessage(request: APIRequestContext, recipient: string, matches: (message: MailboxMessage) => boolean): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox.json?recipient=${encodeURIComponent(recipient)}`);
        if (!response.ok()) return false;
        const body = (await response.json()) as { data: MailboxMessage[] };
        found = body.data.find(matches);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as MailboxMessage;
}
