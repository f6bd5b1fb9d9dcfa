import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS } from "@playfair/contracts/player/auth";
import { jwtVerify, SignJWT } from "jose";

/** What a valid access token says: who, which session (refresh family), until when. */
export type AccessTokenClaims = { playerId: string; sessionId: string; expiresAt: Date };

export type AccessTokens = {
  sign(playerId: string, sessionId: string): Promise<{ token: string; expiresAt: Date }>;
  /** Signature, algorithm and expiry only: revocation is the session service's business. */
  verify(token: string): Promise<AccessTokenClaims | null>;
};

// Verified tokens are remembered so the HMAC runs once per token rather than once per request;
// a client uses the same token for up to ACCESS_TOKEN_TTL_SECONDS. Bounded, then simply reset.
const VERIFIED_CACHE_MAX_ENTRIES = 100_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * HS256 access tokens (claims sub = player id, sid = session id, exp). `keys` yields the signing
 * keys: the first signs, every one verifies, so an operator can rotate secrets without signing
 * everybody out.
 */
export function createAccessTokens(options: { keys: () => Promise<Uint8Array[]>; now: () => Date }): AccessTokens {
  const verified = new Map<string, AccessTokenClaims>();

  return {
    async sign(playerId, sessionId) {
      const [signingKey] = await options.keys();
      if (!signingKey) throw new Error("no access-token signing key");
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      const expiresAtSeconds = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(playerId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(signingKey);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },

    async verify(token) {
      const nowMs = options.now().getTime();
      const known = verified.get(token);
      if (known) return known.expiresAt.getTime() > nowMs ? known : null;
      for (const key of await options.keys()) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(nowMs), requiredClaims: ["sub", "sid", "exp"] });
          const { sub, sid, exp } = payload;
          if (typeof sub !== "string" || typeof sid !== "string" || typeof exp !== "number" || !UUID_PATTERN.test(sub) || !UUID_PATTERN.test(sid)) return null;
          const claims = { playerId: sub, sessionId: sid, expiresAt: new Date(exp * 1000) };
          if (verified.size >= VERIFIED_CACHE_MAX_ENTRIES) verified.clear();
          verified.set(token, claims);
          return claims;
        } catch {
          // Wrong key, bad signature, expired or malformed: try the next key, else refuse.
        }
      }
      return null;
    },
  };
}

/** A long random token for cookies and links (32 bytes, base64url). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this digest of an opaque token is stored, so a database leak does not hand out sessions. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
