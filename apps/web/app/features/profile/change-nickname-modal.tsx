import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from "@playfair/contracts/validation/fields";
import { useTranslation } from "react-i18next";
import { saveProfile } from "./profile-api.ts";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { TextField } from "#app/features/forms/text-field.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * Choosing a nickname (spec 2.4 change-nickname; spec 5: 3 to 24 letters, digits, _ or -), saved
 * with PUT /api/player/profile; a nickname someone else has comes back as a field error.
 */
export default function ChangeNicknameModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const { applyProfile } = useProfileRefresh();
  const form = useAppForm<{ nickname: string }>({
    fields: ["nickname"],
    required: ["nickname"],
    defaultValues: { nickname: profile?.nickname ?? "" },
    validate: (values) => (profile?.nickname && values.nickname.trim() === profile.nickname ? { nickname: t("nickname.unchanged") } : undefined),
  });
  return (
    <AppForm
      form={form}
      className="flex flex-col gap-5"
      aria-label={t("nickname.formLabel")}
      onSubmit={async ({ nickname }) => {
        const saved = await saveProfile({ nickname: nickname.trim() });
        applyProfile(saved);
        showAlert({ kind: "success", title: t("nickname.saved"), description: t("nickname.savedDescription", { nickname: saved.nickname ?? nickname }) });
        close();
      }}
    >
      <p className="text-[0.9375rem] text-pretty text-fg-muted">{t("nickname.intro")}</p>
      <TextField
        name="nickname"
        label={t("fields.nickname", { ns: "accounts" })}
        hint={t("nickname.hint", { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH })}
        autoComplete="nickname"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={NICKNAME_MAX_LENGTH}
        dir="ltr"
      />
      <FormErrorArea />
      <SubmitButton>{t("nickname.submit")}</SubmitButton>
    </AppForm>
  );
}
