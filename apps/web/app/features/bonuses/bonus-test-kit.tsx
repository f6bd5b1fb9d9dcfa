// Shared pieces of the bonus feature's component tests: the currencies the money formatter reads
// and a render with a router, a query client, English and a session (the player bonus view the
// bonus and wallet tests share is bonus-data/player-bonus-fixture.ts).
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
