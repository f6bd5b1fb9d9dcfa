import { LIMIT_PERIOD } from "@playfair/contracts/constants";
import type { LimitPeriod } from "@playfair/contracts/player/limits";

// Limit periods are calendar periods in the player's time zone (profile field timeZone, an IANA
// name; UTC when unset or unknown): the day starts at local midnight, the week on Monday (ISO 8601)
// and the month on its first day. Calendar periods are what a player reads "daily" as, and they
// make "room left today" a stable figure rather than one that trickles back hour by hour.

export type PeriodWindow = { start: Date; end: Date };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The player's zone when the runtime knows it, else UTC: a stale profile value must not break deposits. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(at: Date, timeZone: string): LocalParts {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute!, second: values.second! };
}

/** Local time minus UTC at this instant, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = localParts(at, timeZone);
  const localAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return localAsUtc - (at.getTime() - at.getUTCMilliseconds());
}

/** The instant of local midnight of a calendar date (month may overflow: Date.UTC normalises it). */
function localMidnight(year: number, monthIndex: number, day: number, timeZone: string): Date {
  const wallClock = Date.UTC(year, monthIndex, day);
  // Twice, because the offset at the first guess can differ from the one at midnight (DST change).
  const firstGuess = wallClock - offsetMs(new Date(wallClock), timeZone);
  return new Date(wallClock - offsetMs(new Date(firstGuess), timeZone));
}

/** The calendar period that contains `at`, as [start, end). */
export function periodWindow(period: LimitPeriod, at: Date, timeZoneName: string | null | undefined): PeriodWindow {
  const timeZone = usableTimeZone(timeZoneName);
  const { year, month, day } = localParts(at, timeZone);
  const monthIndex = month - 1;
  if (period === LIMIT_PERIOD.daily) {
    return { start: localMidnight(year, monthIndex, day, timeZone), end: localMidnight(year, monthIndex, day + 1, timeZone) };
  }
  if (period === LIMIT_PERIOD.weekly) {
    // getUTCDay of the local calendar date: 0 Sunday .. 6 Saturday; ISO weeks start on Monday.
    const weekday = new Date(Date.UTC(year, monthIndex, day)).getUTCDay();
    const daysSinceMonday = (weekday + 6) % 7;
    return {
      start: localMidnight(year, monthIndex, day - daysSinceMonday, timeZone),
      end: localMidnight(year, monthIndex, day - daysSinceMonday + 7, timeZone),
    };
  }
  return { start: localMidnight(year, monthIndex, 1, timeZone), end: localMidnight(year, monthIndex + 1, 1, timeZone) };
}

/** `at` plus whole calendar months (UTC), clamped to the last day of a shorter month. */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
