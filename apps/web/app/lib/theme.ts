// Colour theme: light, dark or system, remembered in localStorage and applied to <html> as
// data-theme before first paint (THEME_INIT_SCRIPT runs inline in <head>).
import { useSyncExternalStore } from "react";

export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "playfair-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";
const CHANGE_EVENT = "playfair-theme-change";

/** Inline script for <head>: the same resolution as applyTheme, with nothing to import. */
export const THEME_INIT_SCRIPT = `(function(){var p;try{p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var t=p==="light"||p==="dark"?p:matchMedia(${JSON.stringify(DARK_QUERY)}).matches?"dark":"light";document.documentElement.setAttribute("data-theme",t)})()`;

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

export function resolveTheme(preference: ThemePreference): Theme {
  if (preference !== "system") return preference;
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** Applies the preference to <html>, without storing it. */
export function applyTheme(preference: ThemePreference): void {
  document.documentElement.setAttribute("data-theme", resolveTheme(preference));
}

/** Stores, applies and announces a new preference. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage may be unavailable (private mode, blocked cookies): the choice lasts for this page.
  }
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

/** The stored preference; null while rendering on the server and during hydration. */
export function useThemePreference(): ThemePreference | null {
  return useSyncExternalStore<ThemePreference | null>(subscribe, readThemePreference, () => null);
}
