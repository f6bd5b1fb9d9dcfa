import type { RegisterResponse } from "@playfair/contracts/player/auth";
import { OTP_CODE_LENGTH, type OtpSendResponseSchema } from "@playfair/contracts/player/otp";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { z } from "zod";
import { ModalIntro, StepArt } from "./account-pieces.tsx";
import { CaptchaField, captchaMissing, useCaptchaMode } from "./captcha.tsx";
import { PHONE_REGISTRATION_FLOW, readPendingPhoneRegistration } from "./phone-registration.ts";
import { finishRegistration } from "./registration.ts";
import { Button } from "#app/components/ui/button.tsx";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { asTranslate } from "#app/features/forms/validation-text.ts";
import { CodeField } from "#app/features/forms/code-field.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { clearAuthorizationState, setAuthorizationState, useAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { apiRequest } from "#app/lib/api-client.ts";

type OtpSendResponse = z.infer<typeof OtpSendResponseSchema>;
type CodeValues = { code: string; captcha: string };

/** Seconds until `at` (an ISO time), ticking. */
function useSecondsUntil(at: string | undefined): number {
  const target = at ? Date.parse(at) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - now) / 1000));
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The code sent by SMS for a phone sign-up: enter (or paste) it, or ask for a new one. */
export default function CodeVerifyModal({ close }: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const state = useAuthorizationState();
  const pending = state?.flow === PHONE_REGISTRATION_FLOW ? readPendingPhoneRegistration() : null;
  const { openModal } = useModal();
  const length = pending?.codeLength ?? OTP_CODE_LENGTH;
  const secondsLeft = useSecondsUntil(pending?.resendAvailableAt);
  const [resent, setResent] = useState(false);
  const captchaMode = useCaptchaMode();
  const form = useAppForm<CodeValues>({
    fields: ["code"],
    required: ["code"],
    defaultValues: { code: "", captcha: "" },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (values.code.length !== length) errors.code = t("serverErrors.codeInvalid");
      if (captchaMissing(captchaMode, values.captcha)) errors.captcha = t("serverErrors.captchaUnsolved");
      return errors;
    },
  });

  if (!pending) {
    return (
      <div className="text-center">
        <StepArt kind="code" />
        <ModalIntro>{t("codeVerify.expired")}</ModalIntro>
        <Button onClick={close} className="w-full">
          {t("confirmEmail.done")}
        </Button>
      </div>
    );
  }
  const flow = pending;

  async function verify(values: CodeValues) {
    const response = await apiRequest<RegisterResponse>("/api/player/register/phone", {
      method: "POST",
      body: { ...flow.payload, phone: flow.phone, code: values.code, ...(values.captcha ? { captcha: values.captcha } : {}) },
      auth: "none",
    });
    clearAuthorizationState();
    close();
    finishRegistration(asTranslate(t), response, "phone", typeof flow.payload.email === "string" ? flow.payload.email : undefined);
  }

  async function resend() {
    form.setFormError(null);
    const captcha = form.getValues("captcha");
    if (captchaMissing(captchaMode, captcha)) {
      form.setError("captcha", { type: "custom", message: t("serverErrors.captchaUnsolved") });
      return;
    }
    // The solution is single-use: the code check needs a fresh one.
    form.setValue("captcha", "");
    try {
      const sent = await apiRequest<OtpSendResponse>("/api/player/otp/send", { method: "POST", body: { phone: flow.phone, purpose: "registration", ...(captcha ? { captcha } : {}) }, auth: "none" });
      if (state) setAuthorizationState({ ...state, resendAvailableAt: sent.resendAvailableAt, expiresAt: sent.expiresAt, codeLength: sent.codeLength });
      setResent(true);
      form.setValue("code", "");
    } catch (error) {
      form.showRequestError(error);
    }
  }

  return (
    <div data-account-form="code-verify">
      <StepArt kind="code" />
      <ModalIntro className="text-center">
        <Trans t={t} i18nKey="codeVerify.intro" values={{ length, destination: flow.phone }} components={{ strong: <strong className="font-semibold whitespace-nowrap text-fg" dir="ltr" /> }} />
      </ModalIntro>
      <AppForm form={form} onSubmit={verify} className="flex flex-col gap-4">
        <CodeField label={t("codeVerify.codeLabel")} length={length} autoFocus onComplete={() => window.setTimeout(() => document.querySelector<HTMLFormElement>('[data-account-form="code-verify"] form')?.requestSubmit(), 0)} />
        <CaptchaField />
        <FormErrorArea />
        <SubmitButton>{t("codeVerify.submit")}</SubmitButton>
      </AppForm>
      <div className="mt-4 flex flex-col items-center gap-2 text-sm">
        <p aria-live="polite" className="text-fg-muted">
          {secondsLeft > 0 ? (
            t("codeVerify.resendIn", { time: clock(secondsLeft) })
          ) : (
            <button type="button" onClick={() => void resend()} className="font-semibold text-brand-fg underline-offset-2 hover:underline">
              {t("codeVerify.resend")}
            </button>
          )}
          {resent && secondsLeft > 0 ? <span className="sr-only"> {t("codeVerify.resent")}</span> : null}
        </p>
        <button type="button" onClick={() => openModal("sign-up")} className="font-semibold text-fg-muted underline-offset-2 hover:text-fg hover:underline">
          {t("codeVerify.back")}
        </button>
      </div>
    </div>
  );
}
