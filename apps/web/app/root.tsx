import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { SiteShell } from "#app/components/site-shell.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { DEFAULT_LANGUAGE, i18nFor, languageDirection } from "#app/lib/i18n.ts";
import { THEME_INIT_SCRIPT } from "#app/lib/theme.ts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// Defaults for pages without their own meta (error pages); routes return their own title.
export const meta: Route.MetaFunction = () => {
  const { t } = i18nFor(DEFAULT_LANGUAGE);
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
};

function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });
}

export function Layout({ children }: { children: ReactNode }) {
  // Locale prefixes come later; until then every page is English.
  const language = DEFAULT_LANGUAGE;
  const i18n = i18nFor(language);
  // One client per server render (so per request) and one per page load in the browser.
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    // Marks the page as interactive, for tests and for CSS that must wait for JavaScript.
    document.documentElement.setAttribute("data-hydrated", "true");
  }, []);

  return (
    // data-theme is set by the inline script before hydration; React must not complain about it.
    <html lang={language} dir={languageDirection(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#f6f7fb" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#090d1a" />
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteShell>
      <Container className="flex flex-col items-center py-20 text-center sm:py-28">
        <p className="rounded-full bg-error-soft px-3 py-1 text-sm font-semibold text-error">
          {t("error.status", { status })}
        </p>
        <h1 className="mt-5 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {t("error.title")}
        </h1>
        <p className="mt-4 max-w-xl text-pretty text-fg-muted">{t("error.description")}</p>
        <ButtonLink to="/" className="mt-8" size="lg">
          {t("error.homepage")}
        </ButtonLink>
      </Container>
    </SiteShell>
  );
}
