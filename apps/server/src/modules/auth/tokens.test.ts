import { randomUUID } from "node:crypto";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { createAccessTokens, newOpaqueToken, tokenDigest } from "./tokens.ts";

const encoder = new TextEncoder();
const oldKey = encoder.encode("old secret of at least thirty-two bytes!!");
const newKey = encoder.encode("new secret of at least thirty-two bytes!!");

function tokensWith(keys: Uint8Array[], now: () => Date) {
  return createAccessTokens({ keys: async () => keys, now });
}

describe("access tokens", () => {
  const playerId = randomUUID();
  const sessionId = randomUUID();

  it("are HS256 JWTs with sub, sid and an expiry 900 s ahead", async () => {
    const now = new Date("2030-05-01T12:00:00Z");
    const { token, expiresAt } = await tokensWith([newKey], () => now).sign(playerId, sessionId);
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    expect(decodeJwt(token)).toMatchObject({ sub: playerId, sid: sessionId, exp: now.getTime() / 1000 + 900 });
    expect(expiresAt.getTime() - now.getTime()).toBe(900_000);
  });

  it("verify with every configured key (rotation) and refuse other keys", async () => {
    const now = () => new Date("2030-05-01T12:00:00Z");
    const { token } = await tokensWith([oldKey], now).sign(playerId, sessionId);
    expect(await tokensWith([newKey, oldKey], now).verify(token)).toMatchObject({ playerId, sessionId });
    expect(await tokensWith([newKey], now).verify(token)).toBeNull();
  });

  it("stop verifying at their expiry, also when remembered from an earlier check", async () => {
    let current = new Date("2030-05-01T12:00:00Z").getTime();
    const tokens = tokensWith([newKey], () => new Date(current));
    const { token } = await tokens.sign(playerId, sessionId);
    expect(await tokens.verify(token)).not.toBeNull();
    current += 900_000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuse tokens whose claims are not ids", async () => {
    const now = () => new Date("2030-05-01T12:00:00Z");
    const { token } = await tokensWith([newKey], now).sign("not-a-uuid", sessionId);
    expect(await tokensWith([newKey], now).verify(token)).toBeNull();
  });
});

describe("opaque tokens", () => {
  it("are 32 random bytes in base64url, stored only as a SHA-256 digest", () => {
    const token = newOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOpaqueToken()).not.toBe(token);
    expect(tokenDigest(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenDigest(token)).toBe(tokenDigest(token));
  });
});
