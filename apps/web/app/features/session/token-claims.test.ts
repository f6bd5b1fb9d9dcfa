import { describe, expect, it } from "vitest";
import { fakeAccessToken } from "./test-tokens.ts";
import { decodeTokenClaims, isTokenExpired, tokenExpiresAt, tokenPlayerId } from "./token-claims.ts";

describe("token claims", () => {
  it("reads exp and sub from the payload without verifying the signature", () => {
    const token = fakeAccessToken(1_700_000_000_000, "p-42");
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000);
    expect(tokenPlayerId(token)).toBe("p-42");
    expect(decodeTokenClaims(token)).toMatchObject({ sid: "session-1" });
  });

  it("decodes base64url payloads with non-ASCII text", () => {
    const token = fakeAccessToken(1_700_000_000_000, "ünï-çødé-ß");
    expect(tokenPlayerId(token)).toBe("ünï-çødé-ß");
  });

  it("treats unreadable tokens as having no claims", () => {
    for (const token of ["", "abc", "a.b", "a.%%%.c", "a.bm90IGpzb24.c", "a.WzEsMl0.c"]) {
      expect(decodeTokenClaims(token)).toBeNull();
      expect(tokenExpiresAt(token)).toBeNull();
    }
  });

  it("counts a token as expired 10 s before its exp (spec 9)", () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(fakeAccessToken(now + 10_000), now)).toBe(true);
    expect(isTokenExpired(fakeAccessToken(now + 11_000), now)).toBe(false);
    expect(isTokenExpired(fakeAccessToken(now - 1_000), now)).toBe(true);
    // No readable exp: only a refresh can tell, so it counts as expired.
    expect(isTokenExpired("not-a-jwt", now)).toBe(true);
  });
});
