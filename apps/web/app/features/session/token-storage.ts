// Where the access token lives in the browser (spec 3 "Session token", 9): a cookie named
// `access_token` kept 365 days (SameSite=Lax, Secure on https, path /), so the server can render
// the signed-in page; in messenger mini-app mode localStorage under the same key instead (the
// webview's cookie jar is not dependable there).
//
// The client never verifies the token: it only reads the payload's `exp` to know when to refresh.
// The server checks the signature on every call.
import { readItem, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { readDocumentCookie, removeDocumentCookie, writeDocumentCookie } from "#app/lib/cookies.ts";
import { isMessengerMode } from "./messenger-mode.ts";
import { ACCESS_TOKEN_COOKIE_DAYS, ACCESS_TOKEN_KEY, TOKEN_EXPIRY_MARGIN_MS } from "./session-keys.ts";

const SECONDS_PER_DAY = 86_400;

export type TokenStorageKind = "cookie" | "localStorage";

/** Messenger mode keeps the token in localStorage; everywhere else it is a cookie. */
export function tokenStorageKind(): TokenStorageKind {
  return isMessengerMode() ? "localStorage" : "cookie";
}

const COOKIE_ATTRIBUTES = { path: "/", sameSite: "lax" } as const;

/** The stored access token, or null when there is none (always null on the server). */
export function readAccessToken(): string | null {
  if (typeof window === "undefined") return null;
  const token = tokenStorageKind() === "localStorage" ? readItem(storageArea("local"), ACCESS_TOKEN_KEY) : readDocumentCookie(ACCESS_TOKEN_KEY);
  // An emptied cookie some browsers keep until the page reloads means "none" too.
  return token ? token : null;
}

export function writeAccessToken(token: string): void {
  if (typeof window === "undefined") return;
  if (tokenStorageKind() === "localStorage") {
    writeItem(storageArea("local"), ACCESS_TOKEN_KEY, token);
    return;
  }
  writeDocumentCookie(ACCESS_TOKEN_KEY, token, { ...COOKIE_ATTRIBUTES, maxAgeSeconds: ACCESS_TOKEN_COOKIE_DAYS * SECONDS_PER_DAY });
}

/** Removes the token from both places, so switching modes never leaves one behind. */
export function clearAccessToken(): void {
  if (typeof window === "undefined") return;
  removeItem(storageArea("local"), ACCESS_TOKEN_KEY);
  removeDocumentCookie(ACCESS_TOKEN_KEY, COOKIE_ATTRIBUTES);
}

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
