import type { MarketView } from "@playfair/contracts/sport/sportsbook-api";
import { describe, expect, it } from "vitest";
import { carouselCards, eventAddress, LIVE_EVENTS_COUNT, playedMinute, resultPrices, sportArtwork, TOP_EVENTS_COUNT } from "./carousel-cards.ts";
import { sportEvent } from "./test-events.ts";

const matchResult = (status: MarketView["status"], odds: [string, string, string], active = true): MarketView => ({
  marketKey: "1",
  marketTypeId: 1,
  specifiers: "",
  status,
  version: 3,
  outcomes: [
    { id: "1", odds: odds[0], active },
    { id: "X", odds: odds[1], active },
    { id: "2", odds: odds[2], active },
  ],
});

describe("the carousels' selection", () => {
  it("shows at most 15 top events and 7 live events (spec 9), in the order the sportsbook lists them", () => {
    const events = Array.from({ length: 20 }, (_, index) => sportEvent({ id: 1000 + index }));
    expect(TOP_EVENTS_COUNT).toBe(15);
    expect(LIVE_EVENTS_COUNT).toBe(7);
    expect(carouselCards(events, "top", "en").map((card) => card.eventId)).toEqual(events.slice(0, 15).map((event) => event.id));
    expect(carouselCards(events, "live", "en").map((card) => card.eventId)).toEqual(events.slice(0, 7).map((event) => event.id));
  });

  it("shows an event listed twice once, and still fills the carousel", () => {
    const events = [sportEvent({ id: 1 }), sportEvent({ id: 1 }), ...Array.from({ length: 8 }, (_, index) => sportEvent({ id: 10 + index }))];
    expect(carouselCards(events, "live", "en").map((card) => card.eventId)).toEqual([1, 10, 11, 12, 13, 14, 15]);
  });

  it("shows the score and the minute being played on live cards only", () => {
    const event = sportEvent({ status: "live", liveState: { homeScore: 2, awayScore: 1, periodScores: [[1, 0]], phase: "2nd_half", clockSeconds: 44 * 60 + 10 } });
    expect(carouselCards([event], "live", "en")[0]!.live).toEqual({ score: { home: 2, away: 1 }, minute: 45 });
    expect(carouselCards([event], "top", "en")[0]!.live).toBeNull();
    // A live outright (a golf tournament) has no score: the card is still marked live.
    expect(carouselCards([sportEvent({ status: "live", home: null, away: null, liveState: null })], "live", "en")[0]!.live).toEqual({ score: null, minute: null });
    expect(playedMinute(null)).toBeNull();
    expect(playedMinute(0)).toBe(1);
  });
});

describe("a card's address (spec 2.3)", () => {
  const event = sportEvent({ id: 8812, sportId: 66, categoryId: 31, categoryName: "England", championshipId: 402, championshipName: "Premier League", name: "Arsenal FC vs. Chelsea (U21)" });

  it("is the event's full sport path, in slugs, on an English page", () => {
    expect(eventAddress(event, "top", "en")).toBe("/sport/soccer/england/premier-league/8812-arsenal-fc-vs-chelsea-u21");
    expect(eventAddress(event, "live", "en")).toBe("/sport/soccer/england/premier-league/8812-arsenal-fc-vs-chelsea-u21");
  });

  it("keeps the page's locale prefix and names the category and championship by id outside English", () => {
    expect(eventAddress(event, "top", "de")).toBe("/de/sport/soccer/england/premier-league/8812-arsenal-fc-vs-chelsea-u21?categoryIds=31&championshipIds=402");
  });

  it("falls back to /sport/event/{eventId} in the live carousel when the path cannot be formed", () => {
    expect(eventAddress({ ...event, sportId: 999_999 }, "live", "en")).toBe("/sport/event/8812");
    expect(eventAddress({ ...event, championshipName: "..." }, "live", "fa")).toBe("/fa/sport/event/8812");
  });

  it("names only the event (eventId in the query) in the top events when its sport is not known", () => {
    expect(eventAddress({ ...event, sportId: 999_999 }, "top", "en")).toBe("/sport?eventId=8812");
  });
});

describe("a card's prices", () => {
  it("are the match result's 1 X 2 while the market is open", () => {
    expect(resultPrices(sportEvent({ mainMarket: matchResult("active", ["1.85", "3.40", "4.10"]) }))).toEqual([
      { outcome: "1", odds: "1.85" },
      { outcome: "X", odds: "3.40" },
      { outcome: "2", odds: "4.10" },
    ]);
  });

  it("are the moneyline's 1 and 2 where a sport has no draw", () => {
    const moneyline: MarketView = { ...matchResult("active", ["1.50", "0.00", "2.60"]), marketTypeId: 2, outcomes: [{ id: "1", odds: "1.50", active: true }, { id: "2", odds: "2.60", active: true }] };
    expect(resultPrices(sportEvent({ mainMarket: moneyline }))).toEqual([
      { outcome: "1", odds: "1.50" },
      { outcome: "2", odds: "2.60" },
    ]);
  });

  it("are withheld while the market is suspended, an outcome is inactive or the producer is down", () => {
    const withheld = [null, null, null].map((odds, index) => ({ outcome: (["1", "X", "2"] as const)[index], odds }));
    expect(resultPrices(sportEvent({ mainMarket: matchResult("suspended", ["1.85", "3.40", "4.10"]) }))).toEqual(withheld);
    expect(resultPrices(sportEvent({ mainMarket: matchResult("active", ["1.85", "3.40", "4.10"], false) }))).toEqual(withheld);
    expect(resultPrices(sportEvent({ suspended: true, mainMarket: matchResult("active", ["1.85", "3.40", "4.10"]) }))).toEqual(withheld);
  });

  it("are absent for an event whose main market is not a match result (a race, a total line)", () => {
    expect(resultPrices(sportEvent({ mainMarket: null }))).toBeNull();
    expect(resultPrices(sportEvent({ mainMarket: { ...matchResult("active", ["1.85", "3.40", "4.10"]), marketTypeId: 7 } }))).toBeNull();
    expect(resultPrices(sportEvent({ mainMarket: { ...matchResult("active", ["1.85", "3.40", "4.10"]), specifiers: "period=1" } }))).toBeNull();
  });
});

describe("a card's artwork (image type 2)", () => {
  it("is our picture of the sport's family", () => {
    expect(sportArtwork(66)).toBe("/art/sport/team-goals.svg");
    expect(sportArtwork(67)).toBe("/art/sport/team-points.svg");
    expect(sportArtwork(68)).toBe("/art/sport/sets.svg");
    expect(sportArtwork(145)).toBe("/art/sport/maps.svg");
    expect(sportArtwork(71)).toBe("/art/sport/fight.svg");
    expect(sportArtwork(165)).toBe("/art/sport/race.svg");
    expect(sportArtwork(999_999)).toBe("/art/sport/outright.svg");
  });
});

