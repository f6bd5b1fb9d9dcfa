// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, useLayoutEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAuthorizationState } from "./authorization-state.ts";
import { ModalHost } from "./modal-host.tsx";
import { useModal, type UseModal } from "./use-modal.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";

// Tells React this is a test environment that wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | null = null;

async function renderAt(path: string, { session, routeId = "index" }: { session?: Session; routeId?: string } = {}) {
  const routes: RouteObject[] = [{ id: routeId, path: routeId.includes("sport") ? "/sport" : "/", Component: Page }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
        <I18nextProvider i18n={i18nFor("en")}>
          <SessionProvider session={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
  });
  return router;
}

const modal = () => {
  if (!probe.api) throw new Error("the probe did not render");
  return probe.api;
};

/** Lets navigations, lazy chunks and effects settle. */
async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

beforeEach(() => {
  probe.api = null;
  clearAuthorizationState();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("ModalHost and useModal", () => {
  it("removes a modal the guest may not open, keeping other parameters", async () => {
    const router = await renderAt("/?wallet=deposit&campaign=spring");
    await settle();
    expect(router.state.location.search).toBe("?campaign=spring");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(modal().current).toBeNull();
  });

  it("keeps modal parameters on the sport route", async () => {
    const router = await renderAt("/sport?wallet=deposit", { routeId: "sport" });
    await settle();
    expect(router.state.location.search).toBe("?wallet=deposit");
  });

  it("opens a modal by address and renders it as a labelled dialog", async () => {
    await renderAt("/?sign-in=true");
    expect(modal().current).toEqual({ id: "sign-in", value: "true" });
    // The dialog frame is a lazily loaded chunk.
    const dialog = await vi.waitFor(async () => {
      await settle();
      const element = document.querySelector('[role="dialog"]');
      if (!element) throw new Error("no dialog yet");
      return element;
    });
    expect(dialog?.getAttribute("aria-modal")).toBe("true");
    const title = document.getElementById(dialog?.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe("Sign in");
  });

  it("does not open a modal again while it is already opening", async () => {
    const router = await renderAt("/");
    let first = false;
    let second = true;
    await act(async () => {
      first = modal().openModal("sign-up");
      second = modal().openModal("sign-up");
    });
    await settle();
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
    await settle();
    await act(async () => {
      modal().openModal("global-search");
    });
    await settle();
    expect(router.state.location.search).toBe("?global-search=true");
    expect(router.state.historyAction).toBe("REPLACE");
    await act(async () => modal().closeModal());
    await settle();
    expect(router.state.location.search).toBe("");
    expect(router.state.historyAction).toBe("POP");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("closes a modal opened by the address by removing its parameter", async () => {
    const router = await renderAt("/?install-app=true&campaign=spring");
    await settle();
    await act(async () => modal().closeModal());
    await settle();
    expect(router.state.location.search).toBe("?campaign=spring");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("refuses modals the visitor may not open, and unknown values", async () => {
    const router = await renderAt("/");
    expect(modal().openModal("wallet")).toBe(false);
    expect(modal().openModal("forgot-pass")).toBe(false);
    expect(modal().openModal("sign-in", "banana")).toBe(false);
    await settle();
    expect(router.state.location.search).toBe("");
  });

  it("opens the wallet for a signed-in player, deposit by default", async () => {
    const router = await renderAt("/", { session: { status: "signedIn", playerId: "p1", profileConfirmed: false } });
    await act(async () => {
      modal().openModal("wallet");
    });
    await settle();
    expect(router.state.location.search).toBe("?wallet=deposit");
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe("Deposit");
  });
});
