import { describe, expect, it } from "vitest";
import { viewOf } from "./views.ts";

describe("the widget's in-memory router", () => {
  it("opens the start, live, bets, search and settings pages", () => {
    expect(viewOf("/sport", "en-GB")).toEqual({ screen: "home" });
    expect(viewOf("/sport/live", "en-GB")).toEqual({ screen: "live", sportId: null });
    expect(viewOf("/sport/live/soccer", "en-GB")).toEqual({ screen: "live", sportId: 66 });
    expect(viewOf("/sport/betHistory", "en-GB")).toEqual({ screen: "bets", settled: false });
    expect(viewOf("/sport/history", "en-GB")).toEqual({ screen: "bets", settled: true });
    expect(viewOf("/sport/results", "en-GB")).toEqual({ screen: "bets", settled: true });
    expect(viewOf("/sport/search", "en-GB")).toEqual({ screen: "search" });
    expect(viewOf("/sport/settings", "en-GB")).toEqual({ screen: "settings" });
    expect(viewOf("/sport/virtual", "en-GB")).toEqual({ screen: "virtual" });
  });

  it("opens a sport by its English or its translated slug", () => {
    expect(viewOf("/sport/ice-hockey", "en-GB")).toMatchObject({ screen: "sport", sportId: 70 });
    expect(viewOf("/sport/fußball/england?categoryIds=1", "de")).toMatchObject({ screen: "sport", sportId: 66, categorySlug: "england", categoryIds: [1] });
    expect(viewOf("/sport/soccer", "de")).toMatchObject({ screen: "sport", sportId: 66 });
    expect(viewOf("/sport/sport-190", "en-GB")).toMatchObject({ screen: "sport", sportId: 190 });
    // Sports without a translation open by the sport catalogue's English name in every language.
    expect(viewOf("/sport/golf", "en-GB")).toMatchObject({ screen: "sport", sportId: 212 });
    expect(viewOf("/sport/american-football", "de")).toMatchObject({ screen: "sport", sportId: 200 });
  });

  it("opens e-sports' categories from the esports page", () => {
    expect(viewOf("/sport/esports/counter-strike", "en-GB")).toMatchObject({ screen: "sport", sportId: 145, categorySlug: "counter-strike", championshipSlug: null });
  });

  it("opens an event by its segment, the eventId query, the fallback address and resultDetails", () => {
    expect(viewOf("/sport/soccer/england/premier-league/4501-arsenal-vs-chelsea", "en-GB")).toEqual({ screen: "event", eventId: 4501 });
    expect(viewOf("/sport?eventId=4501", "en-GB")).toEqual({ screen: "event", eventId: 4501 });
    expect(viewOf("/sport/event/4501", "en-GB")).toEqual({ screen: "event", eventId: 4501 });
    expect(viewOf("/sport/resultDetails?eventId=4501", "en-GB")).toEqual({ screen: "event", eventId: 4501 });
  });

  it("shows nothing found for a sport it does not know", () => {
    expect(viewOf("/sport/knitting", "en-GB")).toEqual({ screen: "notFound" });
  });
});
