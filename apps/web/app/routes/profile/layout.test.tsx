// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nFor, loadLanguage } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";
import pages from "#app/locales/de/pages.json";
import ProfileLayout from "./layout.tsx";
import ProfileSettingsLayout from "./settings/layout.tsx";

const LOCALES = ["en", "de"].map((code) => ({ code, name: code, isDefault: code === "en", direction: "ltr", isEnabled: true }));
const SIGNED_IN: Session = { status: "signedIn", playerId: "p-1", profileConfirmed: true };

function Section({ name }: { name: string }) {
  return <p data-section={name} />;
}

function Home() {
  const location = useLocation();
  return <p data-home={`${location.pathname}${location.search}`} />;
}

async function renderAt(path: string, session?: Session): Promise<HTMLElement> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
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
  const container = document.createElement("div");
  await act(async () => createRoot(container).render(<Stub initialEntries={[path]} />));
  return container;
}

describe("the profile frame", () => {
  beforeAll(() => loadLanguage("de"));

  it("gives a signed-in player the section navigation, with the current section marked", async () => {
    const container = await renderAt("/de/profile/limits", SIGNED_IN);
    const navigation = container.querySelector(`nav[aria-label="${pages.profile.navLabel}"]`);
    const links = [...(navigation?.querySelectorAll("a") ?? [])];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      ["info", "limits", "personal", "sessions", "bonuses", "settings"].map((section) => `/de/profile/${section}`),
    );
    expect(links.map((link) => link.textContent)).toEqual(Object.values(pages.profile.nav));
    expect(navigation?.querySelector('[aria-current="page"]')?.textContent).toBe(pages.profile.nav.limits);
    expect(container.querySelector("[data-section=limits]")).not.toBeNull();
    expect(container.querySelector("[data-guest-prompt]")).toBeNull();
  });

  it("shows the settings tabs above the chosen settings page", async () => {
    const container = await renderAt("/de/profile/settings/notifications", SIGNED_IN);
    const tabs = container.querySelector(`nav[aria-label="${pages.profileSettings.tabsLabel}"]`);
    expect([...(tabs?.querySelectorAll("a") ?? [])].map((link) => link.getAttribute("href"))).toEqual([
      "/de/profile/settings/account",
      "/de/profile/settings/notifications",
    ]);
    expect(tabs?.querySelector('[aria-current="page"]')?.textContent).toBe(pages.profileSettings.tabs.notifications);
    expect(container.querySelector("[data-section=notifications]")).not.toBeNull();
  });

  it("sends a guest to the home page with the sign-in window (spec 2.4), showing no section meanwhile", async () => {
    const container = await renderAt("/de/profile/limits");
    expect(container.querySelector("[data-section=limits]")).toBeNull();
    expect(container.querySelector("[data-home]")?.getAttribute("data-home")).toBe("/de?sign-in=true");
  });
});
