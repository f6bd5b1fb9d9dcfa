// Test-only helpers of the messaging, code and password integration tests (imported by
// *.int.test.ts files only; nothing in the app imports this module).
import { AuthSessionSchema } from "@playfair/contracts/player/auth";
import { z } from "zod";
import { readJson, startTestServer, type TestDatabase, type TestServer } from "../../../test/test-server.ts";
import { hashPassword } from "../auth/passwords.ts";
import { players } from "../player/player.schema.ts";

/** A clock the test moves by hand; starts at the real time so database defaults stay comparable. */
export function createTestClock(start: Date = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceSeconds(seconds: number) {
      current += seconds * 1000;
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;

/**
 * The test server of the accounts tests: captcha off unless the env says otherwise, the given
 * clock, and a test-only POST /test/sign-in that starts a real session for a player id (sign-in
 * itself is tested by its owner; these tests need a bearer token).
 */
export async function startAccountsServer(options: { env?: Record<string, string>; clock?: TestClock; database?: TestDatabase } = {}): Promise<TestServer> {
  return startTestServer({
    env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", ...options.env },
    ...(options.clock ? { now: options.clock.now } : {}),
    ...(options.database ? { database: options.database } : {}),
    configure: (app) => {
      app.post("/test/sign-in", async (request, reply) => {
        const { playerId } = z.object({ playerId: z.string() }).parse(request.body);
        return app.services.sessions.signIn({ playerId, method: "password", request, reply });
      });
    },
  });
}

let playerSequence = 0;

/** Inserts a player row directly (the registration endpoint belongs to another module). */
export async function createPlayer(
  server: TestServer,
  input: { email?: string | null; phone?: string | null; password?: string | null; language?: string; emailVerified?: boolean; country?: string } = {},
): Promise<{ id: string; email: string | null; phone: string | null; password: string | null }> {
  playerSequence += 1;
  const email = input.email === undefined ? `player${playerSequence}-${Date.now()}@example.com` : input.email;
  const password = input.password === undefined ? "correct horse battery" : input.password;
  const [row] = await server.database.db
    .insert(players)
    .values({
      email,
      phone: input.phone ?? null,
      passwordHash: password ? await hashPassword(password, server.config.accounts.argon2) : null,
      language: input.language ?? "en",
      currency: "USD",
      country: input.country ?? null,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
    })
    .returning({ id: players.id });
  if (!row) throw new Error("player not inserted");
  return { id: row.id, email, phone: input.phone ?? null, password };
}

/** A signed-in session of the player: its bearer token and session id. */
export async function signIn(server: TestServer, playerId: string): Promise<{ accessToken: string; sessionId: string }> {
  const response = await server.request("/test/sign-in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId }) });
  if (response.status !== 200) throw new Error(`test sign-in failed: ${response.status} ${await response.text()}`);
  const session = AuthSessionSchema.parse(await readJson(response));
  return { accessToken: session.accessToken, sessionId: session.sessionId };
}

export function jsonRequest(method: string, body: unknown, accessToken?: string): RequestInit {
  return {
    method,
    headers: { "content-type": "application/json", ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  };
}

export type MailboxMessage = {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  template: string;
  locale: string;
  subject: string | null;
  text: string;
  html: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveredBy: string | null;
  createdAt: string;
  sentAt: string | null;
  links: string[];
  code: string | null;
};

/** The development mailbox's messages to `recipient`, newest first. */
export async function mailbox(server: TestServer, recipient: string): Promise<MailboxMessage[]> {
  const response = await server.request(`/dev/mailbox.json?recipient=${encodeURIComponent(recipient)}`);
  if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
  return ((await readJson(response)) as { data: MailboxMessage[] }).data;
}

/** The newest message of a template to `recipient`; fails the test when there is none. */
export async function latestMessage(server: TestServer, recipient: string, template: string): Promise<MailboxMessage> {
  const message = (await mailbox(server, recipient)).find((candidate) => candidate.template === template);
  if (!message) throw new Error(`no ${template} message to ${recipient}`);
  return message;
}

/** The last path segment of the message's first link: the token of /verify/:code or /password-reset/:code. */
export function linkToken(message: MailboxMessage): string {
  const link = message.links[0];
  if (!link) throw new Error("the message has no link");
  return new URL(link).pathname.split("/").pop() ?? "";
}
