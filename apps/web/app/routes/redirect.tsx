import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { resolveNavigationTarget } from "#app/features/site-services/url-policy.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return [...titledMeta(language, t("site:redirect.meta.title"), t("site:redirect.meta.description")), { name: "robots", content: "noindex" }];
};

/**
 * /redirect?to=<target> (empty layout): a site path is answered with a redirect there, keeping
 * the page's locale prefix (/de/redirect?to=/games -> /de/games). External addresses are never
 * followed from here (this page must not be an open redirect), and javascript:, data: and
 * vbscript: addresses fail with the spec's message. Both show an explanation instead.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const language = languageFromParams(params);
  const target = resolveNavigationTarget(new URL(request.url).searchParams.get("to"), { language, external: false });
  if (target.kind === "internal") throw redirect(target.path);
  if (target.kind === "external") throw new Error("External navigation is not allowed from /redirect");
  return { reason: target.reason, protocol: target.reason === "disallowed-protocol" ? target.protocol : "" };
}

export default function RedirectPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { reason, protocol } = loaderData;
  const explanation = {
    missing: t("redirect.missing"),
    "external-not-allowed": t("redirect.externalNotAllowed"),
    "disallowed-protocol": t("redirect.disallowedProtocol", { protocol }),
    invalid: t("redirect.invalid"),
  }[reason];
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center" data-redirect-error={reason}>
        <h1 className="font-display text-2xl font-bold tracking-tight text-balance">{t("redirect.title")}</h1>
        <p className="mt-3 text-pretty text-fg-muted">{explanation}</p>
        <LocalizedLink to="/" className={buttonClassName({ className: "mt-7" })}>
          {t("redirect.home")}
        </LocalizedLink>
      </Card>
    </div>
  );
}
