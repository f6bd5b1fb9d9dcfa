// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { dismissAllConfirmations } from "#app/features/modals/confirmation-store.ts";
import { provideModalContents } from "#app/features/modals/modal-content-table.ts";
import { ModalHost } from "#app/features/modals/modal-host.tsx";
import { dispatchPublication } from "#app/features/realtime/realtime-events.ts";
import { i18nFor, loadLanguage } from "#app/lib/i18n.ts";
import { SessionProvider } from "#app/lib/session.tsx";
import { MobileGameModal } from "./game-modals.tsx";
import { handOverMobileGame } from "./mobile-game.ts";

// A studio game on a phone runs in the mobile game modal; a stake its wallet refused stacks the
// game limit notice over it instead of replacing the game.

provideModalContents(async () => ({ "mobile-game": async () => ({ default: MobileGameModal }) }));

const LAUNCH: GameLaunch = { kind: "iframe", url: "/sandbox", sessionId: "token-a", demo: false, currency: "EUR" };
const EUR = { code: "EUR", type: "fiat", symbol: "€", subunitToUnit: "100", subCurrencies: [], isEnabled: true, isBase: true, rate: { rate: "1" } };
const REFUSAL = {
  event: "game.bet.restricted",
  reason: "betLimitReached",
  message: "The stake is over your bet limit",
  provider: "lumen-forge",
  gameCode: "golden-pharaoh",
  currency: "EUR",
  amount: "5.00",
};

afterEach(() => {
  act(() => dismissAllConfirmations());
  cleanup();
  handOverMobileGame(null);
  document.body.innerHTML = "";
});

let offset = 0;
function publish(data: unknown): void {
  offset += 1;
  act(() => {
    dispatchPublication({ channel: "game:bets#player-1", data, offset });
  });
}

/** The game page on a phone with the launched game handed over to its modal. */
async function renderGameOnPhone(launch: GameLaunch, { language = "en" }: { language?: "en" | "de" } = {}) {
  handOverMobileGame({ identity: "lumen-golden-pharaoh", name: "Golden Pharaoh", provider: "lumen-forge", launch });
  const prefix = language === "en" ? "" : `/${language}`;
  const router = createMemoryRouter(
    [
      { id: "games-id", path: `${prefix}/game/:id`, Component: ModalHost },
      { id: "profile-limits", path: `${prefix}/profile/limits`, Component: () => <p>Limits page</p> },
    ],
    { initialEntries: [`${prefix}/game/lumen-golden-pharaoh?mobile-game=true`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  // The wallet's currencies, as the page has them from its header: amounts in the player's format.
  client.setQueryData(["settings", "currencies"], { data: [EUR] });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18nFor(language)}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const game = await screen.findByTitle("Golden Pharaoh");
  // The refusals' listener is a lazily loaded chunk of its own; it is in place once it has rendered.
  await act(async () => {
    await import("./third-party-session.tsx");
  });
  return { router, game };
}

const gameLayer = (game: HTMLElement) => game.closest("[role=dialog]")!.parentElement!;

describe("a stake refused in a studio game on a phone", () => {
  it("stacks the game limit notice over the game, which goes on underneath once the player goes back to it", async () => {
    const { router, game } = await renderGameOnPhone(LAUNCH);
    publish({ ...REFUSAL, provider: "copperfox" });
    expect(screen.queryByRole("alertdialog")).toBeNull();

    publish(REFUSAL);
    const notice = await screen.findByRole("alertdialog", { name: "Game limit reached" });
    expect(notice).toHaveTextContent("This stake is over your bet limit.");
    expect(screen.getByRole("dialog", { name: "Play on mobile" })).toBeInTheDocument();
    // The game cannot be played behind the notice.
    expect(gameLayer(game)).toHaveAttribute("inert");
    // A second refusal of the same spin does not stack another notice.
    publish(REFUSAL);
    expect(screen.getAllByRole("alertdialog")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Back to the game" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // The same frame, not a reloaded game, and playable again; the address still shows the game.
    expect(screen.getByTitle("Golden Pharaoh")).toBe(game);
    expect(gameLayer(game)).not.toHaveAttribute("inert");
    expect(router.state.location.search).toBe("?mobile-game=true");
  });

  it("leads to the limits page when the player's own limit refused the stake", async () => {
    const { router } = await renderGameOnPhone(LAUNCH);
    publish({ ...REFUSAL, reason: "lossLimitReached", message: "The stake would take you past your loss limit" });
    const notice = await screen.findByRole("alertdialog", { name: "Game limit reached" });
    expect(notice).toHaveTextContent("This stake would take you past your loss limit.");
    fireEvent.click(screen.getByRole("button", { name: "Go to my limits" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/limits"));
    expect(await screen.findByText("Limits page")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByTitle("Golden Pharaoh")).toBeNull();
  });

  it("names the country's cap in the player's language and offers only the way back to the game", async () => {
    await loadLanguage("de");
    await renderGameOnPhone(LAUNCH, { language: "de" });
    publish({ ...REFUSAL, reason: "stakeCapExceeded", message: "The stake is over the 2.35 EUR limit per spin for your country" });
    const notice = await screen.findByRole("alertdialog", { name: "Spiellimit erreicht" });
    expect(notice).toHaveTextContent(/Einsätze sind in diesem Land auf \W*2,35\s€\W* pro Drehung begrenzt/);
    expect(screen.getByRole("button", { name: "Zurück zum Spiel" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Zu meinen Limits" })).toBeNull();
  });

  it("stays silent in a play-money game", async () => {
    await renderGameOnPhone({ ...LAUNCH, demo: true });
    publish(REFUSAL);
    await act(async () => {});
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
