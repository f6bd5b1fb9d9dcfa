// Colour theme: light, dark or system. The choice is kept in two places:
// - localStorage, the browser's own record, read by the inline script before first paint;
// - the `theme` cookie, so the server can render <html data-theme="..."> itself and a reload
//   never shows the wrong theme, even for a moment (the root loader reads it with themeFromCookie).
// "system" follows the operating system; the server cannot know that, so the inline script
// (THEME_INIT_SCRIPT, run in <head>) resolves it before anything is painted.
import { THEME_COOKIE } from "@playfair/contracts/web-services";
import { useEffect, useSyncExternalStore } from "react";
import { cookieText, readCookie, readDocumentCookie, writeDocumentCookie, type CookieAttributes } from "./cookies.ts";

const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "playfair-theme";
// One year on the whole site. Not Secure even on https: the inline script below, which the server
// renders once for every scheme, writes the same cookie, and it holds nothing but a colour.
const THEME_COOKIE_ATTRIBUTES: CookieAttributes = { maxAgeSeconds: 365 * 24 * 60 * 60, path: "/", sameSite: "lax", secure: false };
/** What follows `theme=<value>` when the cookie is set: its attributes. */
const THEME_COOKIE_SUFFIX = cookieText(THEME_COOKIE, "system", THEME_COOKIE_ATTRIBUTES).slice(`${THEME_COOKIE}=system`.length);
const DARK_QUERY = "(prefers-color-scheme: dark)";
const CHANGE_EVENT = "playfair-theme-change";

/** The Set-Cookie-style string that records a preference for one year on the whole site. */
export function themeCookie(preference: ThemePreference): string {
  return cookieText(THEME_COOKIE, preference, THEME_COOKIE_ATTRIBUTES);
}

/**
 * Inline script for <head>: applies the stored preference (localStorage first, the cookie second,
 * else the system setting) and re-writes the cookie when it is missing or stale, so the server
 * renders the same theme on the next request. Self-contained: it cannot import anything.
 */
export const THEME_INIT_SCRIPT = `(function(){var d=document,p,c;try{p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var m=/(?:^|;\\s*)${THEME_COOKIE}=(light|dark|system)(?:;|$)/.exec(d.cookie);c=m&&m[1];if(p!=="light"&&p!=="dark")p=c||"system";if(p!==c)d.cookie=${JSON.stringify(`${THEME_COOKIE}=`)}+p+${JSON.stringify(THEME_COOKIE_SUFFIX)};var t=p==="light"||p==="dark"?p:matchMedia(${JSON.stringify(DARK_QUERY)}).matches?"dark":"light";d.documentElement.setAttribute("data-theme",t)})()`;

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** The preference recorded in a Cookie request header, or null when there is none. */
export function themePreferenceFromCookie(cookieHeader: string | null | undefined): ThemePreference | null {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return isThemePreference(value) ? value : null;
}

/**
 * The theme the server can put on <html data-theme> for this request: light or dark when the
 * visitor chose one, undefined for "system" or no choice (the inline script decides then).
 */
export function themeFromCookie(cookieHeader: string | null | undefined): Theme | undefined {
  const preference = themePreferenceFromCookie(cookieHeader);
  return preference === "light" || preference === "dark" ? preference : undefined;
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (isThemePreference(stored)) return stored;
  } catch {
    // Storage blocked: the cookie still knows.
  }
  const value = readDocumentCookie(THEME_COOKIE);
  return isThemePreference(value) ? value : "system";
}

function resolveTheme(preference: ThemePreference): Theme {
  if (preference !== "system") return preference;
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** Applies the preference to <html> (data-theme, and data-theme-preference as the root renders it), without storing it. */
function applyTheme(preference: ThemePreference): void {
  document.documentElement.setAttribute("data-theme", resolveTheme(preference));
  document.documentElement.setAttribute("data-theme-preference", preference);
}

/** Stores (localStorage and cookie), applies and announces a new preference. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage may be unavailable (private mode, blocked storage): the cookie still carries it.
  }
  writeDocumentCookie(THEME_COOKIE, preference, THEME_COOKIE_ATTRIBUTES);
  applyTheme(preference);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  // Another tab changed the preference, or the system theme changed while following it.
  const reapply = () => {
    applyTheme(readThemePreference());
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", reapply);
  media.addEventListener("change", reapply);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", reapply);
    media.removeEventListener("change", reapply);
  };
}

/**
 * Keeps <html> on the stored preference on every page, whether or not it shows a theme switch:
 * the system theme may change while the page follows it, and another tab may store a new choice.
 */
export function useThemeFollowsPreference(): void {
  useEffect(() => subscribe(() => {}), []);
}

/**
 * The stored preference. On the server and during hydration it is `serverPreference` (the cookie's
 * value, which the root loader reads), or null when that is unknown.
 */
export function useThemePreference(serverPreference: ThemePreference | null = null): ThemePreference | null {
  return useSyncExternalStore<ThemePreference | null>(subscribe, readThemePreference, () => serverPreference);
}
