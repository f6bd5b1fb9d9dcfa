// @vitest-environment happy-dom
import type { BetView } from "@playfair/contracts/sport/bets";
import { MARKET_TYPES } from "@playfair/contracts/sport/sports";
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BetsHistory, betOutcome } from "./bets-history.tsx";
import { EUR, publish, renderAsPlayer, requestsTo } from "./bonus/bonus-test-kit.tsx";
import WalletLiveUpdates from "./wallet-live.tsx";
import { WalletHistory } from "./wallet-history.tsx";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

type Leg = BetView["legs"][number];

function leg(overrides: Partial<Leg> = {}): Leg {
  return {
    eventId: 101,
    eventName: "Harbour City vs Northgate",
    sportId: 66,
    marketKey: "1",
    marketTypeId: MARKET_TYPES.matchResult.id,
    specifiers: "",
    outcomeId: "1",
    odds: "2.50",
    result: "win",
    startsAt: "2026-11-20T18:00:00.000Z",
    ...overrides,
  };
}

let betSeq = 0;
function bet(overrides: Partial<BetView> = {}): BetView {
  betSeq += 1;
  return {
    id: `bet-${betSeq}`,
    kind: "single",
    systemSize: null,
    currency: "EUR",
    stake: "10.00",
    potentialPayout: "25.00",
    payout: "25.00",
    status: "settled",
    rejectReason: null,
    isLive: false,
    isSettled: true,
    cashOut: null,
    placedAt: "2026-11-20T17:00:00.000Z",
    settledAt: "2026-11-20T20:00:00.000Z",
    legs: [leg()],
    ...overrides,
  };
}

function page(data: BetView[], meta: Partial<{ page: number; totalPages: number }> = {}) {
  return { data, meta: { page: 1, perPage: 10, total: data.length, totalPages: 1, ...meta } };
}

let settled: BetView[] = [];
let open: BetView[] = [];

