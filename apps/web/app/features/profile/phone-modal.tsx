import { useTranslation } from "react-i18next";
import { ContactCodeFlow } from "./contact-code-flow.tsx";
import { useAppForm } from "#app/features/forms/app-form.tsx";
import { PhoneField } from "#app/features/forms/phone-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * Adding, changing or verifying the phone number (spec 2.4 phone) with an SMS code: POST
 * /api/player/otp/send (purpose change-phone with the new number, or verify-phone for the
 * current one), then /otp/verify, which applies the change.
 */
export default function PhoneModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  // The profile's country reads a number typed without "+" and picks the first calling code.
  const form = useAppForm<{ phone: string; country: string }>({ fields: ["phone"], required: ["phone"], defaultValues: { phone: "", country: profile?.country ?? "" } });
  return (
    <ContactCodeFlow
      kind="phone"
      form={form}
      destinationOf={({ phone }) => phone}
      field={<PhoneField label={profile?.phone ? t("phone.newNumber") : t("phone.number")} />}
      close={close}
    />
  );
}
