import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/social-callback";
import { i18nFor } from "#app/lib/i18n.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";
import { AuthOutcome, SignInFailure } from "./auth-outcome.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { runSocialSignIn } from "./sign-in-flows.ts";
import { useSignInFlow } from "./use-sign-in-flow.ts";

export const meta: Route.MetaFunction = ({ params }) => {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return [...titledMeta(language, t("site:auth.social.meta.title"), t("site:auth.social.meta.description")), { name: "robots", content: "noindex" }];
};

export function loader({ params }: Route.LoaderArgs) {
  languageFromParams(params);
  return null;
}

/** "google" -> "Google": the provider's name as the visitor knows it, from the address. */
function connectionName(connection: string): string {
  const cleaned = connection.replace(/[^\p{L}\p{N} .-]/gu, "").slice(0, 40);
  return cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

/**
 * Return from a social provider (`?code=&state=`): POST /api/player/sessions/social, then the
 * home page. The preloader covers the page until the flow ends.
 */
export default function SocialCallbackPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const [searchParams] = useSearchParams();
  const localizedPath = useLocalizedPath();
  const [attempt, setAttempt] = useState(0);
  const code = searchParams.get("code");
  const state = searchParams.get("state");
  const connection = connectionName(params.connection);
  const homePath = localizedPath("/");
  const outcome = useSignInFlow(
    () =>
      runSocialSignIn({
        connection: params.connection,
        code,
        state,
        iss: searchParams.get("iss"),
        homePath,
        onLinked: () => showAlert({ kind: "success", title: t("auth.social.linked", { connection }) }),
      }),
    `${params.connection}|${code}|${state}|${attempt}`,
  );

  if (outcome === null || outcome.status === "signedIn") {
    return <AuthOutcome status="working" title={t("auth.social.working")} description={t("auth.social.workingDescription", { connection })} />;
  }
  return (
    <SignInFailure
      outcome={outcome}
      title={t("auth.social.failedTitle", { connection })}
      incomplete={t("auth.social.incomplete", { connection })}
      invalid={t("auth.social.invalid", { connection })}
      onRetry={() => setAttempt((value) => value + 1)}
    />
  );
}
