import { DEFAULT_LOCALE } from "@playfair/contracts/constants";
import { SERVICE_WORKER_REGISTER_SCRIPT } from "@playfair/contracts/notification-constants";
import { lazy, useEffect, useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import { errorStatus } from "#app/features/routing/error-status.ts";
import { HashScroll } from "#app/features/routing/hash-scroll.tsx";
import { sessionFromRequest } from "#app/features/session/server-session.ts";
import { SessionServices } from "#app/features/session/session-services.tsx";
import { SiteServices } from "#app/features/site-services/site-services.tsx";
import { i18nFor, languageDirection, loadLanguage } from "#app/lib/i18n.ts";
import { enabledLanguages, languageFromPathname, requestedLanguage } from "#app/lib/locale.ts";
import { useEnabledLanguages, useLanguage } from "#app/lib/locale-hooks.ts";
import { readEnabledLocales } from "#app/lib/locale-loaders.ts";
import { QueryClientScope } from "#app/lib/query-client-scope.tsx";
import { useRouteName } from "#app/lib/route-name.ts";
import { seoLinks, siteOrigin } from "#app/lib/seo.ts";
import { LiveSessionProvider } from "#app/lib/session.tsx";
import { useRootData } from "#app/lib/site-settings.ts";
import { THEME_INIT_SCRIPT, themePreferenceFromCookie, useThemeFollowsPreference, type ThemePreference } from "#app/lib/theme.ts";
import { webServices } from "#app/lib/web-services.ts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * Data every page shares. `language` is the language of the requested address (its prefix, or
 * en); components read the current one with useLanguage(), which follows client-side navigation.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = webServices(context);
  const [locales, session] = await Promise.all([readEnabledLocales(context), sessionFromRequest(request, services.accounts)]);
  const language = languageFromPathname(new URL(request.url).pathname, enabledLanguages(locales));
  // The server holds every catalogue already; this registers the language's date locale.
  await loadLanguage(language);
  return {
    language,
    locales,
    site: services.site,
    /** Origin of canonical and alternate links: the site's configured origin, never the request's. */
    origin: siteOrigin(services.site.publicOrigin),
    /** The visitor's colour mode from the `theme` cookie, so the server renders it (no flash). */
    theme: themePreferenceFromCookie(request.headers.get("cookie")),
    /** The signed-in player (the access_token cookie), so the first HTML already shows them. */
    session,
  };
}

/**
 * Nothing here depends on the query string, so opening a modal (a query parameter) does not ask
 * the server again; a different language prefix or a submitted form does, and so does an explicit
 * revalidation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod !== undefined && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return requestedLanguage(currentUrl.pathname) !== requestedLanguage(nextUrl.pathname);
};

/**
 * Before a client-side navigation renders anything, the target language's catalogues are loaded,
 * so a page in another language never shows English first. A catalogue that cannot be fetched
 * (a new deployment removed the old chunk) is fetched with the whole page instead.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    try {
      await loadLanguage(requestedLanguage(url.pathname));
    } catch (error) {
      console.warn("Language catalogue could not be loaded; loading the page in full", error);
      window.location.assign(url.href);
      return new Promise<never>(() => {});
    }
    return next();
  },
];

// Defaults for pages without their own meta (error pages among them); routes return their own title.
export const meta: Route.MetaFunction = ({ error, location, loaderData }) => {
  const language = languageFromPathname(location.pathname, loaderData ? enabledLanguages(loaderData.locales) : [DEFAULT_LOCALE]);
  const { t } = i18nFor(language);
  if (error) return [{ title: `${t("page.title", { ns: "errors" })} | ${t("app.name")}` }];
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
};

/**
 * The colour mode attributes of <html>. The server renders the cookie's choice so a reload never
 * flashes the other theme; "system" (or no choice) is resolved by the inline script before paint.
 * In the browser the attributes already on the element are kept: after hydration the theme toggle
 * owns them, and a re-render must not put back an older value.
 */
function useInitialThemeAttributes(preference: ThemePreference | null | undefined) {
  const [attributes] = useState(() => {
    if (typeof document !== "undefined") {
      const element = document.documentElement;
      return {
        theme: element.getAttribute("data-theme") ?? undefined,
        preference: element.getAttribute("data-theme-preference") ?? undefined,
      };
    }
    const chosen = preference ?? "system";
    return { theme: chosen === "system" ? undefined : chosen, preference: chosen };
  });
  return attributes;
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const language = useLanguage();
  const routeName = useRouteName();
  const themeAttributes = useInitialThemeAttributes(rootData?.theme);
  const i18n = i18nFor(language);
  useThemeFollowsPreference();

  useEffect(() => {
    // Marks the page as interactive, for tests and for CSS that must wait for JavaScript.
    document.documentElement.setAttribute("data-hydrated", "true");
  }, []);

  return (
    // data-theme may be set by the inline script before hydration; React must not complain about it.
    <html
      lang={language}
      dir={languageDirection(language)}
      data-route-name={routeName}
      data-theme={themeAttributes.theme}
      data-theme-preference={themeAttributes.preference}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#f6f7fb" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#090d1a" />
        {/* Its text is in the server's HTML only: a script React puts in the page never runs. */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_INIT_SCRIPT : "" }} />
        <Meta />
        {rootData && <SeoLinks origin={rootData.origin} />}
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <QueryClientScope>
            <LiveSessionProvider initial={rootData?.session}>{children}</LiveSessionProvider>
          </QueryClientScope>
        </I18nextProvider>
        <ScrollRestoration />
        <HashScroll />
        {/* The nonce of the page's Content-Security-Policy comes from ServerRouter's context. */}
        <Scripts />
        {/* spec 7: the service worker script of the production site (it only registers /sw.js; push is opt-in) */}
        {import.meta.env.PROD && <script src={SERVICE_WORKER_REGISTER_SCRIPT} defer />}
      </body>
    </html>
  );
}

/**
 * Canonical address, og:url and one alternate per enabled language the site is fully translated
 * into, plus x-default (spec 2.1). A page under an incomplete language's prefix is the default
 * language's page, and names that one as canonical.
 */
function SeoLinks({ origin }: { origin: string }) {
  const { pathname } = useLocation();
  const { canonical, alternates } = seoLinks({ origin, pathname, enabled: useEnabledLanguages() });
  return (
    <>
      <link rel="canonical" href={canonical} />
      {alternates.map(({ hrefLang, href }) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))}
      <meta property="og:url" content={canonical} />
    </>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      {/* Its effects run first: the entry parameters start storing before the session layer loads. */}
      <SiteServices />
      <SessionServices />
    </>
  );
}

// Only a failed page shows it: a first visit that works does not download it. Rendering it suspends
// until its chunk is there (the server's HTML stays in place while it hydrates).
const FatalErrorPage = lazy(async () => ({ default: (await import("#app/features/routing/error-page.tsx")).FatalErrorPage }));

/** Fatal errors (spec 2.2): a failed validity check (404), nothing matched on first load, or 500. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FatalErrorPage status={errorStatus(error)} />;
}
