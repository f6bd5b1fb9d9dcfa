// @vitest-environment happy-dom
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import BonusLiveUpdates from "./bonus-live.tsx";
import { useActivateBonus } from "#app/features/bonus-data/bonus-api.ts";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";
import { EUR, publish, renderAsPlayer, requestsTo } from "#app/features/wallet/bonus/bonus-test-kit.tsx";
import GameBonusLine from "#app/features/wallet/bonus/game-bonus-line.tsx";
import { announceAccountChanged } from "#app/features/wallet/wallet-accounts.ts";

// The wallet's bonus views read the bonus feature's cache: the header's live updates (events, an
// account switch) refresh them, and an activation on the bonuses page shows on the game page.

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

const ACCOUNT: WalletAccount = { id: "acc-eur", currency: "EUR", balance: "120.00", cash: "40.00", bonus: "80.00", pendingWithdrawal: "0", status: 1, isSelected: true, isHidden: false, equivalent: null };
const GAME = { identity: "playfair-dice", provider: { identity: "playfair", name: "Playfair" } } as Game;
const LAUNCH: GameLaunch = { kind: "original", url: null, sessionId: "s-1", demo: false, currency: "EUR" };

let bonuses: PlayerBonus[] = [];

beforeEach(() => {
  bonuses = [playerBonus()];
  api.apiRequest.mockReset().mockImplementation((path: string) => {
    if (path === "/api/settings/currencies") return Promise.resolve({ data: [EUR] });
    if (path === "/api/wallet/accounts") return Promise.resolve({ data: [ACCOUNT] });
    if (path === "/api/game/player-bonuses") return Promise.resolve({ data: bonuses });
    if (path === "/api/game/player-freespins") return Promise.resolve({ data: [] });
    if (path === "/api/game/player-bonuses/sum") return Promise.resolve({ baseCurrencyBonusTotal: "80.00", baseCurrencySymbol: "€", playerBonuses: bonuses });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(cleanup);

const renderWith = (element: ReactNode) => renderAsPlayer(element, "/game/playfair-dice");

describe("the wallet's live bonus data", () => {
  const reads = () => requestsTo(api.apiRequest, "/api/game/player-bonuses").length;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // The header's live updates (mounted once while signed in) keep the wallet's views current too.
  const renderLive = () =>
    renderWith(
      <>
        <BonusLiveUpdates />
        <GameBonusLine game={GAME} launch={LAUNCH} />
      </>,
    );

  it("reads the bonuses once for a burst of playerBonus events, 500 ms after the last (spec 9)", async () => {
    renderLive();
    await screen.findByText("Max bet €5.00");
    expect(reads()).toBe(1);
    for (let index = 0; index < 3; index += 1) publish("bonus:player-bonuses#player-1", { event: "playerBonus", playerBonus: bonuses[0] });
    await sleep(300);
    expect(reads()).toBe(1);
    await waitFor(() => expect(reads()).toBe(2), { timeout: 2000 });
    await sleep(600);
    expect(reads()).toBe(2);
  });

  it("reloads the bonuses when the player switches the active account (spec 4)", async () => {
    renderLive();
    await screen.findByText("Max bet €5.00");
    act(() => announceAccountChanged(window, { id: "acc-usd", currency: "USD" }));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it("shows a bonus activated on the bonuses page on the game page's line, from the same cache", async () => {
    bonuses = [playerBonus({ status: 1, activatedAt: null })];
    const activated = { ...bonuses[0]!, status: 2, activatedAt: "2026-12-01T10:00:00.000Z" };
    api.apiRequest.mockImplementation((path: string, options?: { method?: string }) => {
      if (path === `/api/game/player-bonuses/${activated.id}/activate` && options?.method === "PUT") {
        bonuses = [activated];
        return Promise.resolve({ data: activated });
      }
      if (path === "/api/settings/currencies") return Promise.resolve({ data: [EUR] });
      if (path === "/api/game/player-bonuses") return Promise.resolve({ data: bonuses });
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    function ActivateButton() {
      const activate = useActivateBonus();
      return (
        <button type="button" onClick={() => activate.mutate(activated.id)}>
          Activate
        </button>
      );
    }
    renderWith(
      <>
        <ActivateButton />
        <GameBonusLine game={GAME} launch={LAUNCH} />
      </>,
    );
    await waitFor(() => expect(reads()).toBe(1));
    expect(document.querySelector("[data-game-bonus]")).toBeNull();
    act(() => screen.getByRole("button", { name: "Activate" }).click());
    expect(await screen.findByText("Max bet €5.00")).toBeInTheDocument();
  });
});
