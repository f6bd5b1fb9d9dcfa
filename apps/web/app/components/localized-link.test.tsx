// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
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

afterEach(cleanup);

async function renderAt(path: string): Promise<HTMLElement> {
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
  const { container } = render(<Stub initialEntries={[path]} />);
  // The root loader runs first: the links appear once it has answered.
  await screen.findByRole("navigation");
  return container;
}

const hrefs = () => screen.getAllByRole("link").map((link) => link.getAttribute("href"));

describe("LocalizedLink", () => {
  it("keeps the current locale prefix on site paths", async () => {
    const container = await renderAt("/de/profile/info");
    expect(screen.getByRole("navigation")).toHaveAttribute("data-language", "de");
    expect(hrefs()).toEqual(["/de/wallet", "/de", "/de/games?provider=demo", "/de/profile/info?wallet=deposit", "/de/profile/info"]);
    expect(container.querySelector("[data-localized]")).toHaveAttribute("data-localized", "/de/static/terms");
    // NavLink compares its prefixed target with the address.
    expect(screen.getByRole("link", { name: "profile" })).toHaveAttribute("aria-current", "page");
  });

  it("adds no prefix in the default language, nor for a segment that is not an enabled locale", async () => {
    for (const path of ["/profile/info", "/ru/profile/info"]) {
      await renderAt(path);
      expect(screen.getByRole("navigation").getAttribute("data-language"), path).toBe("en");
      expect(hrefs().slice(0, 3), path).toEqual(["/wallet", "/", "/games?provider=demo"]);
      cleanup();
    }
  });

  it("navigates client-side on a plain click and leaves modified clicks to the browser", async () => {
    await renderAt("/de/profile/info");
    const wallet = screen.getByRole("link", { name: "wallet" });
    expect(wallet).toHaveAttribute("href", "/de/wallet");
    expect(wallet).toHaveAttribute("data-discover", "true");

    // A click with a modifier (a new tab) is left to the browser: the router does not cancel it.
    let leftToBrowser = false;
    document.addEventListener(
      "click",
      (event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault(); // no document navigation in the test environment
      },
      { once: true },
    );
    fireEvent.click(wallet, { button: 0, ctrlKey: true });
    expect(leftToBrowser).toBe(true);
    expect(screen.queryByText("wallet page")).toBeNull();

    await userEvent.setup().click(wallet);
    expect(await screen.findByText("wallet page")).toHaveAttribute("data-page", "wallet");
  });
});
