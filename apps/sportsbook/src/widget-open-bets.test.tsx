// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { BetView } from "@playfair/contracts/sport/bets";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { movesOffers, OFFER_REFRESH_MS, openLegMarkets } from "./screens/offer-refresh.ts";
import { betView, matchResult, totalGoals } from "./test-fixtures.ts";
import { mountWidget } from "./test-widget.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const priceMove = (eventId: number, markets = [matchResult(["1.80", "3.60", "4.20"], 5)], suspended = false) => ({ eventId, status: "live", liveState: null, suspended, markets });

describe("open bets' cash-out offers", () => {
  it("follow the prices of the bet's market, read again once for a burst of moves and not for other markets", async () => {
    const offers = [
      { amount: "14.20", offerId: "offer-1" },
      { amount: "16.80", offerId: "offer-2" },
    ];
    let reads = 0;
    const open = (): BetView => betView("bet-9", { isLive: true, cashOut: offers[Math.min(reads, offers.length) - 1] ?? null });
    const { calls, publish, channels } = mountWidget({
      path: "/sport/betHistory",
      token: "sb-token",
      routes: {
        "GET /api/sportsbook/bets": () => (reads++, { body: { data: [open()] } }),
        "POST /api/sportsbook/bets/bet-9/cash-out": () => ({ body: { data: { ...open(), status: "cashed_out", isSettled: true, payout: "16.80", cashOut: null } } }),
      },
    });
    expect(await screen.findByRole("button", { name: "Cash out 14.20 EUR" })).toBeInTheDocument();
    expect(channels()).toEqual(["sport:event-4501"]);

    // A live match moves its prices many times a second: one read answers them all.
    for (let move = 0; move < 5; move++) publish("sport:event-4501", priceMove(4501));
    expect(reads).toBe(1);
    expect(await screen.findByRole("button", { name: "Cash out 16.80 EUR" }, { timeout: OFFER_REFRESH_MS + 2_000 })).toBeInTheDocument();
    expect(reads).toBe(2);

    // Another market of the event, or another event, does not change this bet's offer.
    publish("sport:event-4501", priceMove(4501, [totalGoals("2.5", "1.70", "2.10", 4)]));
    publish("sport:event-4502", priceMove(4502));
    await wait(OFFER_REFRESH_MS + 300);
    expect(reads).toBe(2);

    await userEvent.click(screen.getByRole("button", { name: "Cash out 16.80 EUR" }));
    expect(await screen.findByText("Cashed out")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ offerId: "offer-2" });
  });

  it("listen to no event when no open bet has an undecided leg", async () => {
    const { channels } = mountWidget({
      path: "/sport/betHistory",
      token: "sb-token",
      routes: { "GET /api/sportsbook/bets": () => ({ body: { data: [betView("bet-1", { legs: [{ ...betView("x").legs[0]!, result: "win" }] })] } }) },
    });
    expect(await screen.findByText("Open bets")).toBeInTheDocument();
    await screen.findByText("Arsenal vs Chelsea");
    expect(channels()).toEqual([]);
  });
});

describe("which publications move an offer", () => {
  const markets = openLegMarkets([betView("bet-1"), betView("bet-2", { isSettled: true, legs: [{ ...betView("x").legs[0]!, eventId: 77 }] })]);

  it("knows the open legs' markets of unsettled bets only", () => {
    expect([...markets]).toEqual(["4501/1|"]);
  });

  it("counts a price move of a leg's market, a suspension and a producer message of its event", () => {
    expect(movesOffers(priceMove(4501), markets)).toBe(true);
    expect(movesOffers(priceMove(4501, [totalGoals("2.5", "1.70", "2.10")]), markets)).toBe(false);
    expect(movesOffers(priceMove(4501, [totalGoals("2.5", "1.70", "2.10")], true), markets)).toBe(true);
    expect(movesOffers(priceMove(4501, []), markets)).toBe(true);
    expect(movesOffers(priceMove(77, []), markets)).toBe(false);
    expect(movesOffers({ eventId: "4501" }, markets)).toBe(false);
  });
});
