// The sport pages' host of the sportsbook widget (spec 2.3, 4; ADR 035): starts it, adds the main
// widget once it announced its init, and keeps its in-memory router and the site's address in
// step both ways. The account, the colour mode and the language reach it as they change.
import type { SportsbookStartParameters, SportsbookTheme } from "@playfair/contracts/sport/sportsbook-widget";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { PHONE_QUERY } from "#app/features/games/mobile-game.ts";
import { searchString, withoutParams } from "#app/features/modals/modal-address.ts";
import { MODAL_PARAMS } from "#app/features/modals/modal-registry.ts";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { useWalletAccounts } from "#app/features/wallet/use-wallet.ts";
import { onAccountChanged, selectedAccount } from "#app/features/wallet/wallet-accounts.ts";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { localizePath, splitLocalePrefix } from "#app/lib/locale.ts";
import { useEnabledLanguages, useLanguage } from "#app/lib/locale-hooks.ts";
import { isSignedIn, useProfile, useSession } from "#app/lib/session.tsx";
import { useRootData } from "#app/lib/site-settings.ts";
import { fetchSportsbookToken, sportsbookStartParameters, sportsbookUserData } from "./sportsbook-parameters.ts";
import { loadSportsbookScript, type SportsbookApi } from "./sportsbook-script.ts";
import { refreshSportsbook, startSportsbook, whenSportsbookInitiated, type SportsbookDependencies, type SportsbookSetup } from "./sportsbook-startup.ts";

const DEPENDENCIES: SportsbookDependencies = {
  fetchToken: fetchSportsbookToken,
  loadScript: loadSportsbookScript,
  events: typeof window === "undefined" ? new EventTarget() : window,
};

/** The colour the page shows now (the preference resolved by the theme script on <html>). */
function shownTheme(): SportsbookTheme {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}

function subscribeShownTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/** The shown colour, following a stored choice and, with "system", the device's setting. */
function useShownTheme(): SportsbookTheme {
  return useSyncExternalStore(subscribeShownTheme, shownTheme, () => "light");
}

/** The widget's path for a site address: without the language prefix and without modal parameters (spec 2.2 keeps those on the sport route). */
export function widgetPathOf(pathname: string, search: string, enabled: Parameters<typeof splitLocalePrefix>[1]): string {
  return `${splitLocalePrefix(pathname, enabled).unprefixed}${searchString(withoutParams(new URLSearchParams(search)))}`;
}

/** The site address for a widget path: the page's language prefix, and the modal parameters the address has now. */
export function siteAddressOf(path: string, language: Parameters<typeof localizePath>[1], currentSearch: string): string {
  const [pathname = "", query = ""] = path.split("?");
  const next = new URLSearchParams(query);
  const current = new URLSearchParams(currentSearch);
  for (const param of MODAL_PARAMS) {
    const value = current.get(param);
    if (value !== null) next.set(param, value);
  }
  // Spec 2.3 writes the id lists comma-separated; a comma needs no escaping in a query.
  return `${localizePath(pathname, language)}${searchString(next).replaceAll("%2C", ",")}`;
}

type Status = "loading" | "ready" | "failed";

