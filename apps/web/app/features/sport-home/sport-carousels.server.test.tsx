// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import type { WebServices } from "@playfair/contracts/web-services";
import { afterEach, describe, expect, it, vi } from "vitest";
import "#app/lib/i18n-catalogues.server.ts";
import { formatEventStart, loadSportCarousels, renderSportCarousels, sportCarouselsFor } from "./sport-carousels.server.tsx";
import { sportEvent } from "./test-events.ts";

const NOW = new Date("2026-12-04T18:00:00.000Z");

const topEvents = (count: number) => Array.from({ length: count }, (_, index) => sportEvent({ id: 100 + index, startsAt: "2026-12-09T20:00:00.000Z" }));
const liveEvent = (id: number) =>
  sportEvent({ id, status: "live", name: `Live match ${id}`, liveState: { homeScore: 3, awayScore: 1, periodScores: [], phase: "2nd_half", clockSeconds: 3725 } });

/** Puts the carousels' HTML in the page the way the home page does. */
function show(html: string | null) {
  document.body.innerHTML = html ?? "";
}

/** Carousel reads that answer these events and record how many each was asked for. */
function services(top: () => Promise<EventSummary[]>, live: () => Promise<EventSummary[]>) {
  const asked: string[] = [];
  const sport: WebServices["sport"] = {
    topEvents: (limit) => (asked.push(`top ${limit}`), top()),
    liveEvents: (limit) => (asked.push(`live ${limit}`), live()),
  };
  return { sport, asked };
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the sport carousels on the home page", () => {
  it("lists 15 top events and 7 live events, each a named item with one link into its event", () => {
    show(renderSportCarousels({ top: topEvents(18), live: Array.from({ length: 9 }, (_, index) => liveEvent(900 + index)) }, "en", NOW));
    const top = screen.getByRole("list", { name: "Top events" });
    const live = screen.getByRole("list", { name: "Live now" });
    expect(within(top).getAllByRole("listitem")).toHaveLength(15);
    expect(within(live).getAllByRole("listitem")).toHaveLength(7);
    const first = within(top).getAllByRole("listitem", { name: "Northfield United vs Harbour City" })[0]!;
    expect(within(first).getByRole("link", { name: "Northfield United vs Harbour City" })).toHaveAttribute(
      "href",
      "/sport/soccer/england/premier-league/100-northfield-united-vs-harbour-city-100",
    );
    expect(screen.getByRole("link", { name: "All sports" })).toHaveAttribute("href", "/sport");
    expect(screen.getByRole("link", { name: "All live events" })).toHaveAttribute("href", "/sport/live");
  });

  it("shows a pre-match card's start in the sportsbook's date format, its sport and the 1 X 2 prices", () => {
    show(renderSportCarousels({ top: topEvents(1), live: [] }, "en", NOW));
    const link = screen.getByRole("link", { name: "Northfield United vs Harbour City" });
    expect(link).toHaveAccessibleDescription("09.12 20:00 UTC Match result 1 2.10 X 3.30 2 3.60");
    expect(within(link).getByText("09.12 20:00")).toHaveAttribute("datetime", "2026-12-09T20:00:00.000Z");
    expect(within(link).getByText("Soccer")).toBeInTheDocument();
    expect(link.querySelector("img")).toHaveAttribute("src", "/art/sport/team-goals.svg");
    // The competitors' generated crests, in their own colours.
    expect([...link.querySelectorAll("svg path[fill^='#']")].map((path) => path.getAttribute("fill"))).toEqual(["#c81e1e", "#ffffff", "#1e40af", "#fbbf24"]);
    expect(screen.queryByRole("list", { name: "Live now" })).not.toBeInTheDocument();
  });

  it("shows a live card's score, the minute being played and a live badge", () => {
    show(renderSportCarousels({ top: [], live: [liveEvent(77)] }, "en", NOW));
    const link = screen.getByRole("link", { name: "Northfield United vs Harbour City" });
    expect(link).toHaveAccessibleDescription("Live 63′ Score 3:1 Match result 1 2.10 X 3.30 2 3.60");
    // The badge says "Live" once; the description's "Live" is for screen readers only.
    expect(within(link).getAllByText("Live").filter((element) => !element.classList.contains("sr-only"))).toHaveLength(1);
    expect(link).toHaveAttribute("href", "/sport/soccer/england/premier-league/77-live-match-77");
    expect(screen.queryByRole("list", { name: "Top events" })).not.toBeInTheDocument();
  });

  it("marks prices that cannot be taken instead of showing them", () => {
    show(renderSportCarousels({ top: [sportEvent({ suspended: true })], live: [] }, "en", NOW));
    expect(screen.getByRole("link", { name: "Northfield United vs Harbour City" })).toHaveAccessibleDescription("19:45 UTC Match result 1 not available X not available 2 not available");
  });

  it("is written in the page's language, with its locale prefix on every link", () => {
    show(renderSportCarousels({ top: topEvents(1), live: [liveEvent(5)] }, "de", NOW));
    expect(screen.getByRole("list", { name: "Top-Events" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Jetzt live" })).toBeInTheDocument();
    expect(screen.getAllByText("Fußball")).toHaveLength(2);
    const links = screen.getAllByRole("link", { name: "Northfield United gegen Harbour City" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/de/sport/soccer/england/premier-league/100-northfield-united-vs-harbour-city-100?categoryIds=31&championshipIds=402",
      "/de/sport/soccer/england/premier-league/5-live-match-5?categoryIds=31&championshipIds=402",
    ]);
    expect(screen.getByRole("link", { name: "Alle Sportarten" })).toHaveAttribute("href", "/de/sport");
  });

  it("marks a live event without a score (a tournament in play) as live", () => {
    show(renderSportCarousels({ top: [], live: [sportEvent({ id: 12, sportId: 212, name: "Desert Classic - Winner", status: "live", home: null, away: null, mainMarket: null })] }, "en", NOW));
    expect(screen.getByRole("link", { name: "Desert Classic - Winner" })).toHaveAccessibleDescription("Live");
  });

  it("names an event without competitors (a race) by its own name", () => {
    show(renderSportCarousels({ top: [sportEvent({ id: 9, sportId: 165, name: "Ascot 14:30", home: null, away: null, mainMarket: null })], live: [] }, "en", NOW));
    const link = screen.getByRole("link", { name: "Ascot 14:30" });
    expect(link).toHaveAccessibleDescription("19:45 UTC");
    expect(within(link).getByText("Horse Racing")).toBeInTheDocument();
  });

  it("renders nothing when neither carousel has an event", () => {
    expect(renderSportCarousels({ top: [], live: [] }, "en", NOW)).toBeNull();
  });
});

describe("start times as the server writes them (spec 9 sportsbook date formats, in UTC)", () => {
  it("writes the time alone today, day and month this year, the whole date otherwise", () => {
    expect(formatEventStart("2026-12-04T21:05:00.000Z", "en", NOW)).toBe("21:05");
    expect(formatEventStart("2026-12-24T09:30:00.000Z", "ru", NOW)).toBe("24.12 09:30");
    expect(formatEventStart("2027-01-02T15:00:00.000Z", "tr", NOW)).toBe("02.01.27, 15:00");
  });
});

describe("loading the carousels", () => {
  it("asks the sportsbook for 15 top events and 7 live events", async () => {
    const { sport, asked } = services(async () => topEvents(2), async () => [liveEvent(3)]);
    show(await loadSportCarousels(sport, "en", NOW));
    expect(asked.sort()).toEqual(["live 7", "top 15"]);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("leaves out a carousel whose read failed, logs it, and keeps the other", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { sport } = services(async () => Promise.reject(new Error("database unavailable")), async () => [liveEvent(3)]);
    show(await loadSportCarousels(sport, "en", NOW));
    expect(screen.queryByRole("list", { name: "Top events" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Live now" })).getAllByRole("listitem")).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith("Home page: the top events carousel could not be loaded", expect.any(Error));
  });

  it("has no sport section without events (no feed) or when every read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(loadSportCarousels(services(async () => [], async () => []).sport, "en", NOW)).resolves.toBeNull();
    const failing = async () => Promise.reject(new Error("timeout"));
    await expect(loadSportCarousels(services(failing, failing).sport, "en", NOW)).resolves.toBeNull();
  });
});

describe("sharing the carousels between renders", () => {
  it("reads and renders a language's carousels once a second, whatever the number of page views", async () => {
    const { sport, asked } = services(async () => topEvents(2), async () => [liveEvent(3)]);
    const start = NOW.getTime() + 3_600_000;
    const first = await sportCarouselsFor(sport, "de", start);
    expect(await sportCarouselsFor(sport, "de", start + 400)).toBe(first);
    expect(await sportCarouselsFor(sport, "de", start + 999)).toBe(first);
    expect(asked).toHaveLength(2);

    await sportCarouselsFor(sport, "es", start + 999);
    expect(asked).toHaveLength(4);

    await sportCarouselsFor(sport, "de", start + 1000);
    expect(asked).toHaveLength(6);
  });
});
