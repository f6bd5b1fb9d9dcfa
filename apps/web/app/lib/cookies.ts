// The web app's one way to read and write a cookie, on the server (a request's Cookie header) and
// in the browser (document.cookie). Parsing is cookie-es's, the library React Router itself uses:
// it decodes what the browser or any other writer left. Writing needs no library: the site writes
// its own few cookies, with a checked name, an encoded value and fixed attributes, so the one line
// below replaces cookie-es's serializer (and its share of every first load).
import { parse } from "cookie-es";

export type CookieAttributes = {
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
  /** Defaults to the whole site. */
  path?: string;
  /** Defaults to Lax: sent on top-level navigation, never on cross-site subrequests. */
  sameSite?: "lax" | "strict";
  /** Defaults to true on an https page, false elsewhere (and on the server). */
  secure?: boolean;
};

/** The value of one cookie from a Cookie header or `document.cookie`, decoded; null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader, { filter: (key) => key === name })[name] ?? null;
}

/** The value of one of this page's cookies; null when absent, and always on the server. */
export function readDocumentCookie(name: string): string | null {
  return typeof document === "undefined" ? null : readCookie(document.cookie, name);
}

function onHttps(): boolean {
  return typeof location !== "undefined" && location.protocol === "https:";
}

/** A cookie name as RFC 6265 allows it (a token: no spaces, separators or controls). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The `name=value; Max-Age=...; Path=...; SameSite=...` text that sets one cookie. */
export function cookieText(name: string, value: string, attributes: CookieAttributes): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Not a cookie name: ${JSON.stringify(name)}`);
  const secure = attributes.secure ?? onHttps();
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(attributes.maxAgeSeconds)}; Path=${attributes.path ?? "/"}${secure ? "; Secure" : ""}; SameSite=${attributes.sameSite === "strict" ? "Strict" : "Lax"}`;
}

/** Sets one of this page's cookies (nothing on the server). */
export function writeDocumentCookie(name: string, value: string, attributes: CookieAttributes): void {
  if (typeof document === "undefined") return;
  document.cookie = cookieText(name, value, attributes);
}

/** Deletes one of this page's cookies (nothing on the server). */
export function removeDocumentCookie(name: string, attributes: Omit<CookieAttributes, "maxAgeSeconds"> = {}): void {
  writeDocumentCookie(name, "", { ...attributes, maxAgeSeconds: 0 });
}
