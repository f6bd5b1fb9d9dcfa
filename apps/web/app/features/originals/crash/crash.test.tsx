// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { CrashBet, CrashRound } from "@playfair/contracts/game/crash";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import type { CrashState } from "./crash-api.ts";

const calls = vi.hoisted(() => ({ state: null as CrashState | null, place: [] as unknown[], cashOut: [] as unknown[] }));

vi.mock("./crash-api.ts", () => ({
  crashKeys: { state: ["crash", "state"], history: ["crash", "history"] },
  fetchCrashState: async () => calls.state,
  fetchCrashHistory: async () => [],
  placeCrashBet: async (sessionId: string, body: { amount: string; autoCashout?: string }) => {
    calls.place.push({ sessionId, body });
    return { data: bet({ amount: body.amount, autoCashout: body.autoCashout ?? null }), balance: "999.90" };
  },
  cashOutCrashBet: async (sessionId: string, betId: string) => {
    calls.cashOut.push({ sessionId, betId });
    return { data: bet({ status: "cashed", cashoutMultiplier: "1.50", payout: "0.15" }), balance: "1000.05" };
  },
}));

const { default: Crash } = await import("./crash.tsx");

const ROUND_ID = "11111111-1111-4111-8111-111111111111";
const SESSION_ID = "22222222-2222-4222-8222-222222222222";

function round(changes: Partial<CrashRound>): CrashRound {
  return { id: ROUND_ID, position: 1, chainId: "c", status: "betting", bettingEndsAt: new Date(Date.now() + 5_000).toISOString(), startedAt: null, crashedAt: null, crashPoint: null, hash: null, ...changes };
}

function bet(changes: Partial<CrashBet>): CrashBet {
  return { id: "33333333-3333-4333-8333-333333333333", roundId: ROUND_ID, sessionId: SESSION_ID, demo: true, currency: "FUN", amount: "0.10", autoCashout: null, status: "active", cashoutMultiplier: null, payout: null, createdAt: new Date().toISOString(), settledAt: null, ...changes };
}

function stateWith(value: CrashRound): CrashState {
  return { round: value, bets: [], serverTime: new Date().toISOString(), growthPerMs: 0.00006 };
}

function renderCrash() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The currencies the wallet formats with, as if already loaded: the test makes no other call.
  client.setQueryData(["settings", "currencies"], { data: [] });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18nFor("en")}>
        <Crash identity="playfair-crash" launch={{ kind: "original", url: null, sessionId: SESSION_ID, demo: true, currency: "FUN", stakes: { min: "0.10", max: "100.00" } }} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  calls.place = [];
  calls.cashOut = [];
});

describe("the crash interface", () => {
  it("bets with an auto cash-out while the round takes bets, then cashes out while it runs", async () => {
    calls.state = stateWith(round({}));
    renderCrash();
    expect(await screen.findByText(/Bets close in/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Auto cash-out (optional)"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    await waitFor(() => expect(calls.place).toEqual([{ sessionId: SESSION_ID, body: { amount: "0.10", autoCashout: "2.00" } }]));
    expect(await screen.findByRole("button", { name: "Bet placed" })).toBeDisabled();

    calls.state = stateWith(round({ status: "running", startedAt: new Date(Date.now() - 7_000).toISOString() }));
    const cashOut = await screen.findByRole("button", { name: /^Cash out/ }, { timeout: 3_000 });
    fireEvent.click(cashOut);
    await waitFor(() => expect(calls.cashOut).toEqual([{ sessionId: SESSION_ID, betId: "33333333-3333-4333-8333-333333333333" }]));
  });

  it("refuses an auto cash-out under 1.01 and shows the crash point once the round is over", async () => {
    calls.state = stateWith(round({}));
    renderCrash();
    await screen.findByText(/Bets close in/);
    fireEvent.change(screen.getByLabelText("Auto cash-out (optional)"), { target: { value: "1" } });
    expect(screen.getByText(/1.01 or more/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bet" })).toBeDisabled();
    calls.state = stateWith(round({ status: "crashed", startedAt: new Date(Date.now() - 9_000).toISOString(), crashedAt: new Date().toISOString(), crashPoint: "1.62", hash: "ab" }));
    expect(await screen.findByText("Crashed at 1.62×", undefined, { timeout: 3_000 })).toBeInTheDocument();
  });
});
