import type { OtpPurpose } from "@playfair/contracts/player/otp";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OtpStep } from "./otp-step.tsx";
import { sendPhoneCode, verifyCode, type OtpSendResponse } from "./profile-api.ts";
import { showErrorAlert } from "./profile-errors.ts";
import { PhoneIcon } from "./profile-icons.tsx";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { VerificationBadge } from "./verification-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { PhoneField } from "#app/features/forms/phone-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content.ts";
import { useProfile } from "#app/lib/session.tsx";

type CodeSent = { purpose: Extract<OtpPurpose, "verify-phone" | "change-phone">; phone: string | null; sent: OtpSendResponse };

/**
 * Adding, changing or verifying the phone number (spec 2.4 phone) with an SMS code: POST
 * /api/player/otp/send (purpose change-phone with the new number, or verify-phone for the
 * current one), then /otp/verify, which applies the change.
 */
export default function PhoneModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const { reloadProfile } = useProfileRefresh();
  const [step, setStep] = useState<CodeSent | null>(null);
  const [sendingOwn, setSendingOwn] = useState(false);
  // The profile's country reads a number typed without "+" and picks the first calling code.
  const form = useAppForm<{ phone: string; country: string }>({ fields: ["phone"], required: ["phone"], defaultValues: { phone: "", country: profile?.country ?? "" } });
  if (!profile) return null;

  if (step) {
    return (
      <OtpStep
        destination={step.phone ?? profile.phone ?? ""}
        sent={step.sent}
        onResend={() => sendPhoneCode(step.purpose, step.phone ?? undefined)}
        onVerify={async (code) => {
          await verifyCode({ code, purpose: step.purpose, ...(step.phone ? { phone: step.phone } : {}) });
          await reloadProfile();
          showAlert({ kind: "success", title: step.purpose === "verify-phone" ? t("phone.verified") : t("phone.changed") });
          close();
        }}
        onBack={() => setStep(null)}
        backLabel={step.purpose === "verify-phone" ? t("otp.back") : t("phone.otherNumber")}
      />
    );
  }

  async function verifyOwn() {
    setSendingOwn(true);
    try {
      const sent = await sendPhoneCode("verify-phone");
      setStep({ purpose: "verify-phone", phone: null, sent });
    } catch (error) {
      showErrorAlert(t, error);
    } finally {
      setSendingOwn(false);
    }
  }

  return (
    <div className="flex flex-col gap-5" data-phone-modal="">
      {profile.phone ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-3 rounded-xl border border-border bg-surface-muted/60 p-4">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-fg-muted [&>svg]:size-[1.125rem]">
            <PhoneIcon />
          </span>
          <div className="min-w-0 flex-1 basis-40">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("phone.current")}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold">
              <span dir="ltr" className="whitespace-nowrap">
                {profile.phone}
              </span>
              <VerificationBadge verified={profile.phoneVerified} />
            </p>
          </div>
          {profile.phoneVerified ? null : (
            <Button size="sm" className="w-full xs:w-auto" onClick={() => void verifyOwn()} disabled={sendingOwn} data-verify-own-phone="">
              {t("phone.verifyCurrent")}
            </Button>
          )}
        </div>
      ) : null}
      <AppForm
        form={form}
        className="flex flex-col gap-5"
        aria-label={profile.phone ? t("phone.changeTitle") : t("phone.addTitle")}
        onSubmit={async ({ phone }) => {
          const sent = await sendPhoneCode("change-phone", phone);
          setStep({ purpose: "change-phone", phone, sent });
        }}
      >
        <p className="text-[0.9375rem] text-pretty text-fg-muted">{profile.phone ? t("phone.changeIntro") : t("phone.addIntro")}</p>
        <PhoneField label={profile.phone ? t("phone.newNumber") : t("phone.number")} />
        <FormErrorArea />
        <SubmitButton>{t("phone.sendCode")}</SubmitButton>
      </AppForm>
    </div>
  );
}
