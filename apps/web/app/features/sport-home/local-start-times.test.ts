// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "#app/lib/i18n-catalogues.server.ts";
import { localStartTime, showLocalStartTimes } from "./local-start-times.ts";
import { renderSportCarousels } from "./sport-carousels.server.tsx";
import { sportEvent } from "./test-events.ts";

const NOW = new Date("2026-12-04T18:00:00.000Z");

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllEnvs();
});

describe("start times in the visitor's time zone", () => {
  it("keeps the spec 9 formats: the time alone today, day and month this year, the whole date otherwise", () => {
    const now = new Date(2026, 11, 4, 18, 0);
    expect(localStartTime(new Date(2026, 11, 4, 21, 5), now)).toBe("21:05");
    expect(localStartTime(new Date(2026, 11, 24, 9, 30), now)).toBe("24.12 09:30");
    expect(localStartTime(new Date(2027, 0, 2, 15, 0), now)).toBe("02.01.27, 15:00");
  });

  it("rewrites a card's UTC start in the browser's zone and drops the UTC label, the day moving with it", () => {
    vi.stubEnv("TZ", "Asia/Kolkata");
    document.body.innerHTML = renderSportCarousels({ top: [sportEvent({ id: 1, startsAt: "2026-12-04T20:00:00.000Z" })], live: [] }, "en", NOW) ?? "";
    const link = screen.getByRole("link", { name: "Northfield United vs Harbour City" });
    expect(link).toHaveAccessibleDescription("20:00 UTC Match result 1 2.10 X 3.30 2 3.60");
    showLocalStartTimes(document.body, NOW);
    // 20:00 UTC is 01:30 the next morning in India (UTC+5:30): no longer "today" there.
    expect(within(link).getByText("05.12 01:30")).toHaveAttribute("datetime", "2026-12-04T20:00:00.000Z");
    expect(link).toHaveAccessibleDescription("05.12 01:30 Match result 1 2.10 X 3.30 2 3.60");
    expect(within(link).queryByText("UTC")).not.toBeVisible();
  });

  it("leaves live cards, which show no start time, as they are", () => {
    vi.stubEnv("TZ", "America/New_York");
    const live = sportEvent({ id: 2, status: "live", liveState: { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 600 } });
    document.body.innerHTML = renderSportCarousels({ top: [], live: [live] }, "en", NOW) ?? "";
    const before = document.body.innerHTML;
    showLocalStartTimes(document.body, NOW);
    expect(document.body.innerHTML).toBe(before);
  });
});
