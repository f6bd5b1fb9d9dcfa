import type { Profile } from "@playfair/contracts/player/profile";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/account";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { requestConfirmation } from "#app/features/modals/confirmation-store.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import {
  fetchSocialConnections,
  linkMessenger,
  profileQueryKeys,
  startSocialLink,
  unlinkSocial,
  type SocialConnections,
} from "#app/features/profile/profile-api.ts";
import { LoadFailedState } from "#app/features/profile/load-failed-state.tsx";
import { showErrorAlert } from "#app/features/profile/profile-errors.ts";
import { formatMemberSince } from "#app/features/profile/profile-format.ts";
import { KeyIcon, LinkIcon, LockIcon, TelegramIcon, VerifiedIcon } from "#app/features/profile/profile-icons.tsx";
import { ProfileSection } from "#app/features/profile/profile-section.tsx";
import { providerTone, socialRows, TELEGRAM, type SocialRow } from "#app/features/profile/social-connections.ts";
import { useProfileRefresh } from "#app/features/profile/use-profile-refresh.ts";
import { currentInitData } from "#app/features/session/messenger.ts";
import { isMessengerMode } from "#app/features/session/messenger-mode.ts";
import { socialRedirectUri } from "#app/features/accounts/social-buttons.tsx";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { localizePath } from "#app/lib/locale.ts";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { useProfile } from "#app/lib/session.tsx";
import { useHydrated } from "#app/features/modals/overlay-root.ts";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSettingsAccount");

/** Security settings: the password, linked sign-in providers and the Telegram link. */
export default function ProfileSettingsAccount() {
  const profile = useProfile();
  const connections = useQuery({ queryKey: profileQueryKeys.socialConnections, queryFn: ({ signal }) => fetchSocialConnections(signal) });
  if (!profile) return null;
  return (
    <div className="flex flex-col gap-5" data-profile-account="">
      <PasswordSection profile={profile} />
      <SocialSection query={connections} />
      <TelegramSection profile={profile} connections={connections.data} />
    </div>
  );
}

function PasswordSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  return (
    <ProfileSection
      icon={<KeyIcon />}
      title={t("account.password.title")}
      description={profile.hasPassword ? t("account.password.description") : t("account.password.noPassword")}
      data-password-section=""
      action={
        <ModalLink modal="change-pass" className={buttonClassName({ variant: profile.hasPassword ? "secondary" : "primary", size: "sm" })}>
          <LockIcon className="size-4" />
          {profile.hasPassword ? t("account.password.change") : t("account.password.set")}
        </ModalLink>
      }
    />
  );
}

type ConnectionsQuery = ReturnType<typeof useQuery<SocialConnections>>;

