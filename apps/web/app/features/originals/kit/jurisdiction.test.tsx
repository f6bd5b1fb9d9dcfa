// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { UK_JURISDICTION_RULES, type GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "#app/lib/api-client.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { minutesAndSeconds, netAfter, showsSessionBar, useCycleGate } from "./jurisdiction.ts";
import { roundErrorOf } from "./round-errors.ts";
import { SessionBar } from "#app/features/limits/session-bar.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const { stakeCaps: _caps, categories: _categories, ...UK } = UK_JURISDICTION_RULES;
const RULES: GameJurisdiction = { ...UK, country: "GB", stakeCap: { amount: "2.35", currency: "EUR", statedAmount: "2.00", statedCurrency: "GBP" } };

describe("the session's net position and time", () => {
  it("sums wins minus stakes exactly", () => {
    let net = "0";
    net = netAfter(net, { stake: "1.00", payout: "0.40" });
    net = netAfter(net, { stake: "1.00", payout: null });
    expect(Number(netAfter(net, { stake: "0.10", payout: "0.30" }))).toBeCloseTo(-1.4, 10);
    expect(netAfter("0", { stake: "0.1", payout: "0.3" }).startsWith("0.2")).toBe(true);
  });

  it("writes the time as mm:ss", () => {
    expect(minutesAndSeconds(0)).toBe("00:00");
    expect(minutesAndSeconds(65)).toBe("01:05");
    expect(minutesAndSeconds(4503)).toBe("75:03");
  });

  it("shows the bar only when the rules ask for net position or time played", () => {
    expect(showsSessionBar(RULES)).toBe(true);
    expect(showsSessionBar({ ...RULES, showNetPosition: false, showTimePlayed: false })).toBe(false);
    expect(showsSessionBar(undefined)).toBe(false);
  });

  it("shows the net position and a ticking time played", () => {
    vi.useFakeTimers();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
        <I18nextProvider i18n={i18nFor("en")}>
          <SessionBar rules={RULES} net="-1.50" currency="EUR" money={(amount, currency) => `${amount} ${currency}`} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const bar = screen.getByRole("group", { name: "Your session" });
    expect(bar).toHaveTextContent("Net position");
    expect(bar.querySelector("[data-session-net]")).toHaveAttribute("data-session-net", "-1.50");
    expect(bar).toHaveTextContent("Time played00:00");
    act(() => vi.advanceTimersByTime(61_000));
    expect(bar).toHaveTextContent("Time played01:01");
  });
});

describe("the cycle gate", () => {
  it("keeps the next round waiting until the minimum cycle has passed since the last start", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCycleGate(2500));
    expect(result.current.waiting).toBe(false);
    act(() => result.current.started());
    expect(result.current.waiting).toBe(true);
    act(() => vi.advanceTimersByTime(2400));
    expect(result.current.waiting).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.waiting).toBe(false);
  });

  it("never waits without a cycle", () => {
    const { result } = renderHook(() => useCycleGate(0));
    act(() => result.current.started());
    expect(result.current.waiting).toBe(false);
  });

  it("reads the server's too-soon refusal as its own notice", () => {
    const error = new ApiRequestError({ status: 429, code: "RATE_LIMITED", message: "Spins are at least 2.5 s apart in your country.", reason: "cycleTooShort" });
    expect(roundErrorOf(error)).toEqual({ kind: "tooSoon" });
  });
});
