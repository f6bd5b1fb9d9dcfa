import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS } from "@playfair/contracts/player/auth";
import { RESTRICTION_REASONS, type PlayerRestriction } from "@playfair/contracts/player/profile";
import { jwtVerify, SignJWT } from "jose";

/**
 * What a valid access token says: who, which session (refresh family), until when, and whether the
 * session is in restricted mode (docs/decisions/016-restricted-mode.md).
 */
export type AccessTokenClaims = { playerId: string; sessionId: string; expiresAt: Date; restriction: PlayerRestriction | null };

export type AccessTokens = {
  sign(playerId: string, sessionId: string, restriction?: PlayerRestriction | null): Promise<{ token: string; expiresAt: Date }>;
  /** Signature, algorithm and expiry only: revocation is the session service's business. */
  verify(token: string): Promise<AccessTokenClaims | null>;
};

// Verified tokens are remembered so the HMAC runs once per token rather than once per request;
// a client uses the same token for up to ACCESS_TOKEN_TTL_SECONDS. Bounded, then simply reset.
const VERIFIED_CACHE_MAX_ENTRIES = 100_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRestrictionReason(value: unknown): value is PlayerRestriction["reason"] {
  return typeof value === "string" && (RESTRICTION_REASONS as readonly string[]).includes(value);
}

/**
 * The restricted-mode claims: rst = reason, rsu = when it ends (seconds; absent when open-ended).
 * A restriction whose end has passed restricts nothing any more.
 */
function restrictionFromClaims(rst: unknown, rsu: unknown, nowMs: number): PlayerRestriction | null {
  if (!isRestrictionReason(rst)) return null;
  if (typeof rsu !== "number") return { reason: rst, until: null };
  return rsu * 1000 > nowMs ? { reason: rst, until: new Date(rsu * 1000).toISOString() } : null;
}

/**
 * HS256 access tokens (claims sub = player id, sid = session id, exp; rst/rsu in restricted mode). `keys` yields the signing
 * keys: the first signs, every one verifies, so an operator can rotate secrets without signing
 * everybody out.
 */
export function createAccessTokens(options: { keys: () => Promise<Uint8Array[]>; now: () => Date }): AccessTokens {
  const verified = new Map<string, AccessTokenClaims>();

  return {
    async sign(playerId, sessionId, restriction = null) {
      const [signingKey] = await options.keys();
      if (!signingKey) throw new Error("no access-token signing key");
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      const expiresAtSeconds = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const restrictionClaims = restriction
        ? { rst: restriction.reason, ...(restriction.until ? { rsu: Math.ceil(new Date(restriction.until).getTime() / 1000) } : {}) }
        : {};
      const token = await new SignJWT({ sid: sessionId, ...restrictionClaims })
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
      if (known) {
        if (known.expiresAt.getTime() <= nowMs) return null;
        // The restriction can end while the token is still valid: the token then restricts no more.
        if (known.restriction?.until && Date.parse(known.restriction.until) <= nowMs) return { ...known, restriction: null };
        return known;
      }
      for (const key of await options.keys()) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(nowMs), requiredClaims: ["sub", "sid", "exp"] });
          const { sub, sid, exp, rst, rsu } = payload;
          if (typeof sub !== "string" || typeof sid !== "string" || typeof exp !== "number" || !UUID_PATTERN.test(sub) || !UUID_PATTERN.test(sid)) return null;
          const claims = { playerId: sub, sessionId: sid, expiresAt: new Date(exp * 1000), restriction: restrictionFromClaims(rst, rsu, nowMs) };
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
