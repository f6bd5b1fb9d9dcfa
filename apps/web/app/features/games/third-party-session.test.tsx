// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { UK_JURISDICTION_RULES, type GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetGameLimitReason, gameLimitFromError, openGameLimitReached, readGameLimit, registerGameLimitOpener } from "#app/features/limits/game-limit.ts";
import { dispatchPublication } from "#app/features/realtime/realtime-events.ts";
import { ApiRequestError } from "#app/lib/api-client.ts";
import { i18nFor, loadLanguage } from "#app/lib/i18n.ts";
import { GameLimitReachedModal, MobileGameModal } from "./game-modals.tsx";
import { handOverMobileGame } from "./mobile-game.ts";
import { sessionNet, sessionRoundOf, ThirdPartySessionBar, ThirdPartyStakeRefusals } from "./third-party-session.tsx";

afterEach(() => {
  cleanup();
  registerGameLimitOpener(null);
  forgetGameLimitReason();
});

const { stakeCaps: _caps, categories: _categories, ...UK } = UK_JURISDICTION_RULES;
const RULES: GameJurisdiction = { ...UK, country: "MT", stakeCap: { amount: "2.35", currency: "EUR", statedAmount: "2.00", statedCurrency: "GBP" } };
const LAUNCH: GameLaunch = { kind: "iframe", url: "/sandbox", sessionId: "token-a", demo: false, currency: "EUR", jurisdiction: RULES };
const GAME = { provider: { identity: "lumen-forge", name: "Lumen Forge" } } as Game;

function spinOf(id: string, stake: string, payout: string | null, status = "settled") {
  return { event: "bet.placebet", spin: { id, stake, payout, status, currency: "EUR", game: "lumen-golden-pharaoh" } };
}

