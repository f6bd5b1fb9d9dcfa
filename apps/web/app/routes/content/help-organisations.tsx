import type { HelpOrganisationList } from "@playfair/contracts/help-organisations";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "#app/lib/api-client.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * The responsible-gaming page's "where to find help": organisations and helplines of the player's
 * country (the profile's, else the visitor's as the server sees it), then international ones.
 * Operators keep the list (/api/operator/help-organisations).
 */
export function HelpOrganisations() {
  const { t } = useTranslation("pages");
  const country = useProfile()?.country ?? null;
  // Fetched in the browser: the visitor's country is the server's to tell (edge headers), and the
  // page itself stays the same for everyone, so the guest page cache can keep it.
  const [list, setList] = useState<{ data?: HelpOrganisationList; isError: boolean }>({ isError: false });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<HelpOrganisationList>("/api/content/help-organisations", { auth: "none", signal: controller.signal, ...(country ? { query: { country } } : {}) })
      .then((data) => setList({ data, isError: false }))
      .catch(() => {
        if (!controller.signal.aborted) setList({ isError: true });
      });
    return () => controller.abort();
  }, [country]);
  return (
    <section className="mt-10" aria-labelledby="help-organisations-title" data-help-organisations="">
      <h2 id="help-organisations-title" className="font-display text-2xl font-bold tracking-tight text-fg">
        {t("responsibleGaming.helpTitle")}
      </h2>
      <p className="mt-2 text-[0.9375rem] text-pretty text-fg-muted">{t("responsibleGaming.helpIntro")}</p>
      {list.isError ? (
        <p className="mt-4 text-sm text-fg-muted">{t("responsibleGaming.helpUnavailable")}</p>
      ) : !list.data ? (
        <p className="mt-4 text-sm text-fg-muted" role="status">
          {t("responsibleGaming.helpLoading")}
        </p>
      ) : (
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {list.data.data.map((organisation) => (
            <li key={organisation.id} className="flex flex-col gap-1.5 rounded-xl border border-border bg-surface p-4" data-help-organisation={organisation.country}>
              <p className="font-semibold text-fg">{organisation.name}</p>
              <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                {organisation.country === "INT" ? t("responsibleGaming.international") : t("responsibleGaming.national")}
              </p>
              {organisation.description ? <p className="text-sm text-fg-muted">{organisation.description}</p> : null}
              {organisation.phone ? (
                <a href={`tel:${organisation.phone.replace(/[^\d+]/g, "")}`} dir="ltr" className="inline-flex min-h-11 items-center self-start font-semibold text-brand-fg underline-offset-2 hover:underline">
                  {t("responsibleGaming.call", { phone: organisation.phone })}
                </a>
              ) : null}
              {organisation.url ? (
                <a href={organisation.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center self-start font-semibold text-brand-fg underline-offset-2 hover:underline">
                  {t("responsibleGaming.website", { host: new URL(organisation.url).host })}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
