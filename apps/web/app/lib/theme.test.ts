// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  readThemePreference,
  setThemePreference,
  THEME_INIT_SCRIPT,
  THEME_STORAGE_KEY,
  themeCookie,
  themeFromCookie,
  themePreferenceFromCookie,
} from "./theme.ts";

function clearThemeCookie() {
  document.cookie = "theme=; Path=/; Max-Age=0";
}

function prefersDark(dark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes("dark"),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => prefersDark(false));
afterEach(() => {
  localStorage.clear();
  clearThemeCookie();
  document.documentElement.removeAttribute("data-theme");
  vi.restoreAllMocks();
});

describe("theme cookie", () => {
  it("lasts a year on the whole site and is sent on same-site navigations", () => {
    expect(themeCookie("dark")).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("is read from a Cookie header", () => {
    expect(themePreferenceFromCookie("a=1; theme=dark; b=2")).toBe("dark");
    expect(themePreferenceFromCookie("theme=system")).toBe("system");
    expect(themePreferenceFromCookie("theme=purple")).toBeNull();
    expect(themePreferenceFromCookie("mytheme=dark")).toBeNull();
    expect(themePreferenceFromCookie(null)).toBeNull();
  });

  it("gives the server a theme only for an explicit light or dark choice", () => {
    expect(themeFromCookie("theme=light")).toBe("light");
    expect(themeFromCookie("theme=dark")).toBe("dark");
    expect(themeFromCookie("theme=system")).toBeUndefined();
    expect(themeFromCookie(undefined)).toBeUndefined();
  });
});

describe("setThemePreference", () => {
  it("stores the choice in localStorage and the cookie and applies it", () => {
    setThemePreference("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(themePreferenceFromCookie(document.cookie)).toBe("dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(readThemePreference()).toBe("dark");
  });

  it("follows the system for 'system' and forgets the local choice", () => {
    prefersDark(true);
    setThemePreference("light");
    setThemePreference("system");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(themePreferenceFromCookie(document.cookie)).toBe("system");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(readThemePreference()).toBe("system");
  });
});

describe("THEME_INIT_SCRIPT", () => {
  const run = () => new Function(THEME_INIT_SCRIPT)();

  it("applies the stored choice and writes the cookie when it is missing", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    run();
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(themePreferenceFromCookie(document.cookie)).toBe("dark");
  });

  it("falls back to the cookie, then to the system setting", () => {
    document.cookie = themeCookie("light");
    prefersDark(true);
    run();
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");

    clearThemeCookie();
    run();
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(themePreferenceFromCookie(document.cookie)).toBe("system");
  });
});
