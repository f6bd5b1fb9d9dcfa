import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { changePassword, profileQueryKeys } from "./profile-api.ts";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { PasswordField } from "#app/features/forms/password-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { PASSWORD_MIN_LENGTH } from "@playfair/contracts/validation/fields";
import { useProfile } from "#app/lib/session.tsx";

type PasswordValues = { currentPassword: string; newPassword: string; repeatNewPassword: string };

/**
 * Changing the password (spec 2.4 change-pass) with PUT /api/player/passwords. Accounts made by a
 * social or messenger sign-in have none yet and set one without the current password. Every other
 * session of the player ends; this one stays signed in.
 */
export default function ChangePassModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const queryClient = useQueryClient();
  const { reloadProfile } = useProfileRefresh();
  const hasPassword = profile?.hasPassword ?? true;
  const fields = hasPassword ? ["currentPassword", "newPassword", "repeatNewPassword"] : ["newPassword", "repeatNewPassword"];
  const form = useAppForm<PasswordValues>({
    fields,
    required: fields,
    defaultValues: { currentPassword: "", newPassword: "", repeatNewPassword: "" },
    validate: (values) =>
      hasPassword && values.newPassword !== "" && values.newPassword === values.currentPassword ? { newPassword: t("password.sameAsCurrent") } : undefined,
  });
  return (
    <AppForm
      form={form}
      className="flex flex-col gap-5"
      aria-label={hasPassword ? t("password.formLabel") : t("password.setFormLabel")}
      onSubmit={async (values) => {
        await changePassword({
          ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
          newPassword: values.newPassword,
          repeatNewPassword: values.repeatNewPassword,
        });
        showAlert({ kind: "success", title: t("password.saved"), description: t("password.savedDescription") });
        void queryClient.invalidateQueries({ queryKey: profileQueryKeys.sessions });
        if (!hasPassword) await reloadProfile();
        close();
      }}
    >
      <p className="text-[0.9375rem] text-pretty text-fg-muted">{hasPassword ? t("password.intro") : t("password.setIntro")}</p>
      {hasPassword ? <PasswordField name="currentPassword" label={t("fields.currentPassword", { ns: "accounts" })} autoComplete="current-password" /> : null}
      <PasswordField
        name="newPassword"
        label={t("fields.newPassword", { ns: "accounts" })}
        hint={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
      />
      <PasswordField name="repeatNewPassword" label={t("fields.repeatNewPassword", { ns: "accounts" })} autoComplete="new-password" />
      <FormErrorArea />
      <SubmitButton>{hasPassword ? t("password.submit") : t("password.setSubmit")}</SubmitButton>
    </AppForm>
  );
}
