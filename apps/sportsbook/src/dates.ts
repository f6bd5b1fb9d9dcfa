import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import dayjs from "dayjs";
import "dayjs/locale/de";
import "dayjs/locale/en-gb";
import "dayjs/locale/es";
import "dayjs/locale/fa";
import "dayjs/locale/hi";
import "dayjs/locale/pt-br";
import "dayjs/locale/ru";
import "dayjs/locale/tr";

/** Spec 9 Sportsbook date formats. */
export const SPORTSBOOK_DATE_FORMATS = {
  time: "HH:mm",
  day: "DD",
  date: "DD.MM.YY",
  dateTime: "DD.MM.YY, HH:mm",
  dayMonth: "DD.MM",
  dayMonthTime: "DD.MM HH:mm",
} as const;
export type SportsbookDateFormat = keyof typeof SPORTSBOOK_DATE_FORMATS;

const DAYJS_LOCALES: Record<SportsbookLocale, string> = { "en-GB": "en-gb", de: "de", "es-ES": "es", fa: "fa", hi: "hi", "pt-BR": "pt-br", ru: "ru", tr: "tr" };

/** An ISO date-time in one of the spec's formats, in the viewer's time zone. */
export function formatSportDate(iso: string, format: SportsbookDateFormat, locale: SportsbookLocale): string {
  return dayjs(iso).locale(DAYJS_LOCALES[locale]).format(SPORTSBOOK_DATE_FORMATS[format]);
}

/**
 * An event's start as a list shows it: the time alone today, day and month with the time this
 * year, the whole date with the time otherwise.
 */
export function formatEventStart(iso: string, locale: SportsbookLocale, now: Date = new Date()): string {
  const start = dayjs(iso);
  if (start.isSame(now, "day")) return formatSportDate(iso, "time", locale);
  if (start.isSame(now, "year")) return formatSportDate(iso, "dayMonthTime", locale);
  return formatSportDate(iso, "dateTime", locale);
}

/** A live clock as the minute being played (a football clock at 44:10 shows 45'). */
export function formatClock(seconds: number | null): string | null {
  if (seconds === null) return null;
  return `${Math.floor(seconds / 60) + 1}'`;
}
