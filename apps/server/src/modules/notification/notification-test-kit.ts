// Test-only helpers of the notification integration tests (nothing in the app imports this module).
import { AuthSessionSchema } from "@playfair/contracts/player/auth";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";

export const OPERATOR_KEY = "test-operator-key-0123456789";

/** A clock the test moves by hand, starting at the real time so database defaults stay comparable. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceSeconds(seconds: number) {
      current += seconds * 1000;
    },
  };
}

/**
 * The server of these tests: captcha and the global rate limit off, a known operator key, and a
 * test-only POST /test/sign-in that starts a real session for a player id (sign-in is tested by
 * its owner; these tests need bearer tokens).
 */
export async function startNotificationServer(options: { env?: Record<string, string>; now?: () => Date } = {}): Promise<TestServer> {
  return startTestServer({
    env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", OPERATOR_API_KEYS: OPERATOR_KEY, ...options.env },
    ...(options.now ? { now: options.now } : {}),
    configure: (app) => {
      app.post("/test/sign-in", async (request, reply) => {
        const { playerId } = z.object({ playerId: z.string() }).parse(request.body);
        return app.services.sessions.signIn({ playerId, method: "password", request, reply });
      });
    },
  });
}

let sequence = 0;

export type TestPlayer = { id: string; email: string };

/** Inserts a player row directly (registration belongs to another module). */
export async function createPlayer(
  server: TestServer,
  input: { country?: string; language?: string; currency?: string; status?: number; email?: string } = {},
): Promise<TestPlayer> {
  sequence += 1;
  const email = input.email ?? `notify${sequence}-${Date.now().toString(36)}@example.com`;
  const [row] = await server.database.db
    .insert(players)
    .values({ email, language: input.language ?? "en", currency: input.currency ?? "EUR", country: input.country ?? null, status: input.status ?? 1 })
    .returning({ id: players.id });
  if (!row) throw new Error("player not inserted");
  return { id: row.id, email };
}

export async function signIn(server: TestServer, playerId: string): Promise<string> {
  const response = await server.request("/test/sign-in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId }) });
  if (response.status !== 200) throw new Error(`test sign-in failed: ${response.status} ${await response.text()}`);
  return AuthSessionSchema.parse(await readJson(response)).accessToken;
}

/** A request with a JSON body (or none) and optionally a bearer token. */
export function call(method: string, options: { body?: unknown; token?: string | undefined } = {}): RequestInit {
  return {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
}

export async function sendCampaign(server: TestServer, body: Record<string, unknown>, key = OPERATOR_KEY): Promise<{ id: string; recipientCount: number }> {
  const response = await server.request("/api/operator/campaigns", call("POST", { body, token: key }));
  const json = await readJson(response);
  if (response.status !== 201) throw new Error(`campaign answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The realtime events written for a channel (the publisher's contract: a realtime_outbox row). */
export async function outboxEvents(server: TestServer, channel: string): Promise<unknown[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel)).orderBy(realtimeOutbox.id);
  return rows.map((row) => row.data);
}
