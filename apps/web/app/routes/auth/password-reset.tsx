import { useTranslation } from "react-i18next";
import type { Route } from "./+types/password-reset";
import { i18nFor } from "#app/lib/i18n.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";
import { AuthOutcome } from "./auth-outcome.tsx";

export const meta: Route.MetaFunction = ({ params }) => {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return [...titledMeta(language, t("site:auth.passwordReset.meta.title"), t("site:auth.passwordReset.meta.description")), { name: "robots", content: "noindex" }];
};

export function loader({ params }: Route.LoaderArgs) {
  languageFromParams(params);
  return null;
}

/** Password reset link (/password-reset/:resetCode). The accounts issue adds the new-password form. */
export default function PasswordResetPage() {
  const { t } = useTranslation("site");
  return <AuthOutcome status="done" title={t("auth.passwordReset.title")} description={t("auth.passwordReset.description")} signInAction />;
}
