import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Logo } from "#app/components/ui/logo.tsx";
import { Surface } from "#app/components/ui/surface.tsx";
import { ErrorArt } from "#app/features/routing/error-art.tsx";
import { errorPageKind, readablePath } from "#app/features/routing/error-status.ts";

/** Stands in for the path in a translated message, so the path can be set apart as its own element. */
const PATH_SLOT = "\u2063path\u2063";

/**
 * A translated message with the address in it. The address is isolated left-to-right (<bdi>), so a
 * Persian sentence does not reorder "/de/static/terms" into "de/static/terms/".
 */
function WithPath({ message, path }: { message: string; path: string }): ReactNode {
  const [before = "", after = ""] = message.split(PATH_SLOT);
  return (
    <>
      {before}
      <bdi dir="ltr">{path}</bdi>
      {after}
    </>
  );
}

// The spec's texts (2.2), shown if even the English catalogue lacks a key.
const DEFAULT_TITLE = "Something went wrong";
const DEFAULT_DESCRIPTION = "The page you are trying to access does not exist or has been moved. Try going back to our homepage.";

/**
 * The fatal error page (spec 2.2): it replaces the whole layout, for a route whose validity check
 * failed (404, 'Page Not Found: {path}'), an address nothing matches on first load, and any
 * unhandled error (500). Its Homepage button keeps the locale prefix.
 */
export function FatalErrorPage({ status }: { status: number }) {
  const { t } = useTranslation("errors");
  const path = readablePath(useLocation().pathname);
  const kind = errorPageKind(status);
  const title = t("page.title", { defaultValue: DEFAULT_TITLE });
  const description =
    kind === "server-error"
      ? t("page.serverDescription", { defaultValue: DEFAULT_DESCRIPTION })
      : t("page.description", { defaultValue: DEFAULT_DESCRIPTION });

  return (
    <div className="flex min-h-dvh flex-col" data-error-page={status}>
      <header className="border-b border-border/70">
        <Container className="flex h-16 items-center">
          <LocalizedLink to="/" aria-label={t("nav.home", { ns: "common" })} className="-ms-1 rounded-lg p-1">
            <Logo />
          </LocalizedLink>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center outline-none">
        <Container className="flex flex-col items-center py-14 text-center sm:py-20">
          <ErrorArt className="h-auto w-48 sm:w-56" />
          <p className="mt-8 rounded-full bg-error-soft px-3 py-1 text-sm font-semibold text-error">
            {t("page.status", { status, defaultValue: `Error ${status}` })}
          </p>
          <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
          {kind === "not-found" && (
            <p className="mt-3 max-w-full font-mono text-sm break-all text-fg-subtle" data-error-message="">
              <WithPath message={t("notFound.fatal", { path: PATH_SLOT, defaultValue: `Page Not Found: ${PATH_SLOT}` })} path={path} />
            </p>
          )}
          <p className="mt-4 max-w-xl text-pretty text-fg-muted">{description}</p>
          <div className="mt-8 flex w-full flex-col items-stretch gap-3 xs:w-auto xs:flex-row xs:items-center">
            <LocalizedLink to="/" className={buttonClassName({ size: "lg" })}>
              {t("page.homepage", { defaultValue: "Homepage" })}
            </LocalizedLink>
            {kind === "server-error" && (
              <Button variant="secondary" size="lg" onClick={() => window.location.reload()}>
                {t("page.tryAgain", { defaultValue: "Try again" })}
              </Button>
            )}
          </div>
        </Container>
      </main>
    </div>
  );
}

/**
 * The non-fatal not-found notice: an address nothing matches, reached by client-side navigation.
 * The layout stays around it; only the page area says 'Page not found: {path}'.
 */
export function NotFoundNotice({ path }: { path: string }) {
  const { t } = useTranslation("errors");
  return (
    <Container className="py-10 sm:py-16">
      <Surface className="mx-auto flex max-w-2xl flex-col items-center px-6 py-10 text-center shadow-card sm:px-10" data-not-found="">
        <ErrorArt className="h-auto w-36" />
        <h1 className="mt-6 font-display text-2xl font-extrabold tracking-tight break-all sm:text-3xl">
          <WithPath message={t("notFound.nonFatal", { path: PATH_SLOT, defaultValue: `Page not found: ${PATH_SLOT}` })} path={readablePath(path)} />
        </h1>
        <p className="mt-3 max-w-lg text-pretty text-fg-muted">{t("notFound.hint")}</p>
        <LocalizedLink to="/" className={buttonClassName({ className: "mt-7" })}>
          {t("page.homepage", { defaultValue: "Homepage" })}
        </LocalizedLink>
      </Surface>
    </Container>
  );
}
