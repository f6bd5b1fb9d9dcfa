// How a signed-in session is described on the sessions page: which device icon, a short
// "browser on system" line, the country's flag and name, and "5 minutes ago". Pure functions, so
// the rules are easy to test and render the same on every run.

export type DeviceKind = "desktop" | "mobile" | "tablet";

/**
 * The server records ua-parser-js's device type (mobile, tablet, smarttv, wearable, console...)
 * and nothing for an ordinary computer. Phones, wearables and the like show a phone; tablets a
 * tablet; everything else a computer.
 */
export function deviceKind(device: string | null | undefined): DeviceKind {
  const value = (device ?? "").toLowerCase();
  if (value.includes("tablet")) return "tablet";
  if (value.includes("mobile") || value.includes("phone") || value.includes("wearable")) return "mobile";
  return "desktop";
}

/** "Chrome 131 · Windows 10": whatever of browser and system is known, or null when neither. */
export function softwareLine(browser: string | null | undefined, os: string | null | undefined): string | null {
  const parts = [browser, os].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" · ") : null;
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter country code ("DE" -> 🇩🇪); null for anything else. */
export function countryFlag(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  const upper = code.toUpperCase();
  return String.fromCodePoint(...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));
}

/** The country's name in the page language ("DE" -> "Deutschland" in German); the code when unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region", fallback: "code" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: "year", seconds: 365 * 86_400 },
  { unit: "month", seconds: 30 * 86_400 },
  { unit: "week", seconds: 7 * 86_400 },
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
];

/** Under this many seconds a session counts as active "now". */
const ACTIVE_NOW_SECONDS = 60;

/**
 * The time since `date` in the largest whole unit ("3 hours ago", "yesterday"), or null when it
 * is under a minute (the caller says "Active now") or not a valid date.
 */
export function relativeTime(date: string, now: Date, language: string): string | null {
  const time = Date.parse(date);
  if (Number.isNaN(time)) return null;
  const elapsedSeconds = Math.max(0, (now.getTime() - time) / 1000);
  if (elapsedSeconds < ACTIVE_NOW_SECONDS) return null;
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const { unit, seconds } of UNITS) {
    if (elapsedSeconds >= seconds) return format.format(-Math.floor(elapsedSeconds / seconds), unit);
  }
  return format.format(-1, "minute");
}

/** The current session first, then the most recently active. */
export function orderSessions<Session extends { isCurrent: boolean; lastActiveAt: string }>(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => {
    if (a.isCurrent !== b.isCurrent) return a.isCurrent ? -1 : 1;
    return Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt);
  });
}
