import type { Profile } from "@playfair/contracts/player/profile";
import type { FormFieldName } from "@playfair/contracts/validation/fields";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/personal";
import { buttonClassName, Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm, type FormValueMap } from "#app/features/forms/app-form.tsx";
import { DynamicField } from "#app/features/forms/dynamic-field.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { useServerFieldList } from "#app/features/forms/form-data.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { LoadFailedState } from "#app/features/profile/load-failed-state.tsx";
import { personalFormFields, profileChanges, profileFormValues, WIDE_FIELDS } from "#app/features/profile/personal-form.ts";
import { AtIcon } from "#app/features/profile/profile-icons.tsx";
import { DetailList, DetailRow, MissingValue, ProfileSection } from "#app/features/profile/profile-section.tsx";
import { saveProfile } from "#app/features/profile/profile-api.ts";
import { TimeZoneField } from "#app/features/profile/time-zone-field.tsx";
import { useProfileRefresh } from "#app/features/profile/use-profile-refresh.ts";
import { cx } from "#app/lib/cx.ts";
import { useProfile } from "#app/lib/session.tsx";
import { IdCardIcon } from "#app/components/page-icons.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profilePersonal");

/**
 * Personal details: the form the operator's profile field list describes (GET
 * /api/player/fields/validations?scenario=profile), saved with PUT /api/player/profile. The
 * nickname has its own window, the offers their own page.
 */
export default function ProfilePersonal() {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const fieldList = useServerFieldList("profile");
  if (!profile) return null;

  return (
    <div className="flex flex-col gap-5">
      <ProfileSection icon={<IdCardIcon />} title={t("personal.title")} description={t("personal.description")} data-profile-personal="">
        {fieldList.list.has("nickname") ? <NicknameRow profile={profile} /> : null}
        {fieldList.isPending ? (
          <FormSkeleton />
        ) : fieldList.isError ? (
          <LoadFailedState onRetry={() => void fieldList.refetch()} />
        ) : (
          <PersonalForm
            // A new profile from elsewhere (another tab, a modal) starts the form afresh.
            key={`${profile.id}:${fieldList.list.names.join(",")}`}
            profile={profile}
            fields={personalFormFields(fieldList.list.names)}
            required={fieldList.list.required}
          />
        )}
      </ProfileSection>
    </div>
  );
}

function NicknameRow({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  return (
    <DetailList className="mb-6 rounded-xl border border-border bg-surface-muted/50 px-4 pt-3 pb-3">
      <DetailRow
        icon={<AtIcon />}
        label={t("info.nickname.label")}
        value={profile.nickname ?? <MissingValue>{t("info.nickname.notSet")}</MissingValue>}
        action={
          <ModalLink modal="change-nickname" className={buttonClassName({ variant: "secondary", size: "sm" })}>
            {profile.nickname ? t("common.change") : t("info.nickname.set")}
          </ModalLink>
        }
      />
    </DetailList>
  );
}

function PersonalForm({ profile, fields, required }: { profile: Profile; fields: FormFieldName[]; required: readonly string[] }) {
  const { t } = useTranslation("profile");
  const { applyProfile } = useProfileRefresh();
  const form = useAppForm<FormValueMap>({ fields, required, defaultValues: profileFormValues(profile, fields) });

  if (fields.length === 0) {
    return <EmptyState size="inline" headingLevel={3} illustration={null} title={t("personal.noFields.title")} description={t("personal.noFields.description")} />;
  }

  return (
    <AppForm
      form={form}
      aria-label={t("personal.formLabel")}
      onSubmit={async (values) => {
        const changes = profileChanges(form.formState.defaultValues ?? {}, values, fields);
        if (Object.keys(changes).length === 0) return;
        const saved = await saveProfile(changes);
        applyProfile(saved);
        form.reset(profileFormValues(saved, fields));
        showAlert({ kind: "success", title: t("personal.saved") });
      }}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        {fields.map((name) =>
          name === "timeZone" ? (
            <TimeZoneField key={name} name={name} label={t(`fields.${name}`, { ns: "accounts" })} />
          ) : (
            <DynamicField key={name} name={name} className={cx(WIDE_FIELDS.has(name) && "sm:col-span-2")} />
          ),
        )}
      </div>
      <FormErrorArea className="mt-5" />
      <div className="mt-6 flex flex-col-reverse gap-2.5 border-t border-border pt-5 xs:flex-row xs:items-center xs:justify-end">
        <Button variant="ghost" onClick={() => form.reset()} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
          {t("personal.discard")}
        </Button>
        <SubmitButton className="xs:w-auto xs:min-w-40" disabled={!form.formState.isDirty}>
          {t("personal.save")}
        </SubmitButton>
      </div>
    </AppForm>
  );
}

function FormSkeleton() {
  const { t } = useTranslation("profile");
  return (
    <div aria-busy="true" className="grid gap-x-4 gap-y-6 sm:grid-cols-2">
      <span className="sr-only">{t("common.loading")}</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index}>
          <Skeleton shape="text" className="w-24" />
          <Skeleton className="mt-2.5 h-11 w-full" />
        </div>
      ))}
    </div>
  );
}
