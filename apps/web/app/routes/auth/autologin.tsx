import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/autologin";
import { i18nFor } from "#app/lib/i18n.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";
import { AuthOutcome, SignInFailure } from "./auth-outcome.tsx";
import { runAutologin } from "./sign-in-flows.ts";
import { useSignInFlow } from "./use-sign-in-flow.ts";

export const meta: Route.MetaFunction = ({ params }) => {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return [...titledMeta(language, t("site:auth.autologin.meta.title"), t("site:auth.autologin.meta.description")), { name: "robots", content: "noindex" }];
};

export function loader({ params }: Route.LoaderArgs) {
  languageFromParams(params);
  return null;
}

/**
 * Automatic sign-in by a one-time link (`?token=&state=`): POST /api/player/sessions/token, then
 * the home page. The preloader covers the page until the flow ends.
 */
export default function AutologinPage() {
  const { t } = useTranslation("site");
  const [searchParams] = useSearchParams();
  const localizedPath = useLocalizedPath();
  const [attempt, setAttempt] = useState(0);
  const token = searchParams.get("token");
  const state = searchParams.get("state");
  const homePath = localizedPath("/");
  const outcome = useSignInFlow(() => runAutologin({ token, state, homePath }), `${token}|${state}|${attempt}`);

  if (outcome === null || outcome.status === "signedIn") {
    return <AuthOutcome status="working" title={t("auth.autologin.working")} description={t("auth.autologin.workingDescription")} />;
  }
  return (
    <SignInFailure
      outcome={outcome}
      title={t("auth.autologin.failedTitle")}
      incomplete={t("auth.autologin.incomplete")}
      invalid={t("auth.autologin.invalid")}
      onRetry={() => setAttempt((value) => value + 1)}
    />
  );
}