function withProviders(children: ReactNode, language: "en" | "de" = "en") {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <I18nextProvider i18n={i18nFor(language)}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

let offset = 0;
function publish(channel: string, data: unknown): void {
  offset += 1;
  act(() => {
    dispatchPublication({ channel, data, offset });
  });
}

describe("a studio game's rounds in the session bar", () => {
  it("takes only this session's ended rounds, and a round published again replaces its earlier figures", () => {
    expect(sessionRoundOf({ ...spinOf("p:1", "1.00", "0.50"), sessionId: "token-a" }, "token-a")).toEqual({ id: "p:1", stake: "1.00", payout: "0.50" });
    expect(sessionRoundOf({ ...spinOf("p:1", "1.00", "0.50"), sessionId: "token-b" }, "token-a")).toBeNull();
    expect(sessionRoundOf(spinOf("p:1", "1.00", "0.50"), "token-a")).toBeNull();
    expect(sessionRoundOf({ ...spinOf("p:2", "1.00", null, "open"), sessionId: "token-a" }, "token-a")).toBeNull();
    const rounds = new Map([
      ["p:1", { id: "p:1", stake: "1.00", payout: "0.50" }],
      ["p:2", { id: "p:2", stake: "2.00", payout: "5.00" }],
    ]);
    expect(Number(sessionNet(rounds))).toBeCloseTo(2.5, 10);
    rounds.set("p:2", { id: "p:2", stake: "2.00", payout: "2.00" });
    expect(Number(sessionNet(rounds))).toBeCloseTo(-0.5, 10);
  });

  it("shows the net position of the rounds settled in its session and the time played over the frame", () => {
    render(withProviders(<ThirdPartySessionBar launch={LAUNCH} />));
    const bar = screen.getByRole("group", { name: "Your session" });
    expect(bar).toHaveTextContent("Net position");
    expect(bar).toHaveTextContent("Time played");
    const net = () => bar.querySelector("[data-session-net]")?.getAttribute("data-session-net");
    expect(net()).toBe("0");
    publish("game:spins#player-1", { ...spinOf("lumen-forge:r1", "1.00", "0.20"), sessionId: "token-a" });
    expect(Number(net())).toBeCloseTo(-0.8, 10);
    // Another tab's session of the same game, and a round still open, leave it alone.
    publish("game:spins#player-1", { ...spinOf("lumen-forge:r2", "1.00", "9.00"), sessionId: "token-b" });
    publish("game:spins#player-1", { ...spinOf("lumen-forge:r3", "1.00", null, "open"), sessionId: "token-a" });
    expect(Number(net())).toBeCloseTo(-0.8, 10);
  });

  it("shows nothing where no rules ask for it, and only the time for play money", () => {
    const { unmount } = render(withProviders(<ThirdPartySessionBar launch={{ ...LAUNCH, jurisdiction: undefined }} />));
    expect(screen.queryByRole("group", { name: "Your session" })).toBeNull();
    unmount();
    render(withProviders(<ThirdPartySessionBar launch={{ ...LAUNCH, demo: true, jurisdiction: { ...RULES, stakeCap: null } }} />));
    const bar = screen.getByRole("group", { name: "Your session" });
    expect(bar).not.toHaveTextContent("Net position");
    expect(bar).toHaveTextContent("Time played");
  });
});

describe("a studio game on a phone", () => {
  it("shows the session bar over the mobile game modal's frame", async () => {
    handOverMobileGame({ identity: "lumen-golden-pharaoh", name: "Golden Pharaoh", provider: "lumen-forge", launch: LAUNCH });
    // The modal is always inside the site's router (its refusals lead to the limits page).
    const modal = () => <MobileGameModal id="mobile-game" value="true" title="Golden Pharaoh" close={() => undefined} />;
    render(withProviders(<RouterProvider router={createMemoryRouter([{ path: "/", Component: modal }])} />));
    const bar = await screen.findByRole("group", { name: "Your session" });
    expect(bar).toHaveTextContent("Net position");
    expect(screen.getByTitle("Golden Pharaoh")).toHaveAttribute("src", "/sandbox");
    handOverMobileGame(null);
  });
});

describe("a studio game's stake over the country's cap", () => {
  it("opens the game limit modal, which names the cap in the player's currency and offers no way to the limits page", () => {
    const opener = vi.fn();
    registerGameLimitOpener(opener);
    render(withProviders(<ThirdPartyStakeRefusals game={GAME} />));
    const refusal = {
      event: "game.bet.restricted",
      reason: "stakeCapExceeded",
      message: "The stake is over the 2.35 EUR limit per spin for your country",
      provider: "lumen-forge",
      gameCode: "golden-pharaoh",
      currency: "EUR",
      amount: "5.00",
    };
    publish("game:bets#player-1", { ...refusal, provider: "copperfox" });
    expect(opener).not.toHaveBeenCalled();
    publish("game:bets#player-1", refusal);
    expect(opener).toHaveBeenCalledTimes(1);
    expect(readGameLimit()).toEqual({ reason: "stakeCapExceeded", cap: { amount: "2.35", currency: "EUR" } });
    cleanup();

    render(withProviders(<GameLimitReachedModal id="game-limit-reached" value="true" title="Game limit reached" close={() => undefined} />));
    const modal = document.querySelector('[data-game-limit-reached="stakeCapExceeded"]');
    expect(modal).toHaveTextContent(/^Stakes in this country are capped at \W*(€\s*2\.35|2\.35 EUR)\W* per spin, so this stake was not placed\.Close$/);
    expect(screen.queryByRole("link", { name: "Go to my limits" })).toBeNull();
  });

  it("reads a launch refused for a cap below the game's smallest stake, and tells both amounts in the player's language", async () => {
    await loadLanguage("de");
    const refused = new ApiRequestError({
      status: 422,
      code: "VALIDATION_FAILED",
      message: "The given data was invalid.",
      fieldErrors: { currency: ["Stakes in your country are capped at 0.05 EUR per spin, below this game's smallest stake of 0.10 EUR"] },
      reason: "stakeCapBelowMinimum",
    });
    const limit = gameLimitFromError(refused);
    expect(limit).toEqual({ reason: "stakeCapBelowMinimum", cap: { amount: "0.05", currency: "EUR" }, minimum: { amount: "0.10", currency: "EUR" } });
    registerGameLimitOpener(() => undefined);
    openGameLimitReached(limit!);
    render(withProviders(<GameLimitReachedModal id="game-limit-reached" value="true" title="Game limit reached" close={() => undefined} />, "de"));
    expect(document.querySelector("[data-game-limit-text]")).toHaveTextContent(/^Einsätze sind in diesem Land auf .*0[.,]05.* pro Drehung begrenzt – weniger als der kleinste Einsatz dieses Spiels von .*0[.,]10.*\. Hier kann es nur mit Spielgeld gespielt werden\.$/);
  });
});
