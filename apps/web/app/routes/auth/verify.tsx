import { useTranslation } from "react-i18next";
import type { Route } from "./+types/verify";
import { i18nFor } from "#app/lib/i18n.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";
import { AuthOutcome } from "./auth-outcome.tsx";

export const meta: Route.MetaFunction = ({ params }) => {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return [...titledMeta(language, t("site:auth.verify.meta.title"), t("site:auth.verify.meta.description")), { name: "robots", content: "noindex" }];
};

export function loader({ params }: Route.LoaderArgs) {
  languageFromParams(params);
  return null;
}

/** E-mail confirmation link (/verify/:confirmCode). The accounts issue confirms the code here. */
export default function VerifyPage() {
  const { t } = useTranslation("site");
  return <AuthOutcome status="done" title={t("auth.verify.title")} description={t("auth.verify.description")} />;
}
