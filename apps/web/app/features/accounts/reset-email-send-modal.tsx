import { Trans, useTranslation } from "react-i18next";
import { ModalIntro, StepArt } from "./account-pieces.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { setAuthorizationState, useAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";

/** "Check your inbox": the reset link went to the address the player gave. */
export default function ResetEmailSendModal(_props: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const state = useAuthorizationState();
  const { openModal } = useModal();
  const email = typeof state?.email === "string" ? state.email : "";
  return (
    <div className="text-center" data-account-form="reset-email-send">
      <StepArt kind="mail" />
      <ModalIntro className="mb-2">
        <Trans t={t} i18nKey="resetSent.description" values={{ email }} components={{ strong: <strong className="font-semibold break-all text-fg" dir="ltr" /> }} />
      </ModalIntro>
      <p className="mb-6 text-sm text-fg-subtle">{t("resetSent.spam")}</p>
      <div className="flex flex-col gap-2.5">
        <Button size="lg" onClick={() => openModal("sign-in")}>
          {t("resetSent.done")}
        </Button>
        <Button
          size="lg"
          variant="ghost"
          onClick={() => {
            setAuthorizationState({ flow: "forgot-pass", email });
            openModal("forgot-pass");
          }}
        >
          {t("resetSent.again")}
        </Button>
      </div>
    </div>
  );
}
