import { jwtVerify, SignJWT } from "jose";
import type { SecretStore } from "../../../lib/service-dependencies.ts";
import type { Principal } from "../../../plugins/authentication.ts";

// The sportsbook token (ADR 035): what the sportsbook's start-game call answers and the widget sends
// to the bet routes as `Authorization: Bearer`. A short-lived HS256 JWT naming the player, the
// wallet currency the widget bets in and the site session it was issued from, signed with a key of
// its own: a session token is no sportsbook token, and the other way round.

export const SPORTSBOOK_TOKEN_SECRET_NAME = "sportsbook-token-key";
export const SPORTSBOOK_TOKEN_TTL_SECONDS = 30 * 60;
const AUDIENCE = "playfair-sportsbook";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SportsbookTokens = {
  issue(claims: { playerId: string; sessionId: string; currency: string }): Promise<string>;
  /** The token's player, session and currency; null when forged, expired or not a sportsbook token. */
  verify(token: string): Promise<Principal | null>;
};

/** How many verified tokens are kept; past it the table starts again (a burst of new players only costs verifications). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createSportsbookTokens({ secrets, now }: { secrets: SecretStore; now: () => Date }): SportsbookTokens {
  const key = async () => new TextEncoder().encode(await secrets.get(SPORTSBOOK_TOKEN_SECRET_NAME));
  // The widget sends the same token with every bet for up to 30 minutes. What verification decides
  // is fixed by the token's text (signature, audience, claims) and a key that never changes, except
  // for the expiry: so a token verified once is answered from here, its expiry checked at each use.
  // Tokens that fail are not kept: forged ones would fill the table.
  const verified = new Map<string, { principal: Principal; expiresAt: number }>();
  return {
    async issue({ playerId, sessionId, currency }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, cur: currency })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(playerId)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SPORTSBOOK_TOKEN_TTL_SECONDS)
        .sign(await key());
    },
    async verify(token) {
      const currentDate = now();
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once the current second reaches `exp`.
        if (Math.floor(currentDate.getTime() / 1000) < known.expiresAt) return { ...known.principal };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: ["HS256"], audience: AUDIENCE, currentDate, requiredClaims: ["sub", "exp", "sid", "cur"] });
        const { sub, sid, cur, exp } = payload;
        if (typeof sub !== "string" || !UUID_PATTERN.test(sub) || typeof sid !== "string" || typeof cur !== "string" || typeof exp !== "number") return null;
        const principal: Principal = { playerId: sub, sessionId: sid, currency: cur, restriction: null };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, { principal, expiresAt: exp });
        return { ...principal };
      } catch {
        return null;
      }
    },
  };
}
