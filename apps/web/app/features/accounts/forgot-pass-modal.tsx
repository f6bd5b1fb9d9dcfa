import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ModalIntro } from "./account-pieces.tsx";
import { CaptchaField, captchaMissing, useCaptchaMode } from "./captcha.tsx";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { EmailField } from "#app/features/forms/text-field.tsx";
import { getAuthorizationState, setAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

type ForgotValues = { email: string; captcha: string };

/** Asks for a reset link by e-mail, then shows "check your inbox" (reset-email-send). */
export default function ForgotPassModal(_props: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { openModal } = useModal();
  const captchaMode = useCaptchaMode();
  const known = getAuthorizationState()?.email;
  const validate = useCallback(
    (values: ForgotValues) => (captchaMissing(captchaMode, values.captcha) ? { captcha: t("serverErrors.captchaUnsolved") } : undefined),
    [captchaMode, t],
  );
  const form = useAppForm<ForgotValues>({ fields: ["email"], required: ["email"], defaultValues: { email: typeof known === "string" ? known : "", captcha: "" }, validate });

  async function send(values: ForgotValues) {
    const email = values.email.trim();
    await apiRequest("/api/player/passwords/reset", { method: "POST", body: { email, language, ...(values.captcha ? { captcha: values.captcha } : {}) }, auth: "none" });
    setAuthorizationState({ flow: "reset-email-send", email });
    openModal("reset-email-send");
  }

  return (
    <div data-account-form="forgot-pass">
      <ModalIntro>{t("forgot.intro")}</ModalIntro>
      <AppForm form={form} onSubmit={send} className="flex flex-col gap-4">
        <EmailField name="email" label={t("fields.email")} />
        <CaptchaField />
        <FormErrorArea />
        <SubmitButton>{t("forgot.submit")}</SubmitButton>
      </AppForm>
      <p className="mt-5 text-center text-sm">
        <ModalLink modal="sign-in" className="font-semibold text-brand-fg underline-offset-2 hover:underline">
          {t("forgot.back")}
        </ModalLink>
      </p>
    </div>
  );
}