export function SportsbookFrame({ visitorCountry }: { visitorCountry: string | null }) {
  const { t } = useTranslation("pages");
  const session = useSession();
  const signedIn = isSignedIn(session);
  const playerId = signedIn ? session.playerId : null;
  const profile = useProfile();
  const accounts = useWalletAccounts();
  const account = selectedAccount(accounts.data);
  const language = useLanguage();
  const enabled = useEnabledLanguages();
  const origin = useRootData()?.origin ?? "";
  const isPhone = useMediaQuery(PHONE_QUERY);
  const theme = useShownTheme();
  const location = useLocation();
  const navigate = useNavigate();

  const element = useRef<HTMLDivElement>(null);
  const api = useRef<SportsbookApi | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [attempt, setAttempt] = useState(0);
  // A signed-in player's start parameters name the selected account: wait for the list.
  const accountKnown = !signedIn || accounts.data !== undefined || accounts.isError;

  const parameters = useMemo<SportsbookStartParameters>(
    () =>
      sportsbookStartParameters({
        language,
        origin: origin || (typeof window === "undefined" ? "" : window.location.origin),
        accountId: account?.id ?? null,
        profileCountry: profile?.country ?? null,
        visitorCountry,
        isPhone,
      }),
    [language, origin, account?.id, profile?.country, visitorCountry, isPhone],
  );
  const currency = account?.currency ?? null;
  const setupFor = useCallback(
    (theme: SportsbookTheme, overrides: Partial<Pick<SportsbookStartParameters, "accountId">> & { currency?: string } = {}): SportsbookSetup => {
      const next = overrides.accountId === undefined ? parameters : { ...parameters, accountId: overrides.accountId };
      return { parameters: next, signedIn, theme, user: sportsbookUserData(playerId, overrides.currency ?? currency, next) };
    },
    [parameters, signedIn, playerId, currency],
  );
  const latest = useRef({ setupFor, location });
  useEffect(() => {
    latest.current = { setupFor, location };
  });
  const applied = useRef<string | null>(null);

  const refresh = useCallback((setup: SportsbookSetup) => {
    const sportsbook = api.current;
    const key = JSON.stringify(setup);
    if (!sportsbook || applied.current === key) return;
    applied.current = key;
    void refreshSportsbook(sportsbook, setup, DEPENDENCIES);
  }, []);

  // Start-up, then the main widget once the init event was announced; taken out again on leaving.
  useEffect(() => {
    if (!accountKnown) return;
    const host = element.current;
    let cancelled = false;
    const setup = latest.current.setupFor(shownTheme());
    startSportsbook(setup, DEPENDENCIES)
      .then(async (sportsbook) => {
        await whenSportsbookInitiated(DEPENDENCIES.events);
        if (cancelled || !host) return;
        const { pathname, search } = latest.current.location;
        sportsbook.navigate(widgetPathOf(pathname, search, enabled));
        sportsbook.addWidget("main", host);
        api.current = sportsbook;
        applied.current = JSON.stringify(setup);
        setStatus("ready");
        // A sign-in or an account loaded while the widget was starting: the setup it got is not the latest.
        refresh(latest.current.setupFor(shownTheme()));
      })
      .catch((error: unknown) => {
        console.error("The sportsbook could not be started", error);
        if (!cancelled) setStatus("failed");
      });
    return () => {
      cancelled = true;
      const sportsbook = api.current;
      api.current = null;
      if (!sportsbook || !host) return;
      try {
        sportsbook.removeWidget(host);
      } catch (error) {
        console.error("The sportsbook widget could not be removed", error);
      }
    };
  }, [accountKnown, attempt, enabled, refresh]);

  // Language, account, country or colour changed: spec 4 fetches the token again and updates the widget.
  useEffect(() => {
    if (status === "ready") refresh(setupFor(theme));
  }, [status, setupFor, theme, refresh]);

  // Spec 4 "Switching active account": the event may come before the account list is re-read.
  useEffect(() => onAccountChanged(window, (detail) => refresh(latest.current.setupFor(shownTheme(), detail))), [refresh]);

  // The site's address moves the widget's router (back, forward, a link into the sport section).
  useEffect(() => {
    if (status === "ready") api.current?.navigate(widgetPathOf(location.pathname, location.search, enabled));
  }, [status, location.pathname, location.search, enabled]);

  // The widget's own moves become the site's address.
  useEffect(() => {
    if (status !== "ready" || !api.current) return;
    return api.current.on("navigate", ({ path }) => {
      const { pathname, search } = latest.current.location;
      if (widgetPathOf(pathname, search, enabled) === path) return;
      void navigate(siteAddressOf(path, language, search));
    });
  }, [status, navigate, language, enabled]);

  return (
    <div className="min-h-[60vh]">
      {status === "loading" && (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{t("sport.loading")}</span>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} aria-hidden="true" className="h-16 animate-pulse rounded-lg bg-surface-muted" />
          ))}
        </div>
      )}
      {status === "failed" && (
        <EmptyState
          title={t("sport.unavailable.title")}
          description={t("sport.unavailable.description")}
          action={
            <button
              type="button"
              onClick={() => {
                setStatus("loading");
                setAttempt((count) => count + 1);
              }}
              className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand hover:bg-brand-hover"
            >
              {t("sport.unavailable.retry")}
            </button>
          }
        />
      )}
      <div ref={element} data-sportsbook-widget="main" />
    </div>
  );
}
