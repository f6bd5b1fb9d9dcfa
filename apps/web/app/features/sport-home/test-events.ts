import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";

/** An open pre-match soccer event as the sportsbook lists it, with what a test changes. */
export function sportEvent(changes: Partial<EventSummary> = {}): EventSummary {
  const id = changes.id ?? 5001;
  return {
    id,
    sportId: 66,
    categoryId: 31,
    categoryName: "England",
    championshipId: 402,
    championshipName: "Premier League",
    name: `Northfield United vs. Harbour City ${id}`,
    home: { id: 71, name: "Northfield United", shortName: "NOR", crest: { shape: 7, primary: "#c81e1e", secondary: "#ffffff" } },
    away: { id: 72, name: "Harbour City", shortName: "HAR", crest: { shape: 2, primary: "#1e40af", secondary: "#fbbf24" } },
    startsAt: "2026-12-04T19:45:00.000Z",
    status: "not_started",
    liveState: null,
    suspended: false,
    marketCount: 12,
    mainMarket: {
      marketKey: "1",
      marketTypeId: 1,
      specifiers: "",
      status: "active",
      version: 1,
      outcomes: [
        { id: "1", odds: "2.10", active: true },
        { id: "X", odds: "3.30", active: true },
        { id: "2", odds: "3.60", active: true },
      ],
    },
    ...changes,
  };
}
