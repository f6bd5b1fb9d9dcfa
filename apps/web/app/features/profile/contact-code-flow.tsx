import type { OtpPurpose } from "@playfair/contracts/player/otp";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OtpStep } from "./otp-step.tsx";
import { sendEmailCode, sendPhoneCode, verifyCode, type OtpSendResponse } from "./profile-api.ts";
import { showErrorAlert } from "./profile-errors.ts";
import { MailIcon, PhoneIcon } from "./profile-icons.tsx";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { VerificationBadge } from "./verification-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, type AppFormApi, type FormValueMap } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { useProfile } from "#app/lib/session.tsx";

type ContactKind = "email" | "phone";

/** What differs between the e-mail and the phone window; the texts are under `<kind>.` in the profile namespace. */
const CONTACTS = {
  email: {
    verifyPurpose: "verify-email",
    changePurpose: "change-email",
    send: sendEmailCode,
    icon: <MailIcon />,
    // A long address may break anywhere; a number stays on one line.
    valueClassName: "min-w-0 break-all",
    otherLabel: "email.otherAddress",
  },
  phone: {
    verifyPurpose: "verify-phone",
    changePurpose: "change-phone",
    send: sendPhoneCode,
    icon: <PhoneIcon />,
    valueClassName: "whitespace-nowrap",
    otherLabel: "phone.otherNumber",
  },
} as const satisfies Record<ContactKind, { verifyPurpose: OtpPurpose; changePurpose: OtpPurpose; [other: string]: unknown }>;

type CodeSent = { purpose: OtpPurpose; destination: string | null; sent: OtpSendResponse };

/**
 * The e-mail and phone windows (spec 2.4): the current address or number with a way to confirm it
 * by code (purpose verify-…), and a form that sends a code to a new one (change-…); then the code
 * step, where POST /api/player/otp/verify applies the change.
 */
export function ContactCodeFlow<Values extends FormValueMap>({
  kind,
  form,
  destinationOf,
  field,
  close,
}: {
  kind: ContactKind;
  form: AppFormApi<Values>;
  /** The new address or number as it is sent to the server. */
  destinationOf: (values: Values) => string;
  field: ReactNode;
  close: () => void;
}) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const { reloadProfile } = useProfileRefresh();
  const [step, setStep] = useState<CodeSent | null>(null);
  const [sendingOwn, setSendingOwn] = useState(false);
  if (!profile) return null;
  const contact = CONTACTS[kind];
  const current = kind === "email" ? profile.email : profile.phone;
  const verified = kind === "email" ? profile.emailVerified : profile.phoneVerified;

  if (step) {
    const isVerifyOwn = step.purpose === contact.verifyPurpose;
    return (
      <OtpStep
        destination={step.destination ?? current ?? ""}
        sent={step.sent}
        onResend={() => contact.send(step.purpose, step.destination ?? undefined)}
        onVerify={async (code) => {
          await verifyCode({ code, purpose: step.purpose, ...(step.destination ? { [kind]: step.destination } : {}) });
          await reloadProfile();
          showAlert({ kind: "success", title: isVerifyOwn ? t(`${kind}.verified`) : t(`${kind}.changed`) });
          close();
        }}
        onBack={() => setStep(null)}
        backLabel={isVerifyOwn ? t("otp.back") : t(contact.otherLabel)}
      />
    );
  }

  async function verifyOwn() {
    setSendingOwn(true);
    try {
      const sent = await contact.send(contact.verifyPurpose);
      setStep({ purpose: contact.verifyPurpose, destination: null, sent });
    } catch (error) {
      showErrorAlert(t, error);
    } finally {
      setSendingOwn(false);
    }
  }

  return (
    <div className="flex flex-col gap-5" {...{ [`data-${kind}-modal`]: "" }}>
      {current ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-3 rounded-xl border border-border bg-surface-muted/60 p-4">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-fg-muted [&>svg]:size-[1.125rem]">
            {contact.icon}
          </span>
          <div className="min-w-0 flex-1 basis-40">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t(`${kind}.current`)}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold">
              <span dir="ltr" className={contact.valueClassName}>
                {current}
              </span>
              <VerificationBadge verified={verified} />
            </p>
          </div>
          {verified ? null : (
            <Button size="sm" className="w-full xs:w-auto" onClick={() => void verifyOwn()} disabled={sendingOwn} {...{ [`data-verify-own-${kind}`]: "" }}>
              {t(`${kind}.verifyCurrent`)}
            </Button>
          )}
        </div>
      ) : null}
      <AppForm
        form={form}
        className="flex flex-col gap-5"
        aria-label={current ? t(`${kind}.changeTitle`) : t(`${kind}.addTitle`)}
        onSubmit={async (values) => {
          const destination = destinationOf(values);
          const sent = await contact.send(contact.changePurpose, destination);
          setStep({ purpose: contact.changePurpose, destination, sent });
        }}
      >
        <p className="text-[0.9375rem] text-pretty text-fg-muted">{current ? t(`${kind}.changeIntro`) : t(`${kind}.addIntro`)}</p>
        {field}
        <FormErrorArea />
        <SubmitButton>{t(`${kind}.sendCode`)}</SubmitButton>
      </AppForm>
    </div>
  );
}
