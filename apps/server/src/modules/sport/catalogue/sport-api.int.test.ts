import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { EventDetailSchema, EventInfoSchema, EventSummaryPageSchema, SportInfoSchema, type SportEventUpdate } from "@playfair/contracts/sport/sportsbook-api";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { localDomainServices } from "../../../plugins/page-rendering/web-services.ts";
import { connectCentrifuge, waitFor, websocketUrl } from "../../realtime/realtime-test-kit.ts";
import type { createScriptedFeed } from "../feed/feed-test-kit.ts";
import { bringUp, fixtureChange, matchResult, oddsChange, startFeedServer, total } from "../feed/feed-test-kit.ts";
import { upsertSportCatalogue } from "./sport-catalogue.ts";
import { sportName } from "./sport-names.ts";

// The sportsbook's read API as a guest meets it: the spec's sport calls (sport info with its
// ETag, event info, search) and the widget's lists, plus the public sport channels.

let server: TestServer;
let feed: ReturnType<typeof createScriptedFeed>;

const day = (date: string) => Date.parse(`${date}T18:00:00Z`);
const liveState = { homeScore: 0, awayScore: 1, periodScores: [], phase: "1st_half", clockSeconds: 600 };

beforeAll(async () => {
  ({ server, feed } = await startFeedServer());
  await bringUp(feed, "prematch");
  await bringUp(feed, "live");
  const prices = [matchResult("1.85", "3.40", "4.20"), total("2.5", "1.90", "1.90")];
  await feed.send(
    fixtureChange(3001, 1, { startsAt: day("2026-06-03") }),
    oddsChange(3001, 2, prices),
    fixtureChange(3002, 1, { championshipId: 9102, name: "Harbour Town - Millford", homeCompetitorId: null, awayCompetitorId: null, startsAt: day("2026-06-02") }),
    oddsChange(3002, 2, [matchResult("2.05", "3.30", "3.50")]),
    fixtureChange(3003, 1, { categoryId: 9002, championshipId: 9103, homeCompetitorId: 9203, awayCompetitorId: 9204, name: "El Clasico del Sur", startsAt: day("2026-06-04") }),
    oddsChange(3003, 2, prices),
    fixtureChange(3004, 1, { startsAt: day("2026-06-01") - 3600_000 }),
    oddsChange(3004, 2, prices, { producer: "live", eventStatus: "live", liveState }),
    fixtureChange(3005, 1, { sportId: 68, categoryId: 9003, championshipId: 9104, homeCompetitorId: 9205, awayCompetitorId: 9206, name: "Mila Novak - Jonas Berg" }),
    oddsChange(3005, 2, [{ marketTypeId: 186, specifiers: "", status: "active", outcomes: [{ id: "1", odds: "1.60", active: true }, { id: "2", odds: "2.30", active: true }] }], { producer: "live", eventStatus: "live" }),
    fixtureChange(3006, 1, { name: "Northbridge Rovers - Old Fixture", status: "ended", startsAt: day("2026-05-20") }),
  );
});
afterAll(async () => {
  await server?.close();
});

const idsOf = (body: { data: { id: number }[] }) => body.data.map((event) => event.id);

