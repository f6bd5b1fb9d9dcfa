// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { PlayfairSportsbookApi, SportsbookEvents, SportsbookStartParameters } from "@playfair/contracts/sport/sportsbook-widget";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceAccountChanged } from "#app/features/wallet/wallet-accounts.ts";
import { walletQueryKeys } from "#app/features/wallet/wallet-api.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";
import { setThemePreference } from "#app/lib/theme.ts";
import { SportsbookFrame, siteAddressOf, widgetPathOf } from "./sportsbook-frame.tsx";
import type * as SportsbookParameters from "./sportsbook-parameters.ts";
import { resetSportsbookStartup } from "./sportsbook-startup.ts";

// What happened, in order: the start-up's steps and the widget's calls.
const log: string[] = [];
const fake = vi.hoisted(() => ({ token: vi.fn<(parameters: unknown) => Promise<string>>(), script: vi.fn<() => Promise<unknown>>() }));

vi.mock("./sportsbook-parameters.ts", async (original) => ({
  ...(await original<typeof SportsbookParameters>()),
  fetchSportsbookToken: fake.token,
}));
vi.mock("./sportsbook-script.ts", () => ({ loadSportsbookScript: fake.script }));

type Listener = (detail: never) => void;

/** The widget's API as the site sees it, recording every call. */
function fakeSportsbook() {
  const listeners = new Map<string, Set<Listener>>();
  let initiated = false;
  const parameters: SportsbookStartParameters[] = [];
  const api: PlayfairSportsbookApi<HTMLElement> = {
    get initiated() {
      return initiated;
    },
    init(given, token) {
      parameters.push(given);
      log.push(`init token="${token}"`);
      initiated = true;
    },
    setToken: (token) => log.push(`setToken "${token}"`),
    setTheme: (theme) => log.push(`setTheme ${theme}`),
    setUserData: (data) => log.push(`setUserData ${data ? data.currency : "guest"}`),
    navigate: (path) => log.push(`navigate ${path}`),
    addWidget: (kind) => log.push(`addWidget ${kind}`),
    removeWidget: () => log.push("removeWidget"),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => set.delete(listener as Listener);
    },
  };
  const emit = <E extends keyof SportsbookEvents>(event: E, detail: SportsbookEvents[E]) => listeners.get(event)?.forEach((listener) => (listener as (value: SportsbookEvents[E]) => void)(detail));
  return { api, parameters, emit };
}

const ACCOUNT: WalletAccount = { id: "acc-eur", currency: "EUR", balance: "10", cash: "10", bonus: "0", pendingWithdrawal: "0", status: 1, isSelected: true, isHidden: false, equivalent: null };
const PLAYER: Session = { status: "signedIn", playerId: "player-1", profileConfirmed: true, profile: { country: "de" } as never };

