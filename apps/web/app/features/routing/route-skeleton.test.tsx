// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Link } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { RouteSkeletonOutlet, SKELETON_DELAY_MS } from "./route-skeleton.tsx";
import { skeletonName, skeletonShape } from "./route-skeleton-shapes.ts";

describe("skeleton names", () => {
  it("are the route name without the locale prefix, then -page", () => {
    expect(skeletonName("wallet-history")).toBe("wallet-history-page");
    expect(skeletonName("locale-wallet-history")).toBe("wallet-history-page");
    expect(skeletonName("locale-slug")).toBe("slug-page");
    expect(skeletonName("locale")).toBe("locale-page");
  });

  it("pick a shape like the page's, generic otherwise", () => {
    expect(skeletonShape("locale-wallet-history")).toBe("list");
    expect(skeletonShape("games-providers")).toBe("grid");
    expect(skeletonShape("static-pageIdentity")).toBe("article");
    expect(skeletonShape("locale-profile-settings-account")).toBe("form");
    expect(skeletonShape("auth-autologin")).toBe("generic");
  });
});

describe("RouteSkeletonOutlet", () => {
  // In the browser the skeleton's chunk arrives well within the delay; here its module is loaded
  // beforehand, so the fake clock does not outrun the module loader.
  beforeAll(async () => {
    await import("./route-skeleton-page.tsx");
  });

  let container: HTMLElement;
  let finishLoading: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    const Stub = createRoutesStub([
      {
        id: "default-layout",
        path: "/",
        HydrateFallback: () => null,
        Component: () => (
          <>
            <Link to="/wallet/history">history</Link>
            <Link to="/?wallet=deposit">deposit</Link>
            <RouteSkeletonOutlet />
          </>
        ),
        children: [
          { id: "index", index: true, Component: () => <p>home page</p>, loader: () => null },
          {
            id: "wallet-history",
            path: "wallet/history",
            Component: () => <p>history page</p>,
            loader: () => new Promise<null>((resolve) => (finishLoading = () => resolve(null))),
          },
        ],
      },
    ]);
    ({ container } = render(
      <I18nextProvider i18n={i18nFor("en")}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>,
    ));
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const click = (name: string) => fireEvent.click(screen.getByRole("link", { name }));
  const skeleton = () => container.querySelector("[data-skeleton]:not([data-skeleton=''])");

  it("shows the target route's skeleton while a slow page loads, then the page", async () => {
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("home page")).toBeInTheDocument();

    click("history");
    await act(async () => vi.advanceTimersByTimeAsync(SKELETON_DELAY_MS - 50));
    expect(skeleton(), "not before the delay: fast pages do not flicker").toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(skeleton()).toHaveAttribute("data-skeleton", "wallet-history-page");
    expect(skeleton()).toHaveAttribute("data-skeleton-shape", "list");
    // The old page stays underneath, hidden and inert, so the document keeps its height.
    expect(screen.getByText("home page").closest("[inert]")).not.toBeNull();

    await act(async () => {
      finishLoading();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(skeleton()).toBeNull();
    expect(screen.getByText("history page")).toBeInTheDocument();
    expect(container.querySelector("[inert]")).toBeNull();
  });

  it("shows no skeleton when only the query changes (a modal opening)", async () => {
    await act(async () => vi.advanceTimersByTimeAsync(0));
    click("deposit");
    await act(async () => vi.advanceTimersByTimeAsync(SKELETON_DELAY_MS * 3));
    expect(skeleton()).toBeNull();
    expect(screen.getByText("home page")).toBeInTheDocument();
  });
});
