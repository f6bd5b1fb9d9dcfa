// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import type { Round } from "@playfair/contracts/game/play";
import { settleSpin } from "@playfair/fairness/games/slot";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider } from "#app/lib/session.tsx";

// Starfall's free-spin button, as a player with free spins on the game meets it: real play, the
// launch offering the spins, each press one round placed as that free spin at its spin value.

const placed = vi.hoisted(() => [] as Array<{ sessionId: string; body: { amount: string; params: Record<string, unknown>; freespinId?: string } }>);
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));

vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));
vi.mock("../kit/originals-api.ts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchOpenRound: async () => ({ data: null, balance: null }),
  placeRound: async (sessionId: string, body: (typeof placed)[number]["body"]) => {
    placed.push({ sessionId, body });
    return { data: settledRound(body.amount, body.freespinId ?? null), balance: "20.00" };
  },
}));

const { default: Slot } = await import("./slot.tsx");

const SESSION_ID = "22222222-2222-4222-8222-222222222222";
const FREESPIN_ID = "5b0c6f5e-8a51-4c39-9d1e-0f0d8a3c2b11";
const LAUNCH: GameLaunch = { kind: "original", url: null, sessionId: SESSION_ID, demo: false, currency: "EUR", stakes: { min: "0.10", max: "100.00" }, freespin: { id: FREESPIN_ID, remaining: 2, spinValue: "0.20" } };
const EUR = { code: "EUR", type: "fiat", symbol: "€", subunitToUnit: "100", subCurrencies: [], isEnabled: true, isBase: true, rate: { rate: "1" } };

function settledRound(stake: string, freespinId: string | null): Round {
  const now = new Date().toISOString();
  return {
    id: `round-${placed.length}`,
    sessionId: SESSION_ID,
    game: "playfair-slot",
    fairnessGame: "slot",
    demo: false,
    currency: "EUR",
    status: "settled",
    stake,
    payout: "0.00",
    multiplier: "0",
    params: {},
    outcome: { spins: [settleSpin([3, 17, 30, 0, 31], 1)], payoutMultiplier: "0" },
    seeds: null,
    balanceBefore: "20.00",
    balanceAfter: "20.00",
    createdAt: now,
    settledAt: now,
    freespinId,
  };
}

beforeEach(() => {
  // Reduced motion: the reels show the round's end at once, so the next press is open straight away.
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  api.apiRequest.mockReset().mockImplementation(async (path: string) => {
    if (path === "/api/settings/currencies") return { data: [EUR] };
    if (path === "/api/wallet/accounts") return { data: [{ id: "acc-eur", currency: "EUR", balance: "20.00", cash: "20.00", bonus: "0", pendingWithdrawal: "0", status: 1, isSelected: true, isHidden: false, equivalent: null }] };
    if (path === "/api/game/fairness/seeds") return { data: [] };
    return { data: [] };
  });
});
afterEach(() => {
  cleanup();
  placed.length = 0;
  vi.unstubAllGlobals();
});

function renderSlot(launch: GameLaunch) {
  const router = createMemoryRouter([{ path: "*", element: <Slot identity="playfair-slot" launch={launch} /> }], { initialEntries: ["/game/playfair-slot"] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={{ status: "signedIn", playerId: "player-1", profileConfirmed: true }}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("Starfall's free spins", () => {
  it("shows how many are left, plays one at its spin value per press, and goes when none is left", async () => {
    renderSlot(LAUNCH);
    const button = await screen.findByRole("button", { name: "Play a free spin at €0.20 (2 left)" });
    expect(button).toHaveAttribute("data-freespin-button", FREESPIN_ID);

    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(placed).toHaveLength(1));
    // The spin value, not the bet amount the panel shows, and the free spin named.
    expect(placed[0]).toEqual({ sessionId: SESSION_ID, body: { amount: "0.20", params: {}, freespinId: FREESPIN_ID } });
    const next = await screen.findByRole("button", { name: "Play a free spin at €0.20 (1 left)" });

    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next);
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed[1]?.body).toEqual({ amount: "0.20", params: {}, freespinId: FREESPIN_ID });
    await waitFor(() => expect(document.querySelector("[data-freespin-button]")).toBeNull());
    // The paid spin stays, and plays the panel's bet amount with no free spin named.
    const paid = screen.getByRole("button", { name: "Spin" });
    await waitFor(() => expect(paid).toBeEnabled());
    fireEvent.click(paid);
    await waitFor(() => expect(placed).toHaveLength(3));
    expect(placed[2]?.body.freespinId).toBeUndefined();
    expect(placed[2]?.body.amount).toBe(screen.getByRole("textbox", { name: /bet amount/i }).getAttribute("value"));
  });

  it("offers no free spin in demo play or without free spins on the launch", async () => {
    renderSlot({ ...LAUNCH, demo: true });
    expect(await screen.findByRole("button", { name: "Spin" })).toBeInTheDocument();
    expect(document.querySelector("[data-freespin-button]")).toBeNull();
    cleanup();
    const { freespin: _none, ...withoutSpins } = LAUNCH;
    renderSlot(withoutSpins);
    expect(await screen.findByRole("button", { name: "Spin" })).toBeInTheDocument();
    expect(document.querySelector("[data-freespin-button]")).toBeNull();
  });
});
