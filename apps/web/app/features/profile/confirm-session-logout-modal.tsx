import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProblemNote } from "./problem-note.tsx";
import { closeSession, profileQueryKeys } from "./profile-api.ts";
import { errorAlertText, isHandledSessionError } from "./profile-errors.ts";
import { forgetSessionLogoutTarget, readSessionLogoutTarget } from "./session-logout-target.ts";
import { SessionSummary } from "./session-summary.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { signOut } from "#app/features/session/session-store.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

/**
 * Asks before closing one session (spec 2.4 confirm-session-logout). The sessions page names the
 * session (session-logout-target.ts); closing the session this browser uses signs the player out.
 */
export default function ConfirmSessionLogoutModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const [target] = useState(readSessionLogoutTarget);
  const [problem, setProblem] = useState<string | null>(null);

  const closeIt = useMutation({
    mutationFn: async () => {
      if (!target) return;
      try {
        await closeSession(target.id);
      } catch (error) {
        // Already closed elsewhere: the result the player wanted.
        if (!(isApiRequestError(error) && error.status === 404)) throw error;
      }
    },
    onSuccess: async () => {
      forgetSessionLogoutTarget();
      if (target?.isCurrent) {
        await signOut();
        return;
      }
      showAlert({ kind: "success", title: t("sessions.closed") });
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.sessions });
      close();
    },
    onError: (error) => {
      if (isHandledSessionError(error)) return;
      const text = errorAlertText(t, error);
      setProblem(text.description ?? text.title);
    },
  });

  if (!target) {
    return (
      <div className="flex flex-col gap-5" data-session-logout="">
        <p className="text-[0.9375rem] text-fg-muted">{t("sessionLogout.missing")}</p>
        <Button variant="secondary" onClick={close} className="w-full xs:w-auto xs:self-end">
          {t("common.close")}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5" data-session-logout="">
      <p className="text-[0.9375rem] text-pretty text-fg-muted">
        {target.isCurrent ? t("sessionLogout.currentDescription") : t("sessionLogout.description")}
      </p>
      <SessionSummary session={target} className="rounded-xl border border-border bg-surface-muted/60 p-4" />
      <ProblemNote problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={closeIt.isPending}>
          {t("common.cancel")}
        </Button>
        <Button variant="danger" onClick={() => closeIt.mutate()} disabled={closeIt.isPending} data-confirm-session-logout="">
          {target.isCurrent ? t("sessionLogout.confirmCurrent") : t("sessionLogout.confirm")}
        </Button>
      </div>
    </div>
  );
}
