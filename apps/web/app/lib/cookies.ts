// The web app's one way to read and write a cookie, on the server (a request's Cookie header) and
// in the browser (document.cookie). Parsing and serializing are cookie-es's, the library React
// Router itself uses: names and values are checked and encoded there, not by hand.
import { parse, serialize } from "cookie-es";

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

/** The `name=value; Path=...; Max-Age=...; SameSite=...` text that sets one cookie. */
export function cookieText(name: string, value: string, attributes: CookieAttributes): string {
  return serialize(name, value, {
    path: attributes.path ?? "/",
    maxAge: attributes.maxAgeSeconds,
    sameSite: attributes.sameSite ?? "lax",
    secure: attributes.secure ?? onHttps(),
  });
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
