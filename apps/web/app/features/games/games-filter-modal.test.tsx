// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import type * as GamesApiModule from "./games-api.ts";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import GamesFilterModal from "./games-filter-modal.tsx";
import { i18nFor, loadLanguage } from "#app/lib/i18n.ts";

type GamesApi = typeof GamesApiModule;

vi.mock("./games-api.ts", async (importOriginal) => ({
  ...(await importOriginal<GamesApi>()),
  fetchProviders: async () => [
    { id: "1", identity: "playfair", name: "Playfair Originals", image: "", gamesCount: 9 },
    { id: "2", identity: "northern-lights", name: "Northern Lights", image: "", gamesCount: 40 },
  ],
}));

function renderAt(path: string) {
  const close = vi.fn();
  const modal = <GamesFilterModal id="games-filter" value="true" title="Filter games" close={close} />;
  // The root route's data names the enabled languages, as the site's root loader does.
  const locales = [
    { code: "en", isEnabled: true },
    { code: "de", isEnabled: true },
  ];
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => ({ locales }),
        hydrateFallbackElement: null,
        children: [
          { path: "games/*", element: modal },
          { path: ":locale/games/*", element: modal },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18nFor(path.startsWith("/de/") ? "de" : "en")}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, close };
}

beforeAll(() => loadLanguage("de"));
afterEach(() => cleanup());

describe("the games-filter modal", () => {
  it("applies the chosen providers, features and order as the filter page's canonical address", async () => {
    const user = userEvent.setup();
    const { router } = renderAt("/games?games-filter=true");
    await user.click(await screen.findByRole("checkbox", { name: "Northern Lights" }));
    await user.click(screen.getByRole("checkbox", { name: "Playfair Originals" }));
    await user.click(screen.getByRole("checkbox", { name: "Free spins" }));
    await user.click(screen.getByRole("radio", { name: "Newest" }));
    await user.click(screen.getByRole("button", { name: "Show games" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/games/provider/northern-lights,playfair/feature/free-spins/sort/new"));
    // It replaces the modal's history entry: Back returns to the page the modal was opened over.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("starts from the page's own selection and keeps the language prefix", async () => {
    const user = userEvent.setup();
    const { router } = renderAt("/de/games/category/slots/provider/playfair?games-filter=true");
    expect(await screen.findByRole("checkbox", { name: "Playfair Originals" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Slots" })).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "Playfair Originals" }));
    await user.click(screen.getByRole("button", { name: "Spiele zeigen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/de/games/category/slots"));
  });

  it("resets to the whole catalogue", async () => {
    const user = userEvent.setup();
    const { router } = renderAt("/games/feature/jackpot?games-filter=true");
    expect(await screen.findByRole("checkbox", { name: "Jackpot" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByRole("checkbox", { name: "Jackpot" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Show games" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/games"));
  });
});
