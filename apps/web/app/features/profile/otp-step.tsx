import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { OtpSendResponse } from "./profile-api.ts";
import { showErrorAlert } from "./profile-errors.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { CodeField } from "#app/features/forms/code-field.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";

/** Whole seconds from `now` until `at` (an ISO time), never below zero; 0 for an unreadable time. */
export function secondsUntil(at: string | undefined, now: number): number {
  const target = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - now) / 1000));
}

/** "1:05" for a resend countdown. */
export function countdownClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function useSecondsUntil(at: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return secondsUntil(at, now);
}

/**
 * The second step of the e-mail and phone windows: the code that was sent, a countdown to asking
 * for a new one, and a way back to change the address or number.
 */
export function OtpStep({
  destination,
  sent,
  onResend,
  onVerify,
  onBack,
  backLabel,
}: {
  /** Where the code went, shown as the player typed it. */
  destination: string;
  sent: OtpSendResponse;
  onResend: () => Promise<OtpSendResponse>;
  onVerify: (code: string) => Promise<void>;
  onBack?: () => void;
  backLabel?: string;
}) {
  const { t } = useTranslation("profile");
  const [current, setCurrent] = useState(sent);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const length = current.codeLength;
  const secondsLeft = useSecondsUntil(current.resendAvailableAt);
  const form = useAppForm<{ code: string }>({
    fields: ["code"],
    required: ["code"],
    defaultValues: { code: "" },
    validate: (values) => (/^\d+$/.test(values.code) && values.code.length === length ? undefined : { code: t("otp.incomplete") }),
  });

  async function resend() {
    setResending(true);
    try {
      const next = await onResend();
      setCurrent(next);
      setResent(true);
      form.reset({ code: "" });
    } catch (error) {
      showErrorAlert(t, error);
    } finally {
      setResending(false);
    }
  }

  return (
    <AppForm form={form} onSubmit={(values) => onVerify(values.code)} className="flex flex-col gap-5" aria-label={t("otp.formLabel")}>
      <p className="text-[0.9375rem] text-pretty text-fg-muted" data-otp-destination="">
        <Trans
          t={t}
          i18nKey="otp.intro"
          values={{ destination }}
          components={{ strong: <strong dir="ltr" className="font-semibold break-all text-fg" /> }}
        />
      </p>
      <CodeField
        label={t("otp.codeLabel")}
        length={length}
        autoFocus
        onComplete={() => void form.handleSubmit(async (values) => {
          try {
            await onVerify(values.code);
          } catch (error) {
            form.showRequestError(error);
          }
        })()}
      />
      <FormErrorArea />
      <SubmitButton>{t("otp.submit")}</SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {secondsLeft > 0 ? (
          <p className="text-fg-muted" aria-live="polite">
            {resent ? `${t("otp.resent")} ` : null}
            {t("otp.resendIn", { time: countdownClock(secondsLeft) })}
          </p>
        ) : (
          <button type="button" onClick={() => void resend()} disabled={resending} className="font-semibold text-brand-fg underline-offset-4 hover:underline disabled:opacity-60">
            {t("otp.resend")}
          </button>
        )}
        {onBack ? (
          <button type="button" onClick={onBack} className="font-semibold text-fg-muted underline-offset-4 hover:text-fg hover:underline">
            {backLabel ?? t("otp.back")}
          </button>
        ) : null}
      </div>
    </AppForm>
  );
}
