import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/verify";
import { apiRequest } from "#app/lib/api-client.ts";
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

type VerifyOutcome = "working" | "confirmed" | "alreadyConfirmed" | "failed";

// One confirmation per code and page load: React's development double effects, or a re-render,
// must not send a second (already used) code and turn a success into a failure.
const confirmations = new Map<string, Promise<Exclude<VerifyOutcome, "working">>>();

function confirmEmail(code: string): Promise<Exclude<VerifyOutcome, "working">> {
  let pending = confirmations.get(code);
  if (!pending) {
    pending = apiRequest<{ verified: true; alreadyConfirmed?: boolean }>("/api/player/profile/email/verify/confirm", { method: "POST", body: { code }, auth: "optional" }).then(
      (answer) => (answer.alreadyConfirmed ? "alreadyConfirmed" : "confirmed"),
      (error: unknown) => {
        console.warn("E-mail confirmation failed", error);
        return "failed" as const;
      },
    );
    confirmations.set(code, pending);
  }
  return pending;
}

/** E-mail confirmation link (/verify/:confirmCode): confirms the code and says how it went. */
export default function VerifyPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const [outcome, setOutcome] = useState<{ code: string; result: VerifyOutcome } | null>(null);
  const code = params.confirmCode;

  useEffect(() => {
    let current = true;
    void confirmEmail(code).then((result) => {
      if (current) setOutcome({ code, result });
    });
    return () => {
      current = false;
    };
  }, [code]);

  const result = outcome?.code === code ? outcome.result : "working";
  if (result === "working") return <AuthOutcome status="working" title={t("verifyPage.working")} description={t("verifyPage.workingDescription")} />;
  if (result === "confirmed" || result === "alreadyConfirmed") {
    const already = result === "alreadyConfirmed";
    return (
      <div data-verify-outcome={result}>
        <AuthOutcome
          status="done"
          art="success"
          title={already ? t("verifyPage.alreadyTitle") : t("verifyPage.successTitle")}
          description={already ? t("verifyPage.alreadyDescription") : t("verifyPage.successDescription")}
        />
      </div>
    );
  }
  return (
    <div data-verify-outcome="failed">
      <AuthOutcome status="done" title={t("verifyPage.failedTitle")} description={t("verifyPage.failedDescription")} signInAction />
    </div>
  );
}
