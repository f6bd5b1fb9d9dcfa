// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bonusQueryKeys, placeInList, usePlayerBonuses } from "#app/features/bonus-data/bonus-api.ts";
import BonusLiveUpdates, { shouldPreloadBonuses } from "./bonus-live.tsx";
import { CURRENCIES, renderWithApp } from "./bonus-test-kit.tsx";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";
import { announceAccountChanged } from "#app/features/wallet/wallet-accounts.ts";

const mocks = vi.hoisted(() => ({ apiRequest: vi.fn(), showAlert: vi.fn(), handlers: new Map<string, (publication: { channel: string; data: unknown }) => void>() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: mocks.apiRequest }));
vi.mock("#app/features/alerts/alert-store.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), showAlert: mocks.showAlert }));
vi.mock("#app/features/realtime/use-realtime.ts", () => ({
  useRealtimeEvent: (prefix: string, handler: (publication: { channel: string; data: unknown }) => void) => mocks.handlers.set(prefix, handler),
  useRealtimeResyncQueries: () => undefined,
}));

const BONUS = playerBonus();

function publish(channel: string, data: unknown) {
  act(() => mocks.handlers.get(channel)?.({ channel: `${channel}#p-1`, data }));
}

function bonusReads(): number {
  return mocks.apiRequest.mock.calls.filter(([path]) => path === "/api/game/player-bonuses").length;
}

beforeEach(() => {
  vi.useFakeTimers();
  mocks.handlers.clear();
  mocks.showAlert.mockReset();
  mocks.apiRequest.mockReset().mockImplementation(async (path: string) => {
    if (path === "/api/settings/currencies") return CURRENCIES;
    if (path === "/api/game/player-bonuses") return { data: [BONUS] };
    if (path === "/api/game/player-bonuses/sum") return { baseCurrencyBonusTotal: "42.10", baseCurrencySymbol: "€", playerBonuses: [BONUS] };
    return { data: [] };
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page showing the list: invalidated lists are read again only while someone shows them. */
function ListOnPage() {
  usePlayerBonuses();
  return null;
}

async function start(path = "/bonuses") {
  const rendered = renderWithApp(
    <>
      <BonusLiveUpdates />
      <ListOnPage />
    </>,
    { path },
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
  return rendered;
}

describe("live bonus state", () => {
  it("updates the balance at once, alerts only on a change of state, and re-reads the lists once per burst", async () => {
    const { queryClient } = await start();
    const readsAtStart = bonusReads();
    expect(readsAtStart).toBe(1);

    // Wagering progress: same state, new figures. No alert; the cached card shows the new balance now.
    publish("bonus:player-bonuses", { event: "playerBonus", playerBonus: { ...BONUS, balance: "40.00", wagering: { ...BONUS.wagering, wagered: "130.00" } } });
    publish("bonus:player-bonuses", { event: "playerBonus", playerBonus: { ...BONUS, balance: "38.00", wagering: { ...BONUS.wagering, wagered: "140.00" } } });
    expect(mocks.showAlert).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<PlayerBonus[]>(bonusQueryKeys.bonuses("p-1"))?.[0]?.balance).toBe("38.00");

    // Completed: a success alert, and the finished bonus leaves the [1,2] list at once.
    publish("bonus:player-bonuses", { event: "playerBonus", playerBonus: { ...BONUS, status: 3, result: 2, convertedAmount: "38.00" } });
    expect(mocks.showAlert).toHaveBeenCalledTimes(1);
    expect(mocks.showAlert).toHaveBeenCalledWith(expect.objectContaining({ kind: "success", title: "Wagering complete: Welcome bonus" }));
    expect(queryClient.getQueryData<PlayerBonus[]>(bonusQueryKeys.bonuses("p-1"))).toEqual([]);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(bonusReads()).toBe(readsAtStart);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(bonusReads()).toBe(readsAtStart + 1);
  });

  it("alerts on codes in status 3 and 4 (spec 8)", async () => {
    await start();
    publish("bonus:player-bonus-codes", { event: "playerBonusCode", playerBonusCode: { id: "c", code: "NOPE", trigger: "manual", status: 3, title: null, playerBonusId: null, createdAt: "" } });
    expect(mocks.showAlert).toHaveBeenCalledWith(expect.objectContaining({ kind: "error", title: "Incorrect bonus code" }));
    publish("bonus:player-bonus-codes", { event: "playerBonusCode", playerBonusCode: { id: "d", code: "OLD", trigger: "manual", status: 4, title: null, playerBonusId: null, createdAt: "" } });
    expect(mocks.showAlert).toHaveBeenLastCalledWith(expect.objectContaining({ kind: "error", title: "Bonus code not available" }));
  });

  it("reloads the bonuses when the player switches the active account (spec 4)", async () => {
    await start();
    const before = bonusReads();
    act(() => announceAccountChanged(window, { id: "a-2", currency: "USD" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(bonusReads()).toBe(before + 1);
  });

  it("does not read the bonuses ahead at sign-in on the profile-bonuses page (spec 4)", () => {
    expect(shouldPreloadBonuses("profile-bonuses")).toBe(false);
    expect(shouldPreloadBonuses("locale-profile-bonuses")).toBe(false);
    expect(shouldPreloadBonuses("bonuses")).toBe(true);
    expect(shouldPreloadBonuses("index")).toBe(true);
  });
});

describe("the cached lists", () => {
  it("keep only the statuses they were read with", () => {
    const issued = playerBonus({ id: "b-2", status: 1 });
    expect(placeInList([BONUS], issued, [1, 2]).map((bonus) => bonus.id)).toEqual(["b-2", BONUS.id]);
    expect(placeInList([BONUS, issued], { ...issued, status: 3 }, [1, 2]).map((bonus) => bonus.id)).toEqual([BONUS.id]);
    expect(placeInList([], { ...issued, status: 3 }, [3]).map((bonus) => bonus.id)).toEqual(["b-2"]);
  });
});
