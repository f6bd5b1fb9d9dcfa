import { LIMIT_PERIOD } from "@playfair/contracts/constants";
import { describe, expect, it } from "vitest";
import { addMonths, periodWindow, usableTimeZone } from "./limit-periods.ts";

const iso = (window: { start: Date; end: Date }) => [window.start.toISOString(), window.end.toISOString()];

describe("limit periods", () => {
  it("uses calendar days, ISO weeks and months in UTC when the player has no time zone", () => {
    const at = new Date("2026-03-05T15:00:00Z"); // a Thursday
    expect(iso(periodWindow(LIMIT_PERIOD.daily, at, null))).toEqual(["2026-03-05T00:00:00.000Z", "2026-03-06T00:00:00.000Z"]);
    expect(iso(periodWindow(LIMIT_PERIOD.weekly, at, null))).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-09T00:00:00.000Z"]);
    expect(iso(periodWindow(LIMIT_PERIOD.monthly, at, null))).toEqual(["2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"]);
  });

  it("starts the day at the player's local midnight", () => {
    // 23:30 UTC on 5 March is already 6 March in Tehran (UTC+3:30).
    const at = new Date("2026-03-05T23:30:00Z");
    expect(iso(periodWindow(LIMIT_PERIOD.daily, at, "Asia/Tehran"))).toEqual(["2026-03-05T20:30:00.000Z", "2026-03-06T20:30:00.000Z"]);
    expect(iso(periodWindow(LIMIT_PERIOD.daily, at, "America/Sao_Paulo"))).toEqual(["2026-03-05T03:00:00.000Z", "2026-03-06T03:00:00.000Z"]);
  });

  it("keeps a day whole across a daylight-saving change (23 hours in Berlin on 29 March 2026)", () => {
    const window = periodWindow(LIMIT_PERIOD.daily, new Date("2026-03-29T12:00:00Z"), "Europe/Berlin");
    expect(iso(window)).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const weekly = periodWindow(LIMIT_PERIOD.weekly, new Date("2026-03-29T12:00:00Z"), "Europe/Berlin");
    expect(iso(weekly)).toEqual(["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
  });

  it("falls back to UTC for an unknown zone", () => {
    expect(usableTimeZone("Mars/Olympus")).toBe("UTC");
    expect(usableTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
  });

  it("adds calendar months, clamped to the end of a shorter month", () => {
    expect(addMonths(new Date("2026-08-31T10:00:00Z"), 6).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2026-01-15T10:00:00Z"), 60).toISOString()).toBe("2031-01-15T10:00:00.000Z");
  });
});
