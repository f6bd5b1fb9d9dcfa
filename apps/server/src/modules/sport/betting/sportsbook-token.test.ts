import { describe, expect, it } from "vitest";
import { createSportsbookTokens, SPORTSBOOK_TOKEN_SECRET_NAME, SPORTSBOOK_TOKEN_TTL_SECONDS } from "./sportsbook-token.ts";

// The sportsbook token's check runs before every bet: a token verified once is answered from
// memory, and must still stop working the second it expires, and a changed token must never pass.

const PLAYER_ID = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b";

function tokensAt(clock: { ms: number }, keys: Map<string, string> = new Map([[SPORTSBOOK_TOKEN_SECRET_NAME, "a-key-of-the-sportsbook-only-0123456789"]])) {
  const tokens = createSportsbookTokens({ secrets: { get: async (name) => keys.get(name)! }, now: () => new Date(clock.ms) });
  return { tokens };
}

describe("the sportsbook token", () => {
  it("names the player, session and currency on every use until the second it expires, then never again", async () => {
    const clock = { ms: Date.UTC(2026, 0, 10, 12, 0, 0) };
    const { tokens } = tokensAt(clock);
    const token = await tokens.issue({ playerId: PLAYER_ID, sessionId: "session-1", currency: "USD" });
    const principal = { playerId: PLAYER_ID, sessionId: "session-1", currency: "USD", restriction: null };
    expect(await tokens.verify(token)).toEqual(principal);
    clock.ms += (SPORTSBOOK_TOKEN_TTL_SECONDS - 1) * 1000 + 999;
    expect(await tokens.verify(token)).toEqual(principal);
    clock.ms += 1;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("answers each caller its own principal: a change by one request does not reach the next", async () => {
    const clock = { ms: Date.UTC(2026, 0, 10, 12, 0, 0) };
    const { tokens } = tokensAt(clock);
    const token = await tokens.issue({ playerId: PLAYER_ID, sessionId: "session-1", currency: "USD" });
    const first = await tokens.verify(token);
    first!.currency = "EUR";
    expect((await tokens.verify(token))!.currency).toBe("USD");
  });

  it("refuses a token signed with another key or changed in any part, however often it is sent", async () => {
    const clock = { ms: Date.UTC(2026, 0, 10, 12, 0, 0) };
    const { tokens } = tokensAt(clock);
    const { tokens: other } = tokensAt(clock, new Map([[SPORTSBOOK_TOKEN_SECRET_NAME, "another-key-entirely-0123456789abcdef"]]));
    const token = await tokens.issue({ playerId: PLAYER_ID, sessionId: "session-1", currency: "USD" });
    expect(await tokens.verify(token)).not.toBeNull();
    const forged = await other.issue({ playerId: PLAYER_ID, sessionId: "session-1", currency: "USD" });
    const [header, payload, signature] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), cur: "EUR" })).toString("base64url");
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
      expect(await tokens.verify(`${header}.${payload}.${signature!.slice(0, -2)}AA`)).toBeNull();
    }
  });
});