function renderSport(path: string, session: Session = { status: "guest" }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (session.status === "signedIn") queryClient.setQueryData(walletQueryKeys.accounts(session.playerId), [ACCOUNT]);
  const router = createMemoryRouter([{ path: "/sport/*", Component: () => <SportsbookFrame visitorCountry="TR" /> }, { path: "/:locale/sport/*", Component: () => <SportsbookFrame visitorCountry="TR" /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

const logInitEvent = () => log.push("init event");

beforeEach(() => {
  log.length = 0;
  resetSportsbookStartup();
  window.addEventListener("playfair:sportsbook-init", logInitEvent);
});

afterEach(() => {
  cleanup();
  window.removeEventListener("playfair:sportsbook-init", logInitEvent);
  vi.restoreAllMocks();
  fake.token.mockReset();
  fake.script.mockReset();
});

describe("the sportsbook's start-up on the sport pages", () => {
  it("fetches the token, loads the script, initialises it, announces init, and only then adds the widget", async () => {
    const sportsbook = fakeSportsbook();
    fake.token.mockImplementation(async () => {
      log.push("token fetched");
      return "sb-token-1";
    });
    fake.script.mockImplementation(async () => {
      log.push("script loaded");
      return sportsbook.api;
    });
    renderSport("/sport/live?wallet=deposit", PLAYER);
    await waitFor(() => expect(log).toContain("addWidget main"));
    expect(log.slice(0, log.indexOf("addWidget main") + 1)).toEqual([
      "token fetched",
      "script loaded",
      'init token="sb-token-1"',
      "setTheme light",
      "setUserData EUR",
      "init event",
      "navigate /sport/live",
      "addWidget main",
    ]);
    expect(fake.token).toHaveBeenCalledTimes(1);
    expect(sportsbook.parameters[0]).toEqual({ accountId: "acc-eur", lobbyUrl: window.location.origin, locale: "en-GB", countryCode: "DE", demoMode: false, platform: 2, provider: "playfair" });
  });

  it("gives a guest an empty token without the start-game call, and the visitor's country", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    renderSport("/sport");
    await waitFor(() => expect(log).toContain("addWidget main"));
    expect(fake.token).not.toHaveBeenCalled();
    expect(log).toContain('init token=""');
    expect(log).toContain("setUserData guest");
    expect(sportsbook.parameters[0]?.countryCode).toBe("TR");
    expect(sportsbook.parameters[0]?.accountId).toBe("");
  });

  it("logs a failed token call and keeps the token it had", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    fake.token.mockResolvedValueOnce("sb-token-1").mockRejectedValueOnce(new Error("start-game refused"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderSport("/sport", PLAYER);
    await waitFor(() => expect(log).toContain("addWidget main"));
    act(() => announceAccountChanged(window, { id: "acc-usd", currency: "USD" }));
    await waitFor(() => expect(log).toContain('setToken "sb-token-1"'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining("token could not be fetched"), expect.any(Error));
    expect(log).toContain("setUserData USD");
  });

  it("fetches a new token and updates the theme when the account or the colour mode changes", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    fake.token.mockResolvedValueOnce("sb-token-1").mockResolvedValueOnce("sb-token-2").mockResolvedValueOnce("sb-token-3");
    renderSport("/sport", PLAYER);
    await waitFor(() => expect(log).toContain("addWidget main"));
    act(() => announceAccountChanged(window, { id: "acc-usd", currency: "USD" }));
    await waitFor(() => expect(log).toContain('setToken "sb-token-2"'));
    expect(sportsbook.parameters.at(-1)?.accountId).toBe("acc-usd");
    act(() => setThemePreference("dark"));
    await waitFor(() => expect(log).toContain('setToken "sb-token-3"'));
    expect(log.at(-2)).toBe("setTheme dark");
    act(() => setThemePreference("light"));
  });

  it("hands a guest who signs in on the sport page a token and the account's currency", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    fake.token.mockResolvedValue("sb-token-1");
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: "/sport/*", Component: () => <SportsbookFrame visitorCountry="TR" /> }], { initialEntries: ["/sport/soccer"] });
    const page = (session: Session) => (
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18nFor("en")}>
          <SessionProvider session={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </I18nextProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(page({ status: "guest" }));
    await waitFor(() => expect(log).toContain("addWidget main"));
    // Signed in: the widget waits for the account list, which arrives a moment later.
    rerender(page(PLAYER));
    await waitFor(() => expect(fake.token).toHaveBeenCalled());
    act(() => queryClient.setQueryData(walletQueryKeys.accounts(PLAYER.playerId), [ACCOUNT]));
    await waitFor(() => expect(log).toContain('setToken "sb-token-1"'));
    await waitFor(() => expect(log.at(-1)).toBe("setUserData EUR"));
    expect(sportsbook.parameters.at(-1)?.accountId).toBe("acc-eur");
  });

  it("shows the failure when the script cannot load, and tries again on request", async () => {
    const sportsbook = fakeSportsbook();
    vi.spyOn(console, "error").mockImplementation(() => {});
    fake.script.mockRejectedValueOnce(new Error("manifest missing")).mockResolvedValueOnce(sportsbook.api);
    renderSport("/sport");
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByText("The sportsbook could not be loaded")).toBeInTheDocument();
    act(() => retry.click());
    await waitFor(() => expect(log).toContain("addWidget main"));
  });
});

describe("the address and the widget's router", () => {
  it("moves the widget with the address, and the address with the widget, keeping modal parameters", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    const router = renderSport("/sport?sign-in=true");
    await waitFor(() => expect(log).toContain("addWidget main"));
    await act(() => router.navigate("/sport/soccer"));
    expect(log).toContain("navigate /sport/soccer");
    act(() => sportsbook.emit("navigate", { path: "/sport/soccer/england" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sport/soccer/england"));
    log.length = 0;
    await act(() => router.navigate("/sport/live?wallet=deposit"));
    act(() => sportsbook.emit("navigate", { path: "/sport/live/tennis" }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/sport/live/tennis?wallet=deposit"));
  });

  it("takes the widget out when the page leaves", async () => {
    const sportsbook = fakeSportsbook();
    fake.script.mockResolvedValue(sportsbook.api);
    renderSport("/sport");
    await waitFor(() => expect(log).toContain("addWidget main"));
    cleanup();
    expect(log.at(-1)).toBe("removeWidget");
  });

  it("maps addresses between the site and the widget", () => {
    expect(widgetPathOf("/de/sport/fußball", "?categoryIds=1&sign-in=true", ["en", "de"])).toBe("/sport/fußball?categoryIds=1");
    expect(siteAddressOf("/sport/live?categoryIds=1,2", "de", "?wallet=deposit")).toBe("/de/sport/live?categoryIds=1,2&wallet=deposit");
  });
});
