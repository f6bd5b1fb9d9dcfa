import { useTranslation } from "react-i18next";
import { ContactCodeFlow } from "./contact-code-flow.tsx";
import { useAppForm } from "#app/features/forms/app-form.tsx";
import { EmailField } from "#app/features/forms/text-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * Adding or changing the e-mail address (spec 2.4 email) with a code sent to the new address:
 * POST /api/player/otp/email/send (purpose change-email), then /otp/verify, which applies it. An
 * address that is not confirmed yet can be confirmed with a code too (purpose verify-email).
 */
export default function EmailModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const form = useAppForm<{ email: string }>({
    fields: ["email"],
    required: ["email"],
    defaultValues: { email: "" },
    validate: (values) =>
      profile?.email && values.email.trim().toLowerCase() === profile.email.toLowerCase() ? { email: t("email.sameAddress") } : undefined,
  });
  return (
    <ContactCodeFlow
      kind="email"
      form={form}
      destinationOf={({ email }) => email.trim()}
      field={<EmailField name="email" label={profile?.email ? t("email.newAddress") : t("email.address")} />}
      close={close}
    />
  );
}
