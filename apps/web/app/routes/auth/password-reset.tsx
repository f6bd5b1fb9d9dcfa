import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Route } from "./+types/password-reset";
import { Container } from "#app/components/ui/container.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { NewPasswordForm } from "#app/features/accounts/new-password-form.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
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

/** Password reset link (/password-reset/:resetCode): a new password, then the sign-in window. */
export default function PasswordResetPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const localizedPath = useLocalizedPath();
  const [invalid, setInvalid] = useState(false);

  if (invalid) return <AuthOutcome status="done" title={t("passwordResetPage.failedTitle")} description={t("passwordResetPage.failedDescription")} signInAction />;
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <Card className="w-full max-w-md" data-password-reset="">
        <div className="mb-6 flex flex-col items-center text-center">
          <div className="mb-4 grid size-14 place-items-center rounded-full bg-brand-soft text-brand-fg" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
              <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
            </svg>
          </div>
          <h1 className="font-display text-2xl font-bold tracking-tight text-balance">{t("passwordResetPage.title")}</h1>
        </div>
        <NewPasswordForm
          code={params.resetCode}
          submitLabel={t("passwordResetPage.submit")}
          onInvalidCode={() => setInvalid(true)}
          onDone={() => {
            showAlert({ kind: "success", title: t("passwordResetPage.successTitle"), description: t("passwordResetPage.successDescription") });
            void navigate(`${localizedPath("/")}?sign-in=true`, { replace: true });
          }}
        />
      </Card>
    </Container>
  );
}
