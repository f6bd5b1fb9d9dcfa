// Shared pieces of the wallet bonus tests: a currency, a look at the mocked API's calls, a render
// as a signed-in player (a router at `entry`, a query client, English) and a realtime publication.
import type { Currency } from "@playfair/contracts/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Mock } from "vitest";
import { dispatchPublication } from "#app/features/realtime/realtime-events.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider } from "#app/lib/session.tsx";

export const EUR: Currency = {
  code: "EUR",
  type: "fiat",
  symbol: "€",
  rate: { value: "1" },
  subunitToUnit: "100",
  subCurrencies: [],
  isEnabled: true,
  isBase: true,
  isVisible: true,
};

type RequestOptions = { query?: Record<string, string>; body?: unknown; method?: string };

/** The options of every call the mocked `apiRequest` received for `path`. */
export function requestsTo(apiRequest: Mock, path: string): RequestOptions[] {
  return apiRequest.mock.calls.filter(([called]) => called === path).map(([, options]) => (options ?? {}) as RequestOptions);
}

export const PLAYER_ID = "player-1";

export function renderAsPlayer(element: ReactNode, entry: string) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={{ status: "signedIn", playerId: PLAYER_ID, profileConfirmed: true }}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

let offset = 0;
/** A publication on `channel` as the realtime connection hands it to the page, each at the next offset. */
export function publish(channel: string, data: unknown): void {
  offset += 1;
  act(() => {
    dispatchPublication({ channel, data, offset });
  });
}
