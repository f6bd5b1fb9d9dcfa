// Shared pieces of the bonus feature's component tests: a player bonus view, the currencies the
// money formatter reads, and a render with a router, a query client, English and a session.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";

export const PLAYER: Session = { status: "signedIn", playerId: "p-1", profileConfirmed: true };

export const CURRENCIES = {
  data: [{ code: "EUR", type: "fiat", symbol: "€", subunitToUnit: "100", subCurrencies: [], isEnabled: true, isBase: true, rate: { rate: "1" } }],
};

export function playerBonus(overrides: Partial<PlayerBonus> = {}): PlayerBonus {
  return {
    id: "0b5a5a8e-7d1c-4c1e-9a53-1f3c2a7b9d01",
    status: 2,
    result: 1,
    amount: "50.00",
    currency: "EUR",
    packageId: null,
    packageStep: null,
    issueSessionId: null,
    wagerCasinoConditions: { gameIds: [] },
    triggerConditions: null,
    kind: "deposit",
    source: "deposit",
    title: "Welcome bonus",
    description: "",
    pageIdentity: "welcome-bonus",
    terms: {
      product: "casino",
      wageringMultiplier: "10",
      wageringBase: "bonus",
      contributions: { slots: "100", default: "50" },
      gameIds: [],
      maxBet: { EUR: "5.00" },
      minMultiplier: "1",
      activationDays: 30,
      wageringDays: 30,
      maxConversionMultiplier: "5",
      excludedCountries: [],
    },
    balance: "42.10",
    wagering: { required: "500.00", wagered: "124.00", multiplier: "10" },
    maxBet: "5.00",
    maxConversion: "250.00",
    convertedAmount: "0",
    hasOpenRounds: false,
    issuedAt: "2026-11-30T10:00:00.000Z",
    activatedAt: "2026-11-30T10:05:00.000Z",
    expiresAt: "2026-12-30T10:05:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

export function renderWithApp(element: ReactNode, { path = "/bonuses", session = PLAYER }: { path?: string; session?: Session } = {}) {
  const router = createMemoryRouter(
    [
      { path: "/bonuses", element },
      { path: "*", element: null },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
