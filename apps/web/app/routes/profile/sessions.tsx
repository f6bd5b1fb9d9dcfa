import type { SessionView } from "@playfair/contracts/player/sessions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/sessions";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { requestConfirmation } from "#app/features/modals/confirmation-store.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { LoadFailedState } from "#app/features/profile/load-failed-state.tsx";
import { closeOtherSessions, fetchSessions, profileQueryKeys } from "#app/features/profile/profile-api.ts";
import { showErrorAlert } from "#app/features/profile/profile-errors.ts";
import { ShieldCheckIcon, SignOutIcon } from "#app/features/profile/profile-icons.tsx";
import { ProfileSection } from "#app/features/profile/profile-section.tsx";
import { orderSessions } from "#app/features/profile/session-display.ts";
import { rememberSessionLogoutTarget } from "#app/features/profile/session-logout-target.ts";
import { SessionSummary, useSessionTitle } from "#app/features/profile/session-summary.tsx";
import { Pager } from "#app/features/wallet/pager.tsx";
import { DevicesIcon } from "#app/components/page-icons.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSessions");

/** The devices signed in to the account (spec 7: GET /api/player/sessions), with ways to close them. */
export default function ProfileSessions() {
  const { t } = useTranslation("profile");
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: profileQueryKeys.sessionsPage(page),
    queryFn: ({ signal }) => fetchSessions(page, signal),
    placeholderData: keepPreviousData,
  });
  const closeOthers = useMutation({
    mutationFn: closeOtherSessions,
    onSuccess: () => {
      showAlert({ kind: "success", title: t("sessions.closeOthers.done") });
      setPage(1);
      return queryClient.invalidateQueries({ queryKey: profileQueryKeys.sessions });
    },
    onError: (error) => showErrorAlert(t, error),
  });

  const meta = sessions.data?.meta;
  const others = meta ? meta.totalRows - 1 : 0;

  async function confirmCloseOthers() {
    const confirmed = await requestConfirmation({
      title: t("sessions.closeOthers.confirmTitle"),
      description: t("sessions.closeOthers.confirmDescription"),
      confirmLabel: t("sessions.closeOthers.confirm"),
      tone: "danger",
    });
    if (confirmed) closeOthers.mutate();
  }

  return (
    <ProfileSection
      icon={<DevicesIcon />}
      title={t("sessions.title")}
      description={t("sessions.description")}
      data-profile-sessions=""
      action={
        others > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => void confirmCloseOthers()} disabled={closeOthers.isPending}>
            <SignOutIcon className="size-4" />
            {t("sessions.closeOthers.action")}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <SessionListSkeleton />
      ) : sessions.isError ? (
        <LoadFailedState onRetry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <EmptyState size="inline" headingLevel={3} title={t("sessions.empty.title")} description={t("sessions.empty.description")} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-busy={sessions.isFetching} data-session-list="">
            {orderSessions(sessions.data.data).map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {meta && meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={setPage} className="mt-5" text={(part, values) => t(`sessions.pagination.${part}`, values)} /> : null}
          <p className="mt-5 flex items-start gap-2.5 rounded-lg bg-surface-muted px-4 py-3 text-sm text-fg-muted">
            <ShieldCheckIcon className="mt-0.5 size-[1.125rem] shrink-0 text-brand-fg" />
            <span>{t("sessions.securityTip")}</span>
          </p>
        </>
      )}
    </ProfileSection>
  );
}

function SessionItem({ session }: { session: SessionView }) {
  const { t } = useTranslation("profile");
  const { openModal } = useModal();
  const title = useSessionTitle(session);
  return (
    <li
      data-session-id={session.id}
      data-current={session.isCurrent ? "" : undefined}
      className={
        session.isCurrent
          ? "rounded-xl border border-brand/30 bg-brand-soft/40 p-4"
          : "rounded-xl border border-border bg-surface p-4 transition-colors hover:border-border-strong"
      }
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <SessionSummary session={session} className="min-w-0 flex-1 basis-64" />
        <Button
          variant={session.isCurrent ? "ghost" : "secondary"}
          size="sm"
          className="ms-[3.875rem] xs:ms-0"
          aria-label={t("sessions.closeLabel", { device: title })}
          onClick={() => {
            rememberSessionLogoutTarget(session);
            openModal("confirm-session-logout");
          }}
        >
          <SignOutIcon className="size-4" />
          {session.isCurrent ? t("sessions.signOutHere") : t("sessions.close")}
        </Button>
      </div>
    </li>
  );
}

function SessionListSkeleton() {
  const { t } = useTranslation("profile");
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{t("common.loading")}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex items-center gap-3.5 rounded-xl border border-border p-4">
          <Skeleton className="size-12 rounded-xl" />
          <div className="flex-1">
            <Skeleton shape="text" className="w-48 max-w-full" />
            <Skeleton shape="text" className="mt-3 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
