import { describe, expect, it } from "vitest";
import { buildSportPath, isSportPath, parseSportPath, sportEventFallbackPath, sportSlug, SPORT_SPECIAL_PAGES } from "./sport-paths.ts";

const SOCCER = { id: 66, name: "Soccer" };
const ENGLAND = { id: 1, name: "England" };
const PREMIER = { id: 17, name: "Premier League" };
const DERBY = { id: 4501, name: "Arsenal F.C. vs. Chelsea (Women)" };

describe("sportSlug", () => {
  it("lowercases, drops brackets, commas and dots, and turns spaces into hyphens", () => {
    expect(sportSlug("Premier League")).toBe("premier-league");
    expect(sportSlug("Arsenal F.C. vs. Chelsea (Women)")).toBe("arsenal-fc-vs-chelsea-women");
    expect(sportSlug("Korea, Republic [U21]")).toBe("korea-republic-u21");
    expect(sportSlug("E-sports")).toBe("e-sports");
    expect(sportSlug("  Ice   Hockey ")).toBe("ice-hockey");
  });

  it("keeps letters of other scripts", () => {
    expect(sportSlug("Футбол Лига")).toBe("футбол-лига");
  });
});

describe("buildSportPath", () => {
  it("writes the section's start, a special page, and each level of the catalogue", () => {
    expect(buildSportPath({})).toBe("/sport");
    expect(buildSportPath({ page: "live" })).toBe("/sport/live");
    expect(buildSportPath({ sport: SOCCER })).toBe("/sport/soccer");
    expect(buildSportPath({ page: "live", sport: SOCCER })).toBe("/sport/live/soccer");
    expect(buildSportPath({ sport: SOCCER, category: ENGLAND, championship: PREMIER })).toBe("/sport/soccer/england/premier-league");
    expect(buildSportPath({ sport: SOCCER, category: ENGLAND, championship: PREMIER, event: DERBY })).toBe(
      "/sport/soccer/england/premier-league/4501-arsenal-fc-vs-chelsea-women",
    );
  });

  it("writes the ids in the query when more than one is chosen", () => {
    expect(buildSportPath({ sport: SOCCER, categoryIds: [1, 2] })).toBe("/sport/soccer?categoryIds=1,2");
    expect(buildSportPath({ sport: SOCCER, category: ENGLAND, championshipIds: [17, 18, 19] })).toBe("/sport/soccer/england?championshipIds=17,18,19");
  });

  it("writes the ids in the query when the names are not English", () => {
    expect(buildSportPath({ sport: { id: 66, name: "Fußball" }, category: { id: 1, name: "England" }, championship: { id: 17, name: "Premier League" } }, "de")).toBe(
      "/sport/fußball/england/premier-league?categoryIds=1&championshipIds=17",
    );
    expect(buildSportPath({ sport: SOCCER, category: ENGLAND }, "en-GB")).toBe("/sport/soccer/england");
  });

  it("names an event by the eventId query only when no sport is known", () => {
    expect(buildSportPath({ event: DERBY })).toBe("/sport?eventId=4501");
    expect(buildSportPath({ page: "resultDetails", event: DERBY })).toBe("/sport/resultDetails?eventId=4501");
  });

  it("has a fallback address for an event of an unknown sport", () => {
    expect(sportEventFallbackPath(4501)).toBe("/sport/event/4501");
  });
});

describe("parseSportPath", () => {
  it("reads the section's start", () => {
    expect(parseSportPath("/sport")).toEqual({
      page: null,
      sportSlug: null,
      categorySlug: null,
      championshipSlug: null,
      eventId: null,
      eventSlug: null,
      categoryIds: [],
      championshipIds: [],
    });
  });

  it("reads every special page as the first segment", () => {
    for (const page of SPORT_SPECIAL_PAGES) expect(parseSportPath(`/sport/${page}`).page).toBe(page);
    expect(parseSportPath("/sport/live/soccer")).toMatchObject({ page: "live", sportSlug: "soccer" });
  });

  it("reads an event address back to its parts", () => {
    expect(parseSportPath("/sport/soccer/england/premier-league/4501-arsenal-fc-vs-chelsea-women")).toMatchObject({
      page: null,
      sportSlug: "soccer",
      categorySlug: "england",
      championshipSlug: "premier-league",
      eventId: 4501,
      eventSlug: "arsenal-fc-vs-chelsea-women",
    });
  });

  it("reads the query's ids", () => {
    expect(parseSportPath("/sport/soccer", "?categoryIds=1,2&championshipIds=17")).toMatchObject({ categoryIds: [1, 2], championshipIds: [17] });
    expect(parseSportPath("/sport", "eventId=4501").eventId).toBe(4501);
    expect(parseSportPath("/sport/soccer", "?categoryIds=1,x,-3").categoryIds).toEqual([1]);
  });

  it("reads the fallback event address", () => {
    expect(parseSportPath("/sport/event/4501")).toMatchObject({ eventId: 4501, sportSlug: null, page: null });
  });

  it("reads encoded segments", () => {
    expect(parseSportPath("/sport/fu%C3%9Fball").sportSlug).toBe("fußball");
  });

  it("round-trips what it builds", () => {
    const path = buildSportPath({ sport: SOCCER, category: ENGLAND, championship: PREMIER, event: DERBY }, "de");
    const [pathname, search] = path.split("?");
    expect(parseSportPath(pathname!, search)).toMatchObject({
      sportSlug: "soccer",
      categorySlug: "england",
      championshipSlug: "premier-league",
      eventId: 4501,
      categoryIds: [1],
      championshipIds: [17],
    });
  });
});

describe("isSportPath", () => {
  it("knows the section's paths", () => {
    expect(isSportPath("/sport")).toBe(true);
    expect(isSportPath("/sport/live")).toBe(true);
    expect(isSportPath("/sports")).toBe(false);
    expect(isSportPath("/")).toBe(false);
  });
});
