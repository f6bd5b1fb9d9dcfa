import type { OtpPurpose } from "@playfair/contracts/player/otp";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OtpStep } from "./otp-step.tsx";
import { sendEmailCode, verifyCode, type OtpSendResponse } from "./profile-api.ts";
import { showErrorAlert } from "./profile-errors.ts";
import { MailIcon } from "./profile-icons.tsx";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { VerificationBadge } from "./verification-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { EmailField } from "#app/features/forms/text-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content.ts";
import { useProfile } from "#app/lib/session.tsx";

type CodeSent = { purpose: Extract<OtpPurpose, "verify-email" | "change-email">; email: string | null; sent: OtpSendResponse };

/**
 * Adding or changing the e-mail address (spec 2.4 email) with a code sent to the new address:
 * POST /api/player/otp/email/send (purpose change-email), then /otp/verify, which applies it. An
 * address that is not confirmed yet can be confirmed with a code too (purpose verify-email).
 */
export default function EmailModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const { reloadProfile } = useProfileRefresh();
  const [step, setStep] = useState<CodeSent | null>(null);
  const [sendingOwn, setSendingOwn] = useState(false);
  const form = useAppForm<{ email: string }>({
    fields: ["email"],
    required: ["email"],
    defaultValues: { email: "" },
    validate: (values) =>
      profile?.email && values.email.trim().toLowerCase() === profile.email.toLowerCase() ? { email: t("email.sameAddress") } : undefined,
  });
  if (!profile) return null;

  if (step) {
    return (
      <OtpStep
        destination={step.email ?? profile.email ?? ""}
        sent={step.sent}
        onResend={() => sendEmailCode(step.purpose, step.email ?? undefined)}
        onVerify={async (code) => {
          await verifyCode({ code, purpose: step.purpose, ...(step.email ? { email: step.email } : {}) });
          await reloadProfile();
          showAlert({ kind: "success", title: step.purpose === "verify-email" ? t("email.verified") : t("email.changed") });
          close();
        }}
        onBack={() => setStep(null)}
        backLabel={step.purpose === "verify-email" ? t("otp.back") : t("email.otherAddress")}
      />
    );
  }

  async function verifyOwn() {
    setSendingOwn(true);
    try {
      const sent = await sendEmailCode("verify-email");
      setStep({ purpose: "verify-email", email: null, sent });
    } catch (error) {
      showErrorAlert(t, error);
    } finally {
      setSendingOwn(false);
    }
  }

  return (
    <div className="flex flex-col gap-5" data-email-modal="">
      {profile.email ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-3 rounded-xl border border-border bg-surface-muted/60 p-4">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-fg-muted [&>svg]:size-[1.125rem]">
            <MailIcon />
          </span>
          <div className="min-w-0 flex-1 basis-40">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("email.current")}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold">
              <span dir="ltr" className="min-w-0 break-all">
                {profile.email}
              </span>
              <VerificationBadge verified={profile.emailVerified} />
            </p>
          </div>
          {profile.emailVerified ? null : (
            <Button size="sm" className="w-full xs:w-auto" onClick={() => void verifyOwn()} disabled={sendingOwn} data-verify-own-email="">
              {t("email.verifyCurrent")}
            </Button>
          )}
        </div>
      ) : null}
      <AppForm
        form={form}
        className="flex flex-col gap-5"
        aria-label={profile.email ? t("email.changeTitle") : t("email.addTitle")}
        onSubmit={async ({ email }) => {
          const address = email.trim();
          const sent = await sendEmailCode("change-email", address);
          setStep({ purpose: "change-email", email: address, sent });
        }}
      >
        <p className="text-[0.9375rem] text-pretty text-fg-muted">{profile.email ? t("email.changeIntro") : t("email.addIntro")}</p>
        <EmailField name="email" label={profile.email ? t("email.newAddress") : t("email.address")} />
        <FormErrorArea />
        <SubmitButton>{t("email.sendCode")}</SubmitButton>
      </AppForm>
    </div>
  );
}
