import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { VALIDATION_MESSAGES_BY_LOCALE } from "@playfair/contracts/validation/catalogues";
import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../test/test-server.ts";
import { playerSessions } from "../modules/auth/auth.schema.ts";
import { players } from "../modules/player/player.schema.ts";
import { bearer, jsonPost, login, registerPlayer, registrationBody, startAccountsServer, uniqueEmail } from "../modules/player/player-test-helpers.ts";

// What a player or an attacker notices when text holds characters no field takes; the route walk
// in api-contract-validation.int.test.ts covers every field, this file the kinds of character and what is
// stored. It runs on PGlite and on PostgreSQL, which refuses NUL in text outright.

const FORMAT_INVALID = VALIDATION_MESSAGES_EN.regex;

let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer();
});

afterAll(async () => {
  await server.close();
});

async function errorsOf(response: Response) {
  return ApiErrorSchema.parse(await readJson(response)).errors;
}

describe(`text no field takes (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("refuses a registration with NUL in the bonus code, affiliate tag or ref id, and creates no player", async () => {
    for (const field of ["bonusCode", "affiliateTag", "ref_id"]) {
      const email = uniqueEmail("nul");
      const response = await server.request("/api/player/register", jsonPost(registrationBody({ email, [field]: "WEL\u0000COME" })));
      expect(response.status, field).toBe(422);
      expect(await errorsOf(response), field).toEqual({ [field]: [FORMAT_INVALID] });
      expect(await server.database.db.select().from(players).where(eq(players.email, email.toLowerCase()))).toEqual([]);
    }
  });

  it("refuses NUL in the login field and the auto-login token with 422, in the caller's language", async () => {
    const signIn = await server.request("/api/player/sessions", jsonPost({ login: "someone\u0000@example.com", password: "whatever password" }, { "accept-language": "de" }));
    expect(signIn.status).toBe(422);
    expect(await errorsOf(signIn)).toEqual({ login: [VALIDATION_MESSAGES_BY_LOCALE.de.regex] });
    const token = await server.request("/api/player/sessions/token", jsonPost({ token: "abc\u0000def" }));
    expect(token.status).toBe(422);
    expect(await errorsOf(token)).toEqual({ token: [FORMAT_INVALID] });
  });

  it("refuses bidirectional overrides and isolates, C1 controls and lone surrogates in profile fields", async () => {
    const player = await registerPlayer(server);
    // "\u202Enimda" shows as "admin"; a lone surrogate is sent as JSON escapes, as a script would.
    for (const [firstName, raw] of [
      ["\u202Enimda", false],
      ["Ana\u2066Maria", false],
      ["Ana\u0085Maria", false],
      ['"Ana\\ud800Maria"', true],
    ] as const) {
      const body = raw ? `{"firstName":${firstName}}` : JSON.stringify({ firstName });
      const response = await server.request("/api/player/profile", bearer(player.accessToken, { method: "PUT", headers: { "content-type": "application/json" }, body }));
      expect(response.status, JSON.stringify(firstName)).toBe(422);
      expect(await errorsOf(response)).toEqual({ firstName: [FORMAT_INVALID] });
    }
    const [row] = await server.database.db.select({ firstName: players.firstName }).from(players).where(eq(players.id, player.playerId));
    expect(row?.firstName).toBeNull();
  });

  it("takes line breaks and tabs in the contact form's message, not in its one-line subject", async () => {
    const message = "Hello,\n\tmy deposit is missing.\r\nThanks";
    const accepted = await server.request("/api/notification/communications", jsonPost({ email: "guest@example.com", subject: "Deposit", message }));
    expect(accepted.status).toBe(201);
    const refused = await server.request("/api/notification/communications", jsonPost({ email: "guest@example.com", subject: "Deposit\nmissing", message }));
    expect(refused.status).toBe(422);
    expect(await errorsOf(refused)).toEqual({ subject: [FORMAT_INVALID] });
  });

  it("stores a session's user agent without the control characters a header may carry", async () => {
    const player = await registerPlayer(server);
    // Byte 0x85 (NEL) passes Node's header parser; the session list shows what is stored.
    const response = await login(server, player.email, undefined, { "user-agent": "Mozilla/5.0 \u0085(X11)" });
    expect(response.status).toBe(200);
    const rows = await server.database.db.select({ userAgent: playerSessions.userAgent }).from(playerSessions).where(eq(playerSessions.playerId, player.playerId));
    expect(rows.map((row) => row.userAgent)).toContain("Mozilla/5.0 (X11)");
  });
});