function SocialSection({ query }: { query: ConnectionsQuery }) {
  const { t } = useTranslation("profile");
  const rows = query.data ? socialRows(query.data) : [];
  return (
    <ProfileSection icon={<LinkIcon />} title={t("account.social.title")} description={t("account.social.description")} data-social-section="">
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">{t("common.loading")}</span>
          {[0, 1].map((index) => (
            <div key={index} className="flex items-center gap-3.5 rounded-xl border border-border p-4">
              <Skeleton className="size-10 rounded-lg" />
              <Skeleton shape="text" className="w-40" />
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailedState illustration={null} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-surface-muted px-4 py-3 text-sm text-fg-muted">{t("account.social.none")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <SocialItem key={row.socialType} row={row} />
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

function SocialItem({ row }: { row: SocialRow }) {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { reloadProfile } = useProfileRefresh();
  const link = useMutation({
    mutationFn: () =>
      startSocialLink(row.socialType, socialRedirectUri(window.location.origin, localizePath(`/auth/social/${encodeURIComponent(row.socialType)}/callback`, language))),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showErrorAlert(t, error),
  });
  const unlink = useMutation({
    mutationFn: () => unlinkSocial(row.socialType),
    onSuccess: async () => {
      showAlert({ kind: "success", title: t("account.social.unlinked", { provider: row.name }) });
      await queryClient.invalidateQueries({ queryKey: profileQueryKeys.socialConnections });
      await reloadProfile();
    },
    onError: (error) => {
      if (isApiRequestError(error) && (error.status === 409 || error.status === 422)) {
        showAlert({ kind: "error", title: t("account.social.unlinkRefused.title"), description: t("account.social.unlinkRefused.description") });
        return;
      }
      showErrorAlert(t, error);
    },
  });

  async function confirmUnlink() {
    const confirmed = await requestConfirmation({
      title: t("account.social.unlinkConfirm.title", { provider: row.name }),
      description: t("account.social.unlinkConfirm.description", { provider: row.name }),
      confirmLabel: t("account.social.unlink"),
      tone: "danger",
    });
    if (confirmed) unlink.mutate();
  }

  const connection = row.connection;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-border p-4" data-social={row.socialType} data-linked={connection ? "true" : "false"}>
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3.5">
        <span aria-hidden="true" className={cx("grid size-10 shrink-0 place-items-center rounded-lg font-display text-lg font-extrabold text-white", providerTone(row.socialType))}>
          {Array.from(row.name)[0]?.toLocaleUpperCase() ?? "?"}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
            {row.name}
            {connection ? (
              <Badge tone="success">
                <VerifiedIcon className="-ms-0.5 size-3.5" />
                {t("account.social.linked")}
              </Badge>
            ) : null}
          </p>
          <p className="mt-0.5 truncate text-sm text-fg-muted">
            {connection
              ? connection.email
                ? t("account.social.linkedAs", { email: connection.email })
                : t("account.social.linkedSince", { date: formatMemberSince(connection.createdAt, language) })
              : t("account.social.notLinked")}
          </p>
        </div>
      </div>
      {connection ? (
        <Button variant="secondary" size="sm" className="ms-[3.375rem] xs:ms-0" onClick={() => void confirmUnlink()} disabled={unlink.isPending}>
          {t("account.social.unlink")}
        </Button>
      ) : (
        <Button variant="primary" size="sm" className="ms-[3.375rem] xs:ms-0" onClick={() => link.mutate()} disabled={link.isPending}>
          {t("account.social.link")}
        </Button>
      )}
    </li>
  );
}

function TelegramSection({ profile, connections }: { profile: Profile; connections: SocialConnections | undefined }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const { reloadProfile } = useProfileRefresh();
  // Messenger mode is known only in the browser (the mini-app's launch data).
  const inMessenger = hydrated && isMessengerMode();
  const linked = profile.tgUserId !== null || Boolean(connections?.connections.some((connection) => connection.socialType === TELEGRAM));

  const link = useMutation({
    mutationFn: async () => {
      const initData = currentInitData();
      if (!initData) throw new Error("The Telegram launch data is missing");
      await linkMessenger(initData);
    },
    onSuccess: async () => {
      showAlert({ kind: "success", title: t("account.telegram.linkedAlert") });
      await queryClient.invalidateQueries({ queryKey: profileQueryKeys.socialConnections });
      await reloadProfile();
    },
    onError: (error) => showErrorAlert(t, error),
  });

  return (
    <ProfileSection
      icon={<TelegramIcon />}
      title={t("account.telegram.title")}
      description={linked ? t("account.telegram.linkedDescription") : t("account.telegram.description")}
      data-telegram-section=""
      data-linked={linked ? "true" : "false"}
      action={
        linked ? (
          <Badge tone="success" className="h-7 px-3">
            <VerifiedIcon className="-ms-0.5 size-4" />
            {t("account.telegram.linked")}
          </Badge>
        ) : inMessenger ? (
          <Button size="sm" onClick={() => link.mutate()} disabled={link.isPending}>
            <TelegramIcon className="size-4" />
            {t("account.telegram.link")}
          </Button>
        ) : (
          <Badge tone="neutral" className="h-7 px-3">
            {t("account.telegram.notLinked")}
          </Badge>
        )
      }
    >
      {linked ? (
        profile.tgUserId ? (
          <p className="rounded-lg bg-surface-muted px-4 py-3 text-sm text-fg-muted">
            {t("account.telegram.userId")}{" "}
            <span dir="ltr" className="font-mono font-semibold text-fg">
              {profile.tgUserId}
            </span>
          </p>
        ) : null
      ) : inMessenger ? null : (
        <ol className="grid gap-3 sm:grid-cols-3" aria-label={t("account.telegram.howTo")}>
          {(["open", "signIn", "link"] as const).map((step, index) => (
            <li key={step} className="flex gap-3 rounded-xl bg-surface-muted/70 p-4">
              <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand-fg ring-1 ring-brand/20">
                {index + 1}
              </span>
              <span className="text-sm text-fg-muted">
                <span className="block font-semibold text-fg">{t(`account.telegram.steps.${step}.title`)}</span>
                {t(`account.telegram.steps.${step}.text`)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </ProfileSection>
  );
}
