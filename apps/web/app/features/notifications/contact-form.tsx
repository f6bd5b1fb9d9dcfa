import { CONTACT_FIELD_RULES, CONTACT_FIELDS } from "@playfair/contracts/notification";
import { CONTACT_MESSAGE_MAX_LENGTH } from "@playfair/contracts/notification-constants";
import type { Profile } from "@playfair/contracts/player/profile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { EmailField, TextField } from "#app/features/forms/text-field.tsx";
import { useProfile } from "#app/lib/session.tsx";
import { sendCommunication, type CommunicationRequest } from "./notification-api.ts";
import { CheckCircleIcon, SendIcon } from "./notification-icons.tsx";
import { TextareaField } from "./textarea-field.tsx";


type ContactValues = { name: string; email: string; subject: string; message: string };

function prefilled(profile: Profile | null): ContactValues {
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ") || profile?.fullName || profile?.nickname || "";
  return { name, email: profile?.email ?? "", subject: "", message: "" };
}

/** Only what the player typed: empty optional fields are left out of the request. */
export function communicationBody(values: ContactValues): CommunicationRequest {
  const body: CommunicationRequest = { message: values.message.trim() };
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  if (name) body.name = name;
  if (email) body.email = email;
  if (subject) body.subject = subject;
  return body;
}

/**
 * The contact form (spec 2 /contact): POST /api/notification/communications. Guests must leave an
 * e-mail address to be answered at; a player's is filled in from the profile. A sent message
 * shows a success alert and leaves an empty form (too many messages: the form says when to retry).
 */
export function ContactForm() {
  const { t } = useTranslation("notifications");
  const profile = useProfile();
  const signedIn = profile !== null;
  const [sentCount, setSentCount] = useState(0);
  const form = useAppForm<ContactValues>({
    fields: CONTACT_FIELDS,
    required: signedIn ? ["message"] : ["email", "message"],
    defaultValues: prefilled(profile),
    rules: CONTACT_FIELD_RULES,
  });

  return (
    <AppForm
      form={form}
      aria-label={t("contact.formLabel")}
      className="flex flex-col gap-5"
      onSubmit={async (values) => {
        await sendCommunication(communicationBody(values));
        showAlert({ kind: "success", title: t("contact.sent.title"), description: t("contact.sent.description") });
        form.reset(prefilled(profile));
        setSentCount((count) => count + 1);
      }}
    >
      {sentCount > 0 ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-success/25 bg-success-soft px-4 py-3 text-sm text-success" data-contact-sent="">
          <CheckCircleIcon className="mt-px size-[1.125rem]" />
          <p className="font-medium text-pretty">{t("contact.sent.inline")}</p>
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="name" label={t("contact.fields.name")} autoComplete="name" dir="auto" />
        <EmailField
          name="email"
          label={signedIn ? t("contact.fields.emailOptional") : t("contact.fields.email")}
          hint={signedIn ? t("contact.fields.emailPlayerHint") : t("contact.fields.emailHint")}
        />
      </div>
      <TextField name="subject" label={t("contact.fields.subject")} dir="auto" />
      <TextareaField
        name="message"
        label={t("contact.fields.message")}
        placeholder={t("contact.fields.messagePlaceholder")}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        rows={7}
        dir="auto"
      />
      <FormErrorArea />
      <SubmitButton className="sm:w-auto sm:self-start sm:px-8" data-action="contact-send">
        <SendIcon className="size-[1.125rem] rtl:-scale-x-100" />
        {t("contact.submit")}
      </SubmitButton>
    </AppForm>
  );
}
