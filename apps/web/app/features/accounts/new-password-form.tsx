import { PASSWORD_MIN_LENGTH } from "@playfair/contracts/validation/fields";
import { useTranslation } from "react-i18next";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { PasswordField } from "#app/features/forms/password-field.tsx";
import { apiRequest, isApiRequestError } from "#app/lib/api-client.ts";

type NewPasswordValues = { password: string; password_confirmation: string };

/**
 * The new password (twice) for a reset code from the e-mail link: POST /api/player/passwords/confirm.
 * A code the server refuses is reported through onInvalidCode, since no field can fix it.
 */
export function NewPasswordForm({ code, submitLabel, onDone, onInvalidCode }: { code: string; submitLabel: string; onDone: () => void; onInvalidCode: () => void }) {
  const { t } = useTranslation("accounts");
  const form = useAppForm<NewPasswordValues>({
    fields: ["password", "password_confirmation"],
    required: ["password", "password_confirmation"],
    defaultValues: { password: "", password_confirmation: "" },
  });

  async function save(values: NewPasswordValues) {
    try {
      await apiRequest("/api/player/passwords/confirm", { method: "POST", body: { code, ...values }, auth: "none" });
    } catch (error) {
      if (isApiRequestError(error) && (error.fieldErrors.code?.length || error.status === 404 || error.status === 410)) {
        onInvalidCode();
        return;
      }
      throw error;
    }
    onDone();
  }

  return (
    <AppForm form={form} onSubmit={save} className="flex flex-col gap-4">
      <PasswordField name="password" label={t("fields.newPassword")} autoComplete="new-password" hint={t("passwordResetPage.description", { min: PASSWORD_MIN_LENGTH })} />
      <PasswordField name="password_confirmation" label={t("fields.repeatNewPassword")} autoComplete="new-password" />
      <FormErrorArea />
      <SubmitButton>{submitLabel}</SubmitButton>
    </AppForm>
  );
}
