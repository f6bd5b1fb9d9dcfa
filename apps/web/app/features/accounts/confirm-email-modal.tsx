import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ModalIntro, StepArt } from "./account-pieces.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { Spinner } from "#app/features/forms/form-status.tsx";
import { useAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { useSession } from "#app/lib/session.tsx";

/** "Confirm your e-mail": where the link went, and a way to send it again (spec 8 alerts). */
export default function ConfirmEmailModal({ close }: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const state = useAuthorizationState();
  const session = useSession();
  const [sending, setSending] = useState(false);
  const profileEmail = session.status === "signedIn" && "profile" in session ? (session.profile as { email?: string | null } | undefined)?.email : undefined;
  const email = typeof state?.email === "string" ? state.email : (profileEmail ?? "");

  async function resend() {
    setSending(true);
    try {
      await apiRequest("/api/player/profile/confirmations/email/resend", { method: "POST", auth: "required" });
      showAlert({ kind: "attention", title: t("confirmEmail.resent"), dedupeKey: "email-confirmation-resent" });
    } catch (error) {
      console.warn("The confirmation e-mail could not be resent", error);
      showAlert({ kind: "error", title: t("confirmEmail.resendFailed") });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="text-center" data-account-form="confirm-email">
      <StepArt kind="mail" />
      <ModalIntro>
        {email ? (
          <Trans t={t} i18nKey="confirmEmail.description" values={{ email }} components={{ strong: <strong className="font-semibold break-all text-fg" dir="ltr" /> }} />
        ) : (
          t("confirmEmail.descriptionNoEmail")
        )}
      </ModalIntro>
      <div className="flex flex-col gap-2.5">
        <Button size="lg" onClick={close}>
          {t("confirmEmail.done")}
        </Button>
        <Button size="lg" variant="ghost" onClick={() => void resend()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <Spinner className="size-4" /> : null}
          {t("confirmEmail.resend")}
        </Button>
      </div>
    </div>
  );
}
