// Calendar dates as the forms send them: "YYYY-MM-DD" strings, never Date objects, so a birthdate
// is the same day on the server (UTC) and in a browser east or west of it. Comparing two valid
// date strings as text gives their calendar order because the year always has four digits.

export const MIN_DATE_YEAR = 1000;
export const MAX_DATE_YEAR = 3000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar day written YYYY-MM-DD with a year from 1000 to 3000, else undefined. */
export function parseDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== "string") return undefined;
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return undefined;
  if (month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isValidDate(value: unknown): value is string {
  return parseDate(value) !== undefined;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

export function formatDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * "Today" as a calendar date. A Date is read in the local time zone of the process, which is the
 * player's own in a browser; pass a YYYY-MM-DD string to pin the day explicitly (tests, or a
 * server that knows the player's time zone). Anything unusable falls back to the current day.
 */
export function resolveToday(today?: unknown): CalendarDate {
  const fromString = parseDate(today);
  if (fromString) return fromString;
  const date = today instanceof Date && !Number.isNaN(today.getTime()) ? today : new Date();
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Negative when a is earlier, zero when equal, positive when later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Completed years between a birthdate and today. Someone born on 29 February has a birthday on
 * 1 March in common years (the first day their age has certainly changed), as most legal systems
 * that set gambling ages count it.
 */
export function ageInYears(birthdate: CalendarDate, today: CalendarDate): number {
  const years = today.year - birthdate.year;
  const hadBirthdayThisYear = today.month > birthdate.month || (today.month === birthdate.month && today.day >= birthdate.day);
  return hadBirthdayThisYear ? years : years - 1;
}