describe("the spec's sport calls", () => {
  it("answers a guest a sport's categories with their championships, in the feed's order, with a strong ETag", async () => {
    const response = await server.request("/api/game/sport/info/66");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    const info = SportInfoSchema.parse(await readJson(response));
    expect(info).toEqual({
      Categories: [
        { CategoryId: 9001, Name: "England", Championships: [{ ChampionshipId: 9101, Name: "Premier League" }, { ChampionshipId: 9102, Name: "League Two" }] },
        { CategoryId: 9002, Name: "Spain", Championships: [{ ChampionshipId: 9103, Name: "La Liga" }] },
      ],
    });
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await server.request("/api/game/sport/info/66", { headers: { "if-none-match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("answers 404 with the error body for a sport without categories or an unknown event", async () => {
    for (const path of ["/api/game/sport/info/999", "/api/game/sport/events/987654", "/api/sportsbook/events/987654"]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(ApiErrorSchema.parse(await readJson(response)), path).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
    // Ids the feed's numbering cannot hold are refused before any query.
    for (const path of ["/api/game/sport/info/abc", "/api/game/sport/info/3000000000", "/api/sportsbook/events?sportId=3000000000", "/api/sportsbook/events/99999999999999999999"]) {
      expect((await server.request(path)).status, path).toBe(422);
    }
  });

  it("shows new championships at once, whether stored through the service or named by the feed's next fixture", async () => {
    const before = await server.request("/api/game/sport/info/66");
    await server.app.services.sport.upsertCatalogue({ championships: [{ id: 9105, categoryId: 9001, name: "FA Cup", position: 1 }] });
    const after = await server.request("/api/game/sport/info/66", { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(SportInfoSchema.parse(await readJson(after)).Categories[0]!.Championships.map((entry) => entry.Name)).toEqual(["Premier League", "FA Cup", "League Two"]);

    // A feed that stores its rows itself: the fixture naming the new championship drops the cached info.
    await upsertSportCatalogue(server.database.db, { championships: [{ id: 9106, categoryId: 9002, name: "Copa del Sur", position: 2 }] });
    await feed.send(fixtureChange(3007, 1, { categoryId: 9002, championshipId: 9106, name: "Copa Final", homeCompetitorId: 9203, awayCompetitorId: 9204, startsAt: day("2026-06-01") }));
    const spain = SportInfoSchema.parse(await readJson(await server.request("/api/game/sport/info/66"))).Categories[1]!;
    expect(spain.Championships.map((entry) => entry.Name)).toEqual(["La Liga", "Copa del Sur"]);
  });

  it("answers a guest an event's championship, category and sport", async () => {
    const response = await server.request("/api/game/sport/events/3003");
    expect(response.status).toBe(200);
    expect(EventInfoSchema.parse(await readJson(response))).toEqual({
      id: 3003,
      name: "El Clasico del Sur",
      championship: { id: 9103, name: "La Liga", category: { id: 9002, name: "Spain", sport: { id: 66, name: sportName(66) } } },
    });
    expect(response.headers.get("etag")).toBeTruthy();
  });

  it("finds open events by their name or a competitor's, and championships by name", async () => {
    const rovers = await readJson(await server.request("/api/game/sport/search?text=ROVERS"));
    // The ended fixture of the same team is not offered.
    expect(idsOf({ data: rovers.events })).toEqual([3004, 3001]);
    const sierra = await readJson(await server.request("/api/game/sport/search?text=sierra"));
    expect(idsOf({ data: sierra.events })).toEqual([3007, 3003]);
    const liga = await readJson(await server.request("/api/game/sport/search?text=liga"));
    expect(liga.championships).toEqual([{ id: 9103, name: "La Liga", categoryId: 9002, categoryName: "Spain", sportId: 66 }]);
    // Wildcards are plain characters.
    expect(await readJson(await server.request("/api/game/sport/search?text=%25%25"))).toEqual({ events: [], championships: [] });
    expect((await server.request("/api/game/sport/search?text=a")).status).toBe(422);
  });
});

describe("the widget's lists", () => {
  it("counts open events per sport", async () => {
    expect(await readJson(await server.request("/api/sportsbook/sports"))).toEqual({
      data: [
        { sportId: 66, prematch: 4, live: 1 },
        { sportId: 68, prematch: 0, live: 1 },
      ],
    });
  });

  it("lists pre-match events by start and live ones by sport, filtered and paginated, each with its main market", async () => {
    const prematch = EventSummaryPageSchema.parse(await readJson(await server.request("/api/sportsbook/events?sportId=66&live=false")));
    expect(idsOf(prematch)).toEqual([3007, 3002, 3001, 3003]);
    const first = prematch.data.find((event) => event.id === 3001)!;
    expect(first).toMatchObject({
      categoryName: "England",
      championshipName: "Premier League",
      home: { id: 9201, name: "Northbridge Rovers", shortName: "NBR" },
      away: { id: 9202, name: "Easton Athletic" },
      startsAt: "2026-06-03T18:00:00.000Z",
      status: "not_started",
      suspended: false,
      marketCount: 2,
      mainMarket: { marketKey: "1|", outcomes: [{ id: "1", odds: "1.85", active: true }, { id: "X" }, { id: "2" }] },
    });
    expect(prematch.data.find((event) => event.id === 3002)).toMatchObject({ home: null, away: null });

    expect(idsOf(await readJson(await server.request("/api/sportsbook/events?live=true")))).toEqual([3004, 3005]);
    expect(idsOf(await readJson(await server.request("/api/sportsbook/events?championshipId=9103")))).toEqual([3003]);
    const everything = await readJson(await server.request("/api/sportsbook/events?perPage=2&page=2"));
    expect(everything.meta).toEqual({ page: 2, perPage: 2, totalPages: 3, totalRows: 6 });
    expect(idsOf(everything)).toEqual([3007, 3002]);
    expect((await server.request("/api/sportsbook/events?perPage=500")).status).toBe(422);
  });

  it("shows one event with every market, its main market first", async () => {
    const event = EventDetailSchema.parse(await readJson(await server.request("/api/sportsbook/events/3004")));
    expect(event).toMatchObject({ id: 3004, status: "live", liveState, suspended: false, marketCount: 2 });
    expect(event.markets.map((market) => market.marketKey)).toEqual(["1|", "18|total=2.5"]);
    // An ended event still has its page.
    expect((await server.request("/api/sportsbook/events/3006")).status).toBe(200);
  });

  it("puts the big championships' soonest matches first in the top events, and the live ones in the carousel", async () => {
    expect(idsOf(await readJson(await server.request("/api/sportsbook/top-events")))).toEqual([3007, 3001, 3003, 3002]);
    expect(idsOf(await readJson(await server.request("/api/sportsbook/top-events?perPage=1")))).toEqual([3007]);
    const live = await readJson(await server.request("/api/sportsbook/live"));
    expect(idsOf(live)).toEqual([3004, 3005]);
    expect(live.data[1]).toMatchObject({ sportId: 68, mainMarket: { marketTypeId: 186 } });
    expect(idsOf(await readJson(await server.request("/api/sportsbook/live?perPage=1")))).toEqual([3004]);
  });

  it("gives the home page's loader the same carousels in-process as the API answers", async () => {
    const sport = localDomainServices(server.app.services).sport;
    expect(await sport.topEvents(15)).toEqual((await readJson(await server.request("/api/sportsbook/top-events?perPage=15"))).data);
    expect(await sport.liveEvents(7)).toEqual((await readJson(await server.request("/api/sportsbook/live?perPage=7"))).data);
    expect(idsOf({ data: await sport.topEvents(2) })).toEqual([3007, 3001]);
  });
});

describe("the public sport channels", () => {
  it("lets a connected client subscribe to an event's channel and receive its price changes", async () => {
    const { token } = await server.app.services.realtime.connectionToken(randomUUID());
    const connection = connectCentrifuge(websocketUrl(server.baseUrl), { token });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      const updates: SportEventUpdate[] = [];
      const subscription = connection.client.newSubscription("sport:event-3001");
      subscription.on("publication", (context) => updates.push(context.data as SportEventUpdate));
      const subscribed = new Promise<void>((resolve) => subscription.on("subscribed", () => resolve()));
      subscription.subscribe();
      await subscribed;
      await feed.send(oddsChange(3001, 3, [matchResult("1.70", "3.60", "4.80")]));
      await server.app.services.realtime.dispatchNow();
      const update = await waitFor(() => updates[0], 5_000, "the price change");
      expect(update).toMatchObject({ eventId: 3001, suspended: false, markets: [{ marketKey: "1|", version: 2, outcomes: [{ odds: "1.70" }, { odds: "3.60" }, { odds: "4.80" }] }] });
    } finally {
      connection.client.disconnect();
    }
  });
});

describe("outright events", () => {
  it("names an outright market's outcomes by their competitors", async () => {
    await server.app.services.sport.upsertCatalogue({
      competitors: [
        { id: 9301, sportId: 165, name: "Silver Comet", shortName: "SCO", crest: { shape: 1, primary: "#c0c0c0", secondary: "#202020" } },
        { id: 9302, sportId: 165, name: "Midnight Lark", shortName: "MLA", crest: { shape: 2, primary: "#101040", secondary: "#f0f0f0" } },
      ],
    });
    const winner = { marketTypeId: 7, specifiers: "", status: "active" as const, outcomes: [{ id: "9301", odds: "2.40", active: true }, { id: "9302", odds: "1.75", active: true }] };
    await feed.send(
      fixtureChange(3008, 1, { homeCompetitorId: null, awayCompetitorId: null, name: "Spring Stakes", startsAt: day("2026-06-05") }),
      oddsChange(3008, 2, [winner, matchResult("1.85", "3.40", "4.20")]),
    );
    const event = EventDetailSchema.parse(await readJson(await server.request("/api/sportsbook/events/3008")));
    expect(event).toMatchObject({ home: null, away: null, name: "Spring Stakes" });
    const outright = event.markets.find((market) => market.marketTypeId === 7);
    expect(outright?.outcomes).toEqual([
      { id: "9301", odds: "2.40", active: true, name: "Silver Comet" },
      { id: "9302", odds: "1.75", active: true, name: "Midnight Lark" },
    ]);
    // 1, X and 2 stay the market type's own outcomes.
    expect(event.markets.find((market) => market.marketTypeId === 1)?.outcomes.map((outcome) => outcome.name)).toEqual([undefined, undefined, undefined]);
  });
});
