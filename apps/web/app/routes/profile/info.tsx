import { displayName, maskedNickname, type Profile } from "@playfair/contracts/player/profile";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/info";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { resendEmailConfirmation } from "#app/features/profile/profile-api.ts";
import { showErrorAlert } from "#app/features/profile/profile-errors.ts";
import { formatMemberSince } from "#app/features/profile/profile-format.ts";
import { AtIcon, CalendarIcon, CameraIcon, MailIcon, PhoneIcon, TrophyIcon } from "#app/features/profile/profile-icons.tsx";
import { DetailList, DetailRow, MissingValue, ProfileSection } from "#app/features/profile/profile-section.tsx";
import { PlayerAvatar } from "#app/features/profile/player-avatar.tsx";
import { VerificationBadge } from "#app/features/profile/verification-badge.tsx";
import { PlayerIdCopy } from "#app/features/profile/player-id-copy.tsx";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { useProfile } from "#app/lib/session.tsx";
import { UserIcon } from "#app/components/icons.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileInfo");

/** The account overview: avatar and name, contact details with their verification, and the loyalty slot. */
export default function ProfileInfo() {
  const profile = useProfile();
  if (!profile) return null;
  return (
    <div className="flex flex-col gap-5" data-profile-info="">
      <IdentityCard profile={profile} />
      <AccountDetails profile={profile} />
      <LoyaltySlot />
    </div>
  );
}

function IdentityCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  const name = displayName(profile);
  return (
    <section aria-labelledby="profile-identity" className="relative isolate overflow-hidden rounded-xl border border-border bg-surface shadow-card">
      <div aria-hidden="true" className="bg-stage-gradient h-24 sm:h-28">
        <span className="absolute inset-x-0 top-0 h-24 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.12)_1px,transparent_0)] [background-size:18px_18px] sm:h-28" />
      </div>
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6 sm:pb-6">
        <div className="relative -mt-12 w-fit shrink-0 sm:-mt-14">
          <PlayerAvatar profile={profile} className="size-24 border-4 border-surface text-4xl shadow-raised sm:size-28" />
          <ModalLink
            modal="avatars"
            aria-label={t("info.changeAvatar")}
            title={t("info.changeAvatar")}
            data-change-avatar=""
            className="absolute end-0 bottom-1 grid size-9 place-items-center rounded-full border-2 border-surface bg-brand text-on-brand shadow-card transition-transform duration-150 hover:scale-105 [&>svg]:size-[1.125rem]"
          >
            <CameraIcon />
          </ModalLink>
        </div>
        <div className="min-w-0 flex-1 sm:pb-1">
          <h2 id="profile-identity" className="font-display text-2xl leading-tight font-extrabold tracking-tight break-words" data-display-name="">
            {name}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarIcon className="size-4 text-fg-subtle" />
              {t("info.memberSince", { date: formatMemberSince(profile.createdAt, language) })}
            </span>
            <PlayerIdCopy id={profile.id} />
          </p>
        </div>
        <ModalLink modal="avatars" className={buttonClassName({ variant: "secondary", size: "sm", className: "w-fit" })}>
          {t("info.chooseAvatar")}
        </ModalLink>
      </div>
    </section>
  );
}

function AccountDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const resend = useMutation({
    mutationFn: resendEmailConfirmation,
    // Spec 8: the resent confirmation is an attention alert; a failure the generic error alert.
    onSuccess: () => showAlert({ kind: "attention", title: t("info.email.resent.title"), description: t("info.email.resent.description") }),
    onError: (error) => showErrorAlert(t, error),
  });
  const smallButton = buttonClassName({ variant: "secondary", size: "sm" });
  const publicName = profile.nickname ?? (profile.email ? maskedNickname(profile.email) : null);

  return (
    <ProfileSection icon={<UserIcon />} title={t("info.details.title")} description={t("info.details.description")}>
      <DetailList>
        <DetailRow
          data-detail="nickname"
          icon={<AtIcon />}
          label={t("info.nickname.label")}
          value={profile.nickname ?? <MissingValue>{t("info.nickname.notSet")}</MissingValue>}
          status={
            profile.nickname === null && publicName ? (
              <span className="text-sm font-normal text-fg-subtle">{t("info.nickname.shownAs", { name: publicName })}</span>
            ) : null
          }
          action={
            <ModalLink modal="change-nickname" className={smallButton}>
              {profile.nickname ? t("common.change") : t("info.nickname.set")}
            </ModalLink>
          }
        />
        <DetailRow
          data-detail="email"
          icon={<MailIcon />}
          label={t("info.email.label")}
          value={profile.email ? <span dir="ltr">{profile.email}</span> : <MissingValue>{t("info.email.notSet")}</MissingValue>}
          status={profile.email ? <VerificationBadge verified={profile.emailVerified} /> : null}
          action={
            <>
              {profile.email && !profile.emailVerified ? (
                <button
                  type="button"
                  className={buttonClassName({ variant: "primary", size: "sm" })}
                  onClick={() => resend.mutate()}
                  disabled={resend.isPending}
                  data-resend-confirmation=""
                >
                  {t("info.email.confirm")}
                </button>
              ) : null}
              <ModalLink modal="email" className={smallButton}>
                {profile.email ? t("common.change") : t("common.add")}
              </ModalLink>
            </>
          }
        />
        <DetailRow
          data-detail="phone"
          icon={<PhoneIcon />}
          label={t("info.phone.label")}
          value={profile.phone ? <span dir="ltr">{profile.phone}</span> : <MissingValue>{t("info.phone.notSet")}</MissingValue>}
          status={profile.phone ? <VerificationBadge verified={profile.phoneVerified} /> : null}
          action={
            <ModalLink modal="phone" className={profile.phone && !profile.phoneVerified ? buttonClassName({ variant: "primary", size: "sm" }) : smallButton}>
              {profile.phone ? (profile.phoneVerified ? t("common.change") : t("info.phone.verify")) : t("common.add")}
            </ModalLink>
          }
        />
      </DetailList>
    </ProfileSection>
  );
}

/** The loyalty programme's place on the page, kept honest until loyalty is built. */
function LoyaltySlot() {
  const { t } = useTranslation("profile");
  return (
    <section
      aria-labelledby="profile-loyalty"
      data-loyalty-slot=""
      className="flex flex-col gap-4 rounded-xl border border-dashed border-border-strong bg-surface/60 p-5 xs:flex-row xs:items-center sm:p-6"
    >
      <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-700 dark:text-gold-300 [&>svg]:size-6">
        <TrophyIcon />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="profile-loyalty" className="flex flex-wrap items-center gap-2 font-display text-lg font-bold tracking-tight">
          {t("info.loyalty.title")}
          <Badge tone="accent">{t("info.loyalty.badge")}</Badge>
        </h2>
        <p className="mt-1 text-sm text-pretty text-fg-muted">{t("info.loyalty.description")}</p>
      </div>
    </section>
  );
}
