// Where the access token lives in the browser (spec 3 "Session token", 9): a cookie named
// `access_token` kept 365 days (SameSite=Lax, Secure on https, path /), so the server can render
// the signed-in page; in messenger mini-app mode localStorage under the same key instead (the
// webview's cookie jar is not dependable there).
//
// Reading what the token says (its expiry) is token-claims.ts's: it loads with the session store,
// while this file runs on every page.
import { readItem, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { readDocumentCookie, removeDocumentCookie, writeDocumentCookie } from "#app/lib/cookies.ts";
import { isMessengerMode } from "./messenger-mode.ts";
import { ACCESS_TOKEN_COOKIE_DAYS, ACCESS_TOKEN_KEY } from "./session-keys.ts";

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
