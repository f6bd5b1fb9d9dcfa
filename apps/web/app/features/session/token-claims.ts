// What an access token says, read from its payload (spec 9): when it expires, so the session store
// refreshes it in time, and whom it names. The client never verifies the token; the server checks
// the signature on every call. Apart from token-storage.ts, which every page runs to find out
// whether there is a token at all: only a page with one needs to read it.
import { TOKEN_EXPIRY_MARGIN_MS } from "./session-keys.ts";

function decodeBase64Url(segment: string): string | null {
  try {
    const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** The JWT's claims, unverified; null when the token is not a readable JWT. */
export function decodeTokenClaims(token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    return typeof claims === "object" && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the token expires, in epoch milliseconds; null when it carries no readable `exp`. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Spec 9: a token counts as expired 10 s before its expiry. A token without a readable expiry
 * counts as expired too: refreshing is the only way to learn anything about it.
 */
export function isTokenExpired(token: string, now = Date.now(), marginMs = TOKEN_EXPIRY_MARGIN_MS): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt - marginMs <= now;
}

/** The player id (`sub`) the token names, unverified. */
export function tokenPlayerId(token: string): string | null {
  const sub = decodeTokenClaims(token)?.sub;
  return typeof sub === "string" ? sub : null;
}
