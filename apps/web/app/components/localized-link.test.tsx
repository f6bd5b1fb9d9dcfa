// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { useLanguage, useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { LocalizedLink, LocalizedNavLink } from "./localized-link.tsx";

const LOCALES = ["en", "de", "pt-br"].map((code) => ({ code, name: code, isDefault: code === "en", direction: "ltr", isEnabled: true }));

function Links() {
  const language = useLanguage();
  const localized = useLocalizedPath();
  return (
    <nav data-language={language}>
      <LocalizedLink to="/wallet">wallet</LocalizedLink>
      <LocalizedLink to="/">home</LocalizedLink>
      <LocalizedLink to={{ pathname: "/games", search: "?provider=demo" }}>games</LocalizedLink>
      <LocalizedLink to="?wallet=deposit">deposit</LocalizedLink>
      <LocalizedNavLink to="/profile/info">profile</LocalizedNavLink>
      <span data-localized={localized("/static/terms")} />
    </nav>
  );
}

async function renderAt(path: string): Promise<HTMLElement> {
  // Tells React that act() wraps the updates of this test.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ locales: LOCALES }),
      HydrateFallback: () => null,
      children: [
        { path: "profile/info", Component: Links },
        { path: ":locale/profile/info", Component: Links },
        { path: ":locale/wallet", Component: () => <p data-page="wallet">wallet page</p> },
      ],
    },
  ]);
  const root = createRoot(container);
  await act(async () => root.render(<Stub initialEntries={[path]} />));
  return container;
}

const hrefs = (container: HTMLElement) => [...container.querySelectorAll("a")].map((link) => link.getAttribute("href"));

describe("LocalizedLink", () => {
  it("keeps the current locale prefix on site paths", async () => {
    const container = await renderAt("/de/profile/info");
    expect(container.querySelector("nav")?.getAttribute("data-language")).toBe("de");
    expect(hrefs(container)).toEqual(["/de/wallet", "/de", "/de/games?provider=demo", "/de/profile/info?wallet=deposit", "/de/profile/info"]);
    expect(container.querySelector("[data-localized]")?.getAttribute("data-localized")).toBe("/de/static/terms");
    // NavLink compares its prefixed target with the address.
    expect(container.querySelector('a[href="/de/profile/info"]')?.getAttribute("aria-current")).toBe("page");
  });

  it("adds no prefix in the default language, nor for a segment that is not an enabled locale", async () => {
    for (const path of ["/profile/info", "/ru/profile/info"]) {
      const container = await renderAt(path);
      expect(container.querySelector("nav")?.getAttribute("data-language"), path).toBe("en");
      expect(hrefs(container).slice(0, 3), path).toEqual(["/wallet", "/", "/games?provider=demo"]);
    }
  });

  it("navigates client-side on a plain click and leaves modified clicks to the browser", async () => {
    const container = await renderAt("/de/profile/info");
    const wallet = container.querySelector<HTMLAnchorElement>('a[href="/de/wallet"]');
    expect(wallet?.getAttribute("data-discover")).toBe("true");

    // A click with a modifier (a new tab) is left to the browser: the router does not cancel it.
    document.body.append(container);
    let leftToBrowser = false;
    document.addEventListener(
      "click",
      (event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault(); // no document navigation in the test environment
      },
      { once: true },
    );
    wallet?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    expect(leftToBrowser).toBe(true);
    expect(container.querySelector("[data-page]")).toBeNull();

    await act(async () => {
      wallet?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(container.querySelector("[data-page]")?.textContent).toBe("wallet page");
    container.remove();
  });
});
