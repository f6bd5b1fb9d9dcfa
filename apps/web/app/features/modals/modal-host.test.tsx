// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearAuthorizationState } from "./authorization-state.ts";
import { ModalHost } from "./modal-host.tsx";
import { useModal, type UseModal } from "./use-modal.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";

// The latest useModal() result, published after each render.
const probe: { api: UseModal | null } = { api: null };

function Probe() {
  const api = useModal();
  useLayoutEffect(() => {
    probe.api = api;
  });
  return null;
}

function Page() {
  return (
    <>
      <Probe />
      <ModalHost />
    </>
  );
}

async function renderAt(path: string, { session, routeId = "index" }: { session?: Session; routeId?: string } = {}) {
  const routes: RouteObject[] = [{ id: routeId, path: routeId.includes("sport") ? "/sport" : "/", Component: Page }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(probe.api).not.toBeNull());
  return router;
}

const modal = () => {
  if (!probe.api) throw new Error("the probe did not render");
  return probe.api;
};

/** Lets the router finish what the last update started (a navigation and its effects). */
async function settle(router: ReturnType<typeof createMemoryRouter>) {
  await act(async () => {});
  await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
}

beforeEach(() => {
  probe.api = null;
  clearAuthorizationState();
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

describe("ModalHost and useModal", () => {
  it("removes a modal the guest may not open, keeping other parameters", async () => {
    const router = await renderAt("/?wallet=deposit&campaign=spring");
    // The rules load with the first address that has a query string.
    await waitFor(() => expect(router.state.location.search).toBe("?campaign=spring"));
    await settle(router);
    expect(router.state.historyAction).toBe("REPLACE");
    expect(modal().current).toBeNull();
  });

  it("keeps modal parameters on the sport route", async () => {
    const router = await renderAt("/sport?wallet=deposit", { routeId: "sport" });
    await settle(router);
    expect(router.state.location.search).toBe("?wallet=deposit");
  });

  it("opens a modal by address and renders it as a labelled dialog", async () => {
    await renderAt("/?sign-in=true");
    expect(modal().current).toEqual({ id: "sign-in", value: "true" });
    // The dialog frame is a lazily loaded chunk.
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
  });

  it("does not open a modal again while it is already opening", async () => {
    const router = await renderAt("/");
    let first = false;
    let second = true;
    await act(async () => {
      first = modal().openModal("sign-up");
      second = modal().openModal("sign-up");
    });
    await settle(router);
    expect([first, second]).toEqual([true, false]);
    expect(router.state.location.search).toBe("?sign-up=true");
    expect(router.state.historyAction).toBe("PUSH");
    // Already open: asking again does nothing.
    expect(modal().openModal("sign-up")).toBe(false);
  });

  it("swaps one modal for another in place and closes back to the page", async () => {
    const router = await renderAt("/");
    await act(async () => {
      modal().openModal("sign-in");
    });
    await settle(router);
    await act(async () => {
      modal().openModal("global-search");
    });
    await settle(router);
    expect(router.state.location.search).toBe("?global-search=true");
    expect(router.state.historyAction).toBe("REPLACE");
    await act(async () => modal().closeModal());
    await settle(router);
    expect(router.state.location.search).toBe("");
    expect(router.state.historyAction).toBe("POP");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes a modal opened by the address by removing its parameter", async () => {
    const router = await renderAt("/?install-app=true&campaign=spring");
    await settle(router);
    await act(async () => modal().closeModal());
    await settle(router);
    expect(router.state.location.search).toBe("?campaign=spring");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("refuses modals the visitor may not open, and unknown values", async () => {
    const router = await renderAt("/");
    expect(modal().openModal("wallet")).toBe(false);
    expect(modal().openModal("forgot-pass")).toBe(false);
    expect(modal().openModal("sign-in", "banana")).toBe(false);
    await settle(router);
    expect(router.state.location.search).toBe("");
  });

  it("opens the wallet for a signed-in player, deposit by default", async () => {
    const router = await renderAt("/", { session: { status: "signedIn", playerId: "p1", profileConfirmed: false } });
    await act(async () => {
      modal().openModal("wallet");
    });
    await settle(router);
    expect(router.state.location.search).toBe("?wallet=deposit");
    expect(await screen.findByRole("dialog", { name: "Deposit" })).toBeInTheDocument();
  });
});
