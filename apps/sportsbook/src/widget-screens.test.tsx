// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { betView, eventDetail, eventSummary, matchResult, totalGoals } from "./test-fixtures.ts";
import { mountWidget, page, type Routes } from "./test-widget.tsx";
import type { EventSummary, MarketView } from "@playfair/contracts/sport/sportsbook-api";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the sportsbook's start", () => {
  it("lists live events with their scores and every sport with its counts", async () => {
    const live = eventSummary(9, { status: "live", liveState: { homeScore: 2, awayScore: 1, periodScores: [], phase: "2nd_half", clockSeconds: 3_900 } });
    const { calls } = mountWidget({
      path: "/sport",
      routes: {
        "GET /api/sportsbook/events": () => page([live]),
        "GET /api/sportsbook/sports": () => ({ body: { data: [{ sportId: 66, prematch: 120, live: 4 }, { sportId: 68, prematch: 30, live: 0 }, { sportId: 71, prematch: 0, live: 0 }] } }),
      },
    });
    const liveList = await screen.findByRole("list", { name: "Live now" });
    expect(within(liveList).getByRole("link", { name: /Arsenal/ })).toHaveTextContent("Live66'Premier LeagueArsenal2Chelsea1");
    const soccer = await screen.findByRole("link", { name: /Soccer/ });
    expect(soccer).toHaveAttribute("href", "/sport/soccer");
    expect(soccer).toHaveTextContent("4 live · 120 upcoming");
    expect(screen.getByRole("link", { name: /Tennis/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Boxing/ })).not.toBeInTheDocument();
    expect(calls.every((call) => call.authorization === null)).toBe(true);
  });

  it("moves its router on a click and tells the site the new address", async () => {
    const { navigations } = mountWidget({
      path: "/sport",
      routes: {
        "GET /api/sportsbook/events": () => page([]),
        "GET /api/sportsbook/sports": () => ({ body: { data: [{ sportId: 66, prematch: 3, live: 0 }] } }),
        "GET /api/game/sport/info/66": () => ({ body: { Categories: [{ CategoryId: 1, Name: "England", Championships: [{ ChampionshipId: 17, Name: "Premier League" }] }] } }),
      },
    });
    await userEvent.click(await screen.findByRole("link", { name: /Soccer/ }));
    expect(navigations).toEqual(["/sport/soccer"]);
    expect(await screen.findByRole("heading", { level: 1, name: "Soccer" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Premier League" })).toHaveAttribute("href", "/sport/soccer/england/premier-league");
  });
});

describe("sports beyond the translated ones, and outrights", () => {
  const outright = (version = 1): MarketView => ({
    marketKey: "7|",
    marketTypeId: 7,
    specifiers: "",
    status: "active",
    version,
    outcomes: [
      { id: "101343", odds: "4.50", active: true, name: "Silver Comet" },
      { id: "101344", odds: "2.75", active: true, name: "Midnight Lark" },
    ],
  });
  const race = (overrides: Partial<EventSummary> = {}) =>
    eventSummary(7001, { sportId: 212, categoryName: "World", championshipName: "Desert Classic", name: "Desert Classic 2026", home: null, away: null, marketCount: 3, mainMarket: outright(), ...overrides });

  const summaryOf = ({ mainMarket: _main, ...summary }: EventSummary) => summary;

  it("names a sport by the sport catalogue and lists an outright by its name and market count, without prices", async () => {
    mountWidget({
      path: "/sport/golf",
      routes: {
        "GET /api/game/sport/info/212": () => ({ body: { Categories: [{ CategoryId: 30, Name: "World", Championships: [{ ChampionshipId: 31, Name: "Desert Classic" }] }] } }),
        "GET /api/sportsbook/events": () => page([race(), eventSummary(7002, { sportId: 212 })]),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Golf" })).toBeInTheDocument();
    const outrightRow = (await screen.findByText("Desert Classic 2026")).closest("li");
    expect(outrightRow).not.toBeNull();
    expect(within(outrightRow!).queryAllByRole("button")).toEqual([]);
    expect(within(outrightRow!).getByRole("link", { name: "3 markets" })).toHaveAttribute("href", "/sport/golf/world/desert-classic/7001-desert-classic-2026");
    expect(screen.getByRole("button", { name: /Arsenal.*2\.10/ })).toBeInTheDocument();
  });

  it("shows an outright's competitors by name on the event page, and keeps them as prices move", async () => {
    const { publish } = mountWidget({
      path: "/sport/event/7001",
      routes: { "GET /api/sportsbook/events/7001": () => ({ body: eventDetail(7001, [outright()], summaryOf(race())) }) },
    });
    const winner = await screen.findByRole("group", { name: "Outright winner" });
    expect(within(winner).getByRole("button", { name: /Silver Comet.*4\.50/ })).toBeInTheDocument();
    const { name: _dropped, ...unnamed } = outright(2).outcomes[0]!;
    publish("sport:event-7001", { eventId: 7001, status: "not_started", liveState: null, suspended: false, markets: [{ ...outright(2), outcomes: [{ ...unnamed, odds: "5.00" }, outright(2).outcomes[1]!] }] });
    expect(within(winner).getByRole("button", { name: /Silver Comet.*5\.00, price went up/ })).toBeInTheDocument();
    expect(screen.queryByText("101343")).not.toBeInTheDocument();
  });
});

describe("an event page", () => {
  const routes = (markets = [matchResult(["2.10", "3.40", "3.30"], 3), totalGoals("2.5", "1.85", "1.95", 2)]): Routes => ({
    "GET /api/sportsbook/events/4501": () => ({ body: eventDetail(4501, markets) }),
  });

  it("shows every market grouped by type, and a chosen price goes on the slip", async () => {
    mountWidget({ path: "/sport/soccer/england/premier-league/4501-arsenal-vs-chelsea", routes: routes(), token: "sb-token" });
    expect(await screen.findByRole("heading", { level: 1, name: "Arsenal vs Chelsea" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Match result" })).toBeInTheDocument();
    const total = screen.getByRole("group", { name: "Total 2.5" });
    const over = within(total).getByRole("button", { name: /Over 2\.5/ });
    await userEvent.click(over);
    expect(over).toHaveAttribute("aria-pressed", "true");
    const slip = screen.getByRole("region", { name: "Bet slip" });
    expect(within(slip).getByText("Over 2.5")).toBeInTheDocument();
    expect(within(slip).getByText("1.85")).toBeInTheDocument();
  });

  it("moves prices live with an up or down cue, and locks a suspended market", async () => {
    const { publish, channels } = mountWidget({ path: "/sport/event/4501", routes: routes() });
    await screen.findByRole("heading", { level: 1, name: "Arsenal vs Chelsea" });
    expect(channels()).toEqual(["sport:event-4501"]);
    publish("sport:event-4501", { eventId: 4501, status: "live", liveState: { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 600 }, suspended: false, markets: [matchResult(["1.70", "3.80", "4.60"], 4)] });
    const result = screen.getByRole("group", { name: "Match result" });
    expect(within(result).getByRole("button", { name: /Arsenal.*1\.70, price went down/ })).toBeInTheDocument();
    expect(within(result).getByRole("button", { name: /Chelsea.*4\.60, price went up/ })).toBeInTheDocument();
    expect(screen.getByText("1st half · 11'")).toBeInTheDocument();
    publish("sport:event-4501", { eventId: 4501, status: "live", liveState: null, suspended: false, markets: [totalGoals("2.5", "1.85", "1.95", 3)].map((market) => ({ ...market, status: "suspended" as const })) });
    const total = screen.getByRole("group", { name: "Total 2.5" });
    for (const button of within(total).getAllByRole("button")) expect(button).toBeDisabled();
  });

  it("reads the event again once its channel is subscribed, so a price moved before then is shown", async () => {
    let reads = 0;
    const { subscribe } = mountWidget({
      path: "/sport/event/4501",
      subscribeLater: true,
      routes: { "GET /api/sportsbook/events/4501": () => ({ body: eventDetail(4501, [++reads === 1 ? matchResult(["2.10", "3.40", "3.30"], 3) : matchResult(["1.70", "3.80", "4.60"], 4)]) }) },
    });
    const title = await screen.findByRole("heading", { level: 1, name: "Arsenal vs Chelsea" });
    const result = screen.getByRole("group", { name: "Match result" });
    expect(within(result).getByRole("button", { name: /Arsenal/ })).toHaveTextContent("2.10");
    expect(title.closest("article")).toHaveAttribute("data-live-updates", "off");
    subscribe("sport:event-4501");
    expect(await within(result).findByRole("button", { name: /Arsenal.*1\.70, price went down/ })).toBeInTheDocument();
    expect(title.closest("article")).toHaveAttribute("data-live-updates", "on");
    expect(reads).toBe(2);
  });

  it("says so when the event does not exist, and leads back to the sport section", async () => {
    const { navigations } = mountWidget({ path: "/sport/event/999", routes: {} });
    expect(await screen.findByText("This event is not available.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "All sports" }));
    expect(navigations).toEqual(["/sport"]);
  });
});

describe("the bet slip", () => {
  it("places a multiple with the token and shows it accepted", async () => {
    const second = eventSummary(4502, {
      name: "Liverpool vs Everton",
      home: { id: 503, name: "Liverpool", shortName: "LIV", crest: { shape: 1, primary: "#c8102e", secondary: "#ffffff" } },
      away: { id: 504, name: "Everton", shortName: "EVE", crest: { shape: 1, primary: "#c8102e", secondary: "#ffffff" } },
      mainMarket: matchResult(["1.50", "4.20", "6.00"]),
    });
    const { calls } = mountWidget({
      path: "/sport",
      token: "sb-token",
      routes: {
        "GET /api/sportsbook/events": () => page([eventSummary(4501), second]),
        "GET /api/sportsbook/sports": () => ({ body: { data: [] } }),
        "POST /api/sportsbook/bets": () => ({ body: { data: betView("bet-1", { kind: "multiple" }) } }),
      },
    });
    const list = await screen.findByRole("list", { name: "Live now" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    await userEvent.click(within(list).getByRole("button", { name: /Liverpool.*1\.50/ }));
    const slip = screen.getByRole("region", { name: "Bet slip" });
    expect(within(slip).getByRole("combobox", { name: "Bet type" })).toHaveValue("multiple");
    await userEvent.type(within(slip).getByRole("textbox", { name: "Stake (EUR)" }), "10");
    expect(within(slip).getByText("3.15")).toBeInTheDocument();
    expect(within(slip).getByText("31.50 EUR")).toBeInTheDocument();
    await userEvent.click(within(slip).getByRole("button", { name: "Place bet" }));
    expect(await within(slip).findByText("Bet accepted. Good luck!")).toBeInTheDocument();
    const placed = calls.find((call) => call.method === "POST");
    expect(placed?.authorization).toBe("Bearer sb-token");
    expect(placed?.body).toMatchObject({ kind: "multiple", stake: "10", currency: "EUR", selections: [{ eventId: 4501, outcomeId: "1" }, { eventId: 4502, outcomeId: "1" }] });
  });

  it("opens as a sheet on phones from a bar that counts the selections, and closes with Escape", async () => {
    mountWidget({ path: "/sport", token: "sb-token", routes: { "GET /api/sportsbook/events": () => page([eventSummary(4501)]), "GET /api/sportsbook/sports": () => ({ body: { data: [] } }) } });
    const list = await screen.findByRole("list", { name: "Live now" });
    expect(screen.queryByRole("button", { name: /Bet slip, \d+ selections/ })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    const bar = screen.getByRole("button", { name: "Bet slip, 1 selections" });
    await userEvent.click(bar);
    const sheet = screen.getByRole("dialog", { name: "Bet slip" });
    expect(within(sheet).getByText("Arsenal")).toBeInTheDocument();
    expect(within(sheet).getByRole("button", { name: "Close bet slip" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(bar).toHaveFocus();
  });

  it("asks a guest to sign in instead of offering to place", async () => {
    mountWidget({ path: "/sport", routes: { "GET /api/sportsbook/events": () => page([eventSummary(4501)]), "GET /api/sportsbook/sports": () => ({ body: { data: [] } }) } });
    const list = await screen.findByRole("list", { name: "Live now" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    const slip = screen.getByRole("region", { name: "Bet slip" });
    expect(within(slip).getByText("Sign in to place bets.")).toBeInTheDocument();
    expect(within(slip).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sport?sign-in=true");
    expect(within(slip).queryByRole("button", { name: "Place bet" })).not.toBeInTheDocument();
  });

  it("shows why a bet was not accepted", async () => {
    mountWidget({
      path: "/sport",
      token: "sb-token",
      routes: {
        "GET /api/sportsbook/events": () => page([eventSummary(4501)]),
        "GET /api/sportsbook/sports": () => ({ body: { data: [] } }),
        "POST /api/sportsbook/bets": () => ({ body: { data: betView("bet-2", { status: "rejected", rejectReason: "marketSuspended" }) } }),
      },
    });
    const list = await screen.findByRole("list", { name: "Live now" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    const slip = screen.getByRole("region", { name: "Bet slip" });
    await userEvent.type(within(slip).getByRole("textbox", { name: "Stake (EUR)" }), "5");
    await userEvent.click(within(slip).getByRole("button", { name: "Place bet" }));
    expect(await within(slip).findByRole("alert")).toHaveTextContent("Bet not accepted: the market is suspended");
  });
});

describe("my bets", () => {
  it("lists open bets and cashes one out at its offer", async () => {
    const open = betView("bet-9", { cashOut: { amount: "14.20", offerId: "offer-1" } });
    const { calls } = mountWidget({
      path: "/sport/betHistory",
      token: "sb-token",
      routes: {
        // The history's open bets carry no offer; the open bets' own list does.
        "GET /api/sportsbook/bets/history": ({ url }) => (url.searchParams.get("isSettled") === "false" ? page([{ ...open, cashOut: null }]) : page([])),
        "GET /api/sportsbook/bets": () => ({ body: { data: [open] } }),
        "POST /api/sportsbook/bets/bet-9/cash-out": () => ({ body: { data: { ...open, status: "cashed_out", isSettled: true, payout: "14.20", cashOut: null } } }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cash out 14.20 EUR" }));
    expect(await screen.findByText("Cashed out")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ offerId: "offer-1" });
    expect(calls[0]?.path).toBe("/api/sportsbook/bets?open=true");
  });

  it("shows settled bets with each selection's result", async () => {
    const won = betView("bet-3", { status: "settled", isSettled: true, payout: "21.00", legs: [{ ...betView("x").legs[0]!, result: "win" }] });
    mountWidget({ path: "/sport/history", token: "sb-token", routes: { "GET /api/sportsbook/bets/history": () => page([won]) } });
    expect(await screen.findByText("Won")).toBeInTheDocument();
    expect(screen.getByText("21.00 EUR")).toBeInTheDocument();
    // A leg knows its event's name, not its teams': the side is named, never shown as its id.
    expect(screen.getByText("Home")).toBeInTheDocument();
  });

  it("asks a guest to sign in, through the site's sign-in window", async () => {
    const { navigations } = mountWidget({ path: "/sport/betHistory", routes: {} });
    expect(screen.getByText("Sign in to see your bets.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Sign in" }));
    expect(navigations).toEqual(["/sport/betHistory?sign-in=true"]);
  });
});

describe("search", () => {
  it("finds competitions and events as the player types", async () => {
    mountWidget({
      path: "/sport/search",
      routes: {
        "GET /api/game/sport/search": ({ url }) => ({
          body: url.searchParams.get("text") === "ars" ? { events: [eventSummary(4501)], championships: [{ id: 17, name: "Premier League", categoryId: 1, categoryName: "England", sportId: 66 }] } : { events: [], championships: [] },
        }),
      },
    });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search events and competitions" }), "ars");
    expect(await screen.findByRole("link", { name: /^Premier League/ })).toHaveAttribute("href", "/sport/soccer/england/premier-league");
    expect(screen.getByRole("region", { name: "Events" })).toHaveTextContent("Arsenal");
  });
});

describe("languages", () => {
  it("speaks the page's language, right to left in Persian, with the ids in the addresses", async () => {
    mountWidget({
      path: "/sport",
      locale: "fa",
      routes: { "GET /api/sportsbook/events": () => page([eventSummary(4501)]), "GET /api/sportsbook/sports": () => ({ body: { data: [{ sportId: 66, prematch: 3, live: 0 }] } }) },
    });
    expect(await screen.findByRole("link", { name: /فوتبال/ })).toHaveAttribute("href", "/sport/فوتبال");
    expect(screen.getByRole("link", { name: /Arsenal/ }).getAttribute("href")).toContain("categoryIds=1&championshipIds=17");
    expect(document.querySelector(".sb-root")).toHaveAttribute("dir", "rtl");
  });
});
