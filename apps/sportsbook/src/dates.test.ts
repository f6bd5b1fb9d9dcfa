import { describe, expect, it } from "vitest";
import { formatEventStart, formatSportDate } from "./dates.ts";

// A fixed local wall-clock time: the formats read the viewer's time zone.
const KICK_OFF = new Date(2026, 4, 9, 18, 5).toISOString();

describe("spec 9 sportsbook date formats", () => {
  it("writes time, day, date, date-time, day-month and day-month-time", () => {
    expect(formatSportDate(KICK_OFF, "time", "en-GB")).toBe("18:05");
    expect(formatSportDate(KICK_OFF, "day", "en-GB")).toBe("09");
    expect(formatSportDate(KICK_OFF, "date", "en-GB")).toBe("09.05.26");
    expect(formatSportDate(KICK_OFF, "dateTime", "en-GB")).toBe("09.05.26, 18:05");
    expect(formatSportDate(KICK_OFF, "dayMonth", "de")).toBe("09.05");
    expect(formatSportDate(KICK_OFF, "dayMonthTime", "tr")).toBe("09.05 18:05");
  });

  it("shows today's events by their time and later ones with their date", () => {
    expect(formatEventStart(KICK_OFF, "en-GB", new Date(2026, 4, 9, 9, 0))).toBe("18:05");
    expect(formatEventStart(KICK_OFF, "en-GB", new Date(2026, 4, 1))).toBe("09.05 18:05");
    expect(formatEventStart(KICK_OFF, "en-GB", new Date(2025, 11, 30))).toBe("09.05.26, 18:05");
  });
});
