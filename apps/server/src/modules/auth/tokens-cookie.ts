import { REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE_PATH } from "@playfair/contracts/player/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";

// The refresh token lives only in an HttpOnly cookie scoped to the session endpoints (S6): page
// scripts never see it and the browser sends it to nothing but refresh and logout.

const REFRESH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

function refreshCookieOptions(maxAgeSeconds: number, isSecure: boolean) {
  return { path: REFRESH_TOKEN_COOKIE_PATH, maxAge: maxAgeSeconds, httpOnly: true, sameSite: "strict", secure: isSecure } as const;
}

/**
 * Set as a header rather than with `reply.setCookie` (which holds cookies back until the reply is
 * sent): a registration whose transaction fails after signing in removes the header again, so the
 * session cookie of a player that does not exist never reaches the browser (modules/player/registration.ts).
 */
export function setRefreshCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, isSecure: boolean): void {
  reply.header("set-cookie", reply.server.serializeCookie(REFRESH_TOKEN_COOKIE, token, refreshCookieOptions(Math.floor(maxAgeSeconds), isSecure)));
}

/** Whether the refresh cookie gets the Secure flag: the request came over HTTPS, or the site is served on it. */
export function isSecureRequest(request: FastifyRequest, publicOrigin: string): boolean {
  return request.protocol === "https" || publicOrigin.startsWith("https:");
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.setCookie(REFRESH_TOKEN_COOKIE, "", refreshCookieOptions(0, false));
}

/** The refresh token from the request's cookies, or null (malformed values count as absent). */
export function refreshTokenFrom(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_TOKEN_COOKIE];
  return value !== undefined && REFRESH_TOKEN_PATTERN.test(value) ? value : null;
}

const CROSS_SITE_REFUSED = "Cross-site requests cannot use the session cookie.";

/**
 * CSRF defence of the cookie-authenticated endpoints (S6): a JSON content type (a cross-site form
 * cannot send one without a CORS preflight, which we never grant) and, when the browser names an
 * Origin, the site's own origin.
 */
export function assertSameSiteJsonRequest(request: FastifyRequest, publicOrigin: string): void {
  const contentType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (contentType !== "application/json") throw new AppError("FORBIDDEN", CROSS_SITE_REFUSED, { reason: "csrf" });
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set<string>();
  allowed.add(publicOrigin);
  allowed.add(`${request.protocol}://${request.host}`);
  if (!allowed.has(origin)) throw new AppError("FORBIDDEN", CROSS_SITE_REFUSED, { reason: "csrf" });
}
