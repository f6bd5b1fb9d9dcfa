import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalIntro, StepArt } from "./account-pieces.tsx";
import { NewPasswordForm } from "./new-password-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { clearAuthorizationState, setAuthorizationState, useAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";

/** A new password for the reset code the flow carries (authorization state `resetCode`). */
export default function ResetPassModal(_props: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const state = useAuthorizationState();
  const { openModal } = useModal();
  const [invalid, setInvalid] = useState(false);
  const code = typeof state?.resetCode === "string" ? state.resetCode : "";

  if (invalid || code === "") {
    return (
      <div className="text-center" data-account-form="reset-pass">
        <StepArt kind="mail" />
        <ModalIntro>{t("resetPass.linkInvalid")}</ModalIntro>
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            setAuthorizationState({ flow: "forgot-pass" });
            openModal("forgot-pass");
          }}
        >
          {t("forgot.submit")}
        </Button>
      </div>
    );
  }
  return (
    <div data-account-form="reset-pass">
      <ModalIntro>{t("resetPass.intro")}</ModalIntro>
      <NewPasswordForm
        code={code}
        submitLabel={t("resetPass.submit")}
        onInvalidCode={() => setInvalid(true)}
        onDone={() => {
          openModal("sign-in");
          clearAuthorizationState();
          showAlert({ kind: "success", title: t("resetPass.successTitle"), description: t("resetPass.successDescription") });
        }}
      />
    </div>
  );
}
