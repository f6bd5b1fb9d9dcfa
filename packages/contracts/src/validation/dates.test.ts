import { describe, expect, it } from "vitest";
import { ageInYears, compareDates, daysInMonth, formatDate, isLeapYear, isValidDate, parseDate, resolveToday } from "./dates.ts";

describe("dates", () => {
  it.each([
    ["1000-01-01", true],
    ["3000-12-31", true],
    ["0999-12-31", false],
    ["3001-01-01", false],
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2024-04-30", true],
    ["2024-04-31", false],
    ["2024-12-31", true],
    ["2024-12-32", false],
    ["2024-00-01", false],
    ["2024-01-00", false],
    ["2024-1-01", false],
    ["+2024-01-01", false],
    ["2024-01-01 ", false],
    ["２０２４-01-01", false],
  ])("%s is a valid date: %s", (text, valid) => {
    expect(isValidDate(text)).toBe(valid);
  });

  it("knows leap years and month lengths", () => {
    expect([1600, 2000, 2024, 1996].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([1700, 1900, 2023, 2100].map(isLeapYear)).toEqual([false, false, false, false]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2023, month))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });

  it("round-trips through parse and format, and orders dates", () => {
    const date = parseDate("1987-03-09");
    expect(date && formatDate(date)).toBe("1987-03-09");
    const earlier = parseDate("2024-01-31");
    const later = parseDate("2024-02-01");
    expect(earlier && later && compareDates(earlier, later)).toBeLessThan(0);
  });

  it("counts completed years", () => {
    const birth = { year: 2000, month: 6, day: 15 };
    expect(ageInYears(birth, { year: 2024, month: 6, day: 14 })).toBe(23);
    expect(ageInYears(birth, { year: 2024, month: 6, day: 15 })).toBe(24);
  });

  it("resolves today from a date string, a Date, or the clock", () => {
    expect(resolveToday("2024-06-15")).toEqual({ year: 2024, month: 6, day: 15 });
    expect(resolveToday(new Date(2024, 0, 2, 23, 59))).toEqual({ year: 2024, month: 1, day: 2 });
    const now = new Date();
    expect(resolveToday(new Date(Number.NaN))).toEqual({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
  });
});
