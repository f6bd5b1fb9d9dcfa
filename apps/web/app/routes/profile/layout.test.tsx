// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nFor, loadLanguage } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";
import pages from "#app/locales/de/pages.json";
import ProfileLayout from "./layout.tsx";
import ProfileSettingsLayout from "./settings/layout.tsx";

const LOCALES = ["en", "de"].map((code) => ({ code, name: code, isDefault: code === "en", direction: "ltr", isEnabled: true }));
const SIGNED_IN: Session = { status: "signedIn", playerId: "p-1", profileConfirmed: true };

function Section({ name }: { name: string }) {
  return <p data-testid="section" data-section={name} />;
}

function Home() {
  const location = useLocation();
  return <p data-testid="home" data-home={`${location.pathname}${location.search}`} />;
}

async function renderAt(path: string, session?: Session): Promise<void> {
  const profileChildren = [
    { path: "limits", Component: () => <Section name="limits" /> },
    {
      path: "settings",
      Component: ProfileSettingsLayout,
      children: [{ path: "notifications", Component: () => <Section name="notifications" /> }],
    },
  ];
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ locales: LOCALES }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nextProvider i18n={i18nFor("de")}>
          <SessionProvider session={session}>
            <Outlet />
          </SessionProvider>
        </I18nextProvider>
      ),
      children: [
        { path: ":locale", Component: Home },
        { path: ":locale/profile", Component: ProfileLayout, children: profileChildren },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  // The root loader runs first; the page is there once the stubbed router has rendered the route.
  await screen.findByTestId(/^(section|home)$/);
}

describe("the profile frame", () => {
  beforeAll(() => loadLanguage("de"));
  afterEach(cleanup);

  it("gives a signed-in player the section navigation, with the current section marked", async () => {
    await renderAt("/de/profile/limits", SIGNED_IN);
    const navigation = screen.getByRole("navigation", { name: pages.profile.navLabel });
    const links = within(navigation).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      ["info", "limits", "personal", "sessions", "bonuses", "settings"].map((section) => `/de/profile/${section}`),
    );
    expect(links.map((link) => link.textContent)).toEqual(Object.values(pages.profile.nav));
    expect(within(navigation).getByRole("link", { current: "page" })).toHaveTextContent(pages.profile.nav.limits);
    expect(screen.getByTestId("section")).toHaveAttribute("data-section", "limits");
    expect(document.querySelector("[data-guest-prompt]")).toBeNull();
  });

  it("shows the settings tabs above the chosen settings page", async () => {
    await renderAt("/de/profile/settings/notifications", SIGNED_IN);
    const tabs = screen.getByRole("navigation", { name: pages.profileSettings.tabsLabel });
    expect(within(tabs).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/de/profile/settings/account",
      "/de/profile/settings/notifications",
    ]);
    expect(within(tabs).getByRole("link", { current: "page" })).toHaveTextContent(pages.profileSettings.tabs.notifications);
    expect(screen.getByTestId("section")).toHaveAttribute("data-section", "notifications");
  });

  it("sends a guest to the home page with the sign-in window (spec 2.4), showing no section meanwhile", async () => {
    await renderAt("/de/profile/limits");
    expect(screen.queryByTestId("section")).toBeNull();
    expect(screen.getByTestId("home")).toHaveAttribute("data-home", "/de?sign-in=true");
  });
});
