import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { forgetLimitDraft, readLimitDraft } from "./limit-draft.ts";
import { limitErrorText } from "./limit-errors.ts";
import { formatLimitDateTime, LimitTime, useLimitMoney } from "./limit-format.tsx";
import { removalTime } from "./limit-logic.ts";
import { LimitMissing, LimitNote, LimitProblem } from "./limit-parts.tsx";
import { useLimitLabel } from "./limit-row.tsx";
import { deleteLimit, LIMITS_QUERY_KEY } from "./limits-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/** Spec 2.4 confirm-delete-limit: a removal waits 24 hours (P1); the modal says until when the limit still holds. */
export default function ConfirmDeleteLimitModal({ close }: ModalContentProps) {
  const { t, i18n } = useTranslation("limits");
  const queryClient = useQueryClient();
  const money = useLimitMoney();
  const labelOf = useLimitLabel();
  const [{ limit }] = useState(readLimitDraft);
  const [now] = useState(() => new Date());
  const [problem, setProblem] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: () => deleteLimit(limit!.id),
    onSuccess: async (saved) => {
      forgetLimitDraft();
      const endsAt = saved.pendingChange?.effectiveAt ?? removalTime(saved, new Date()).toISOString();
      showAlert({ kind: "success", title: t("delete.done", { time: formatLimitDateTime(new Date(endsAt), i18n.language) }) });
      await queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
      close();
    },
    onError: (error) => setProblem(limitErrorText(t, error, 2)),
  });

  if (!limit || limit.amount === null || limit.currency === null) {
    return <LimitMissing close={close} />;
  }

  return (
    <div className="flex flex-col gap-4" data-confirm-delete-limit="">
      <LimitNote tone="attention">
        <Trans
          t={t}
          i18nKey="delete.description"
          values={{ label: labelOf(limit), amount: money.format(limit.amount, limit.currency) }}
          components={{ time: <LimitTime at={removalTime(limit, now)} className="font-semibold" /> }}
        />
      </LimitNote>
      <LimitProblem problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={remove.isPending}>
          {t("form.cancel")}
        </Button>
        <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending} data-confirm-delete-limit-submit="">
          {t("delete.confirm")}
        </Button>
      </div>
    </div>
  );
}