beforeEach(() => {
  settled = [];
  open = [];
  api.apiRequest.mockReset().mockImplementation((path: string, options?: { query?: { isSettled?: string; page?: number } }) => {
    if (path === "/api/settings/currencies") return Promise.resolve({ data: [EUR] });
    if (path === "/api/wallet/accounts") return Promise.resolve({ data: [] });
    if (path === "/api/game/bets") {
      const list = options?.query?.isSettled === "false" ? open : settled;
      const number = options?.query?.page ?? 1;
      return Promise.resolve(page(list.slice((number - 1) * 10, number * 10), { page: number, totalPages: Math.max(1, Math.ceil(list.length / 10)) }));
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(cleanup);

const betRequests = () => requestsTo(api.apiRequest, "/api/game/bets").map((options) => options.query);
const row = (id: string) => document.querySelector<HTMLElement>(`[data-bet-row="${id}"]`)!;

describe("the sports bets history", () => {
  it("lists settled bets with their kind, legs, stake, payout and status", async () => {
    settled = [
      bet({ id: "won" }),
      bet({
        id: "lost",
        kind: "multiple",
        payout: "0",
        potentialPayout: "60.00",
        legs: [
          leg({ eventId: 1, marketTypeId: MARKET_TYPES.total.id, marketKey: "3|total=2.5", specifiers: "total=2.5", outcomeId: "over", odds: "1.90", result: "lose" }),
          leg({ eventId: 2, eventName: "Kestrel vs Lindqvist", marketTypeId: MARKET_TYPES.moneyline.id, outcomeId: "2", odds: "3.15", result: "half_win" }),
        ],
      }),
      bet({
        id: "system",
        kind: "system",
        systemSize: 2,
        payout: "12.40",
        legs: [leg({ eventId: 1 }), leg({ eventId: 2, result: "lose" }), leg({ eventId: 3, marketTypeId: MARKET_TYPES.outrightWinner.id, outcomeId: "competitor-7", result: "void" })],
      }),
      bet({ id: "void", payout: "10.00", legs: [leg({ result: "void" })] }),
      bet({ id: "cashed", status: "cashed_out", payout: "14.20", legs: [leg({ result: "open" })] }),
      bet({ id: "rejected", status: "rejected", rejectReason: "oddsChanged", payout: null, legs: [leg({ result: "open" })] }),
      bet({ id: "cancelled", status: "cancelled", payout: "10.00", legs: [leg({ result: "void" })] }),
    ];
    const router = renderAsPlayer(<WalletHistory />, "/wallet/history?tab=bets");
    expect(await screen.findByRole("tab", { name: "Sports bets", selected: true })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll("[data-bet-row]")).toHaveLength(7));
    expect(betRequests()).toEqual([{ page: 1, perPage: 10, isSettled: "true" }]);

    const won = row("won");
    expect(within(won).getByText("Single")).toBeInTheDocument();
    expect(within(won).getByText("Won", { selector: "[data-bet-status] > div span" })).toBeInTheDocument();
    expect(within(won).getByText("Harbour City vs Northgate")).toBeInTheDocument();
    expect(within(won).getByText("Home")).toBeInTheDocument();
    expect(won).toHaveTextContent("Match result · Home");
    expect(won).toHaveTextContent("Odds 2.50");
    // Amounts go through the app's money formatter once the currencies' data is in.
    await waitFor(() => expect(won).toHaveTextContent("Stake€10.00"));
    expect(won).toHaveTextContent("Payout€25.00");

    const lost = row("lost");
    expect(within(lost).getByText("Multiple")).toBeInTheDocument();
    expect(lost).toHaveAttribute("data-bet-status", "lost");
    expect(lost).toHaveTextContent("Total 2.5 · Over");
    expect(lost).toHaveTextContent("Winner · Away");
    expect(within(lost).getByText("Half won")).toBeInTheDocument();
    expect(lost).toHaveTextContent("Payout€0.00");

    const system = row("system");
    expect(within(system).getByText("System 2/3")).toBeInTheDocument();
    expect(system).toHaveTextContent("Outright winner · competitor-7");
    expect(system).toHaveTextContent("Payout€12.40");

    expect(within(row("void")).getByText("Void", { selector: "span" })).toBeInTheDocument();
    expect(within(row("cashed")).getByText("Cashed out")).toBeInTheDocument();
    expect(row("cashed")).toHaveTextContent("Payout€14.20");
    expect(within(row("rejected")).getByText("Rejected")).toBeInTheDocument();
    expect(within(row("rejected")).getByText("The odds changed.")).toBeInTheDocument();
    expect(row("rejected")).toHaveTextContent("Payout—");
    expect(within(row("cancelled")).getByText("Cancelled")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tab=bets");
  });

  it("switches to open bets, keeps the switch in the address and shows what they may pay", async () => {
    settled = [bet({ id: "old" })];
    open = [
      bet({ id: "accepted", status: "accepted", payout: null, isSettled: false, potentialPayout: "31.50", legs: [leg({ result: "open", odds: "3.15" })] }),
      bet({ id: "pending", status: "pending", payout: null, isSettled: false, isLive: true, legs: [leg({ result: "open" })] }),
    ];
    const router = renderAsPlayer(<WalletHistory />, "/wallet/history?tab=bets");
    await screen.findByText("Harbour City vs Northgate");
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "false" } });
    await waitFor(() => expect(router.state.location.search).toBe("?tab=bets&isSettled=false"));
    await waitFor(() => expect(row("accepted")).toHaveTextContent("Potential payout€31.50"));
    expect(betRequests().at(-1)).toEqual({ page: 1, perPage: 10, isSettled: "false" });
    expect(within(row("accepted")).getByText("Accepted")).toBeInTheDocument();
    expect(within(row("accepted")).getByText("Open")).toBeInTheDocument();
    expect(within(row("pending")).getByText("Pending")).toBeInTheDocument();
    expect(document.querySelector('[data-bet-row="old"]')).toBeNull();
  });

  it("says when there are no bets, and offers the settled ones back from an empty open list", async () => {
    renderAsPlayer(<WalletHistory />, "/wallet/history?tab=bets&isSettled=false");
    expect(await screen.findByRole("heading", { name: "No open bets" })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole("button", { name: "Reset" }).at(-1)!);
    expect(await screen.findByRole("heading", { name: "No settled bets yet" })).toBeInTheDocument();
    expect(screen.getByText("Sports bets appear here once they are decided: won, lost, cashed out or refused.")).toBeInTheDocument();
  });

  it("pages through the bets", async () => {
    settled = Array.from({ length: 12 }, (_, index) => bet({ id: `bet-page-${index}` }));
    renderAsPlayer(<WalletHistory />, "/wallet/history?tab=bets");
    await waitFor(() => expect(document.querySelectorAll("[data-bet-row]")).toHaveLength(10));
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(document.querySelectorAll("[data-bet-row]")).toHaveLength(2));
    expect(betRequests().at(-1)).toEqual({ page: 2, perPage: 10, isSettled: "true" });
  });

  it("refreshes when one of the player's bets changes, and not for the channel's other events", async () => {
    renderAsPlayer(
      <>
        <WalletLiveUpdates />
        <WalletHistory />
      </>,
      "/wallet/history?tab=bets",
    );
    await screen.findByRole("heading", { name: "No settled bets yet" });
    const before = betRequests().length;
    publish("game:bets#player-1", { event: "game.bet.restricted", reason: "coolingOff", message: "", provider: "playfair", gameCode: "playfair-dice", currency: "EUR" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(betRequests()).toHaveLength(before);
    settled = [bet({ id: "fresh" })];
    publish("game:bets#player-1", { event: "bet.placebet", bet: settled[0] });
    await waitFor(() => expect(row("fresh")).toBeTruthy());
    expect(betRequests().length).toBe(before + 1);
  });

  it("applies the switch from the phone's filter panel", async () => {
    open = [bet({ id: "phone", status: "accepted", payout: null })];
    const onFilters = vi.fn();
    renderAsPlayer(<BetsHistory filters={{ isSettled: "" }} page={1} mobile onFilters={onFilters} onPage={() => undefined} />, "/wallet/history?tab=bets");
    fireEvent.click(await screen.findByRole("button", { name: "Filters" }));
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "false" } });
    expect(onFilters).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onFilters).toHaveBeenCalledWith({ isSettled: "false" });
  });
});

describe("a bet's status as the player reads it", () => {
  it("tells a settled bet as won, lost or void", () => {
    expect(betOutcome({ status: "settled", payout: "25.00", legs: [leg()] })).toBe("won");
    expect(betOutcome({ status: "settled", payout: "0.00", legs: [leg({ result: "lose" })] })).toBe("lost");
    expect(betOutcome({ status: "settled", payout: "10.00", legs: [leg({ result: "void" }), leg({ result: "void" })] })).toBe("void");
    expect(betOutcome({ status: "settled", payout: "4.00", legs: [leg({ result: "void" }), leg({ result: "half_win" })] })).toBe("won");
    expect(betOutcome({ status: "cashed_out", payout: "8.00", legs: [leg()] })).toBe("cashedOut");
    expect(betOutcome({ status: "pending", payout: null, legs: [leg({ result: "open" })] })).toBe("pending");
  });
});
