// @vitest-environment happy-dom
import type { Game, GameSearchResult } from "@playfair/contracts/game/catalogue";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import type * as GamesApiModule from "./games-api.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import GlobalSearchModal, { nextActive } from "./global-search-modal.tsx";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";

const api = vi.hoisted(() => ({
  searchGames: vi.fn(),
  fetchRecentSearches: vi.fn(),
  deleteRecentSearches: vi.fn(),
}));
type GamesApi = typeof GamesApiModule;

vi.mock("./games-api.ts", async (importOriginal) => ({ ...(await importOriginal<GamesApi>()), ...api }));

const art = { "1x": "/a.webp", "2x": "/a.webp", "3x": "/a.webp" };
function game(identity: string, name: string): Game {
  return {
    id: identity,
    identity,
    name,
    provider: { id: "p", identity: "playfair", name: "Playfair Originals" },
    images: { "1x1": art, "3x4": art },
    rtp: "99.00",
    volatility: "low",
    features: [],
    categories: ["instant"],
    hasDemo: true,
    devices: ["desktop", "mobile"],
    isOriginal: true,
    isFavorite: false,
  };
}
const RESULT: GameSearchResult = {
  games: [game("playfair-dice", "Dice"), game("playfair-slot", "Starfall")],
  providers: [{ id: "p", identity: "playfair", name: "Playfair Originals", image: "", gamesCount: 9 }],
};

function renderSearch(session: Session = { status: "guest" }) {
  const close = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/games", element: <GlobalSearchModal id="global-search" value="true" title="Search" close={close} /> },
      { path: "*", element: null },
    ],
    { initialEntries: ["/games?global-search=true"] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, close };
}

beforeEach(() => {
  api.searchGames.mockReset().mockResolvedValue(RESULT);
  api.fetchRecentSearches.mockReset().mockResolvedValue([]);
  api.deleteRecentSearches.mockReset().mockResolvedValue(undefined);
});
afterEach(() => cleanup());

describe("the global-search modal", () => {
  it("searches once typing pauses, not on every key", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole("combobox"), "strfall");
    await screen.findByRole("option", { name: /Starfall/ });
    expect(api.searchGames).toHaveBeenCalledTimes(1);
    expect(api.searchGames).toHaveBeenCalledWith("strfall", false, expect.anything());
  });

  it("moves through games and providers with the arrow keys and opens the active one with Enter", async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    const input = screen.getByRole("combobox");
    await user.type(input, "dice");
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["DicePlayfair Originals", "StarfallPlayfair Originals", "Playfair OriginalsProvider"]);

    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]!.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}");
    // Up from the first wraps to the last: the provider.
    expect(input).toHaveAttribute("aria-activedescendant", options[2]!.id);
    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/game/playfair-slot"));
    // It replaces the modal's history entry: Back returns to the page the modal was opened over.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("opens a provider's games from its result", async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    await user.type(screen.getByRole("combobox"), "playfair");
    await screen.findAllByRole("option");
    await user.keyboard("{ArrowUp}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/games/provider/playfair"));
  });

  it("shows a player's recent searches, which can be picked, removed one by one or all at once", async () => {
    const user = userEvent.setup();
    api.fetchRecentSearches.mockResolvedValue([
      { id: "r1", text: "roulette", createdAt: "2026-01-01T00:00:00Z" },
      { id: "r2", text: "crash", createdAt: "2026-01-01T00:00:00Z" },
    ]);
    renderSearch({ status: "signedIn", playerId: "p1", profileConfirmed: true });
    await user.click(await screen.findByRole("button", { name: "Remove “crash”" }));
    expect(api.deleteRecentSearches).toHaveBeenCalledWith(["r2"]);
    await user.click(screen.getByRole("button", { name: "Clear all" }));
    expect(api.deleteRecentSearches).toHaveBeenLastCalledWith(undefined);
    await user.click(screen.getByRole("button", { name: "roulette" }));
    expect(screen.getByRole("combobox")).toHaveValue("roulette");
    await waitFor(() => expect(api.searchGames).toHaveBeenCalledWith("roulette", true, expect.anything()));
  });

  it("wraps the active option around both ends", () => {
    expect(nextActive(-1, 3, "ArrowDown")).toBe(0);
    expect(nextActive(2, 3, "ArrowDown")).toBe(0);
    expect(nextActive(-1, 3, "ArrowUp")).toBe(2);
    expect(nextActive(0, 0, "ArrowDown")).toBe(-1);
  });
});
