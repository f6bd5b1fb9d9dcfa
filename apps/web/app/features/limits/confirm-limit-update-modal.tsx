import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { forgetLimitDraft, readLimitDraft } from "./limit-draft.ts";
import { limitErrorText } from "./limit-errors.ts";
import { formatLimitDateTime, LimitTime, useLimitMoney } from "./limit-format.tsx";
import { changeTiming } from "./limit-logic.ts";
import { LimitNote, LimitProblem } from "./limit-parts.tsx";
import { useLimitLabel } from "./limit-row.tsx";
import { LIMITS_QUERY_KEY, updateLimit } from "./limits-api.ts";
import { useOpenLimitModal } from "./use-limit-modal.ts";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/**
 * Spec 2.4 confirm-limit-update: the change edit-limit prepared, with when it takes effect (P1:
 * a decrease at once, an increase after 24 hours, with the date and time), then PUT.
 */
export default function ConfirmLimitUpdateModal({ close }: ModalContentProps) {
  const { t, i18n } = useTranslation("limits");
  const queryClient = useQueryClient();
  const money = useLimitMoney();
  const labelOf = useLimitLabel();
  const openLimitModal = useOpenLimitModal();
  const [draft] = useState(readLimitDraft);
  const [now] = useState(() => new Date());
  const [problem, setProblem] = useState<string | null>(null);
  const { limit, next } = draft;

  const save = useMutation({
    mutationFn: () => updateLimit(limit!.id, { amount: next!.amount, period: next!.period }),
    onSuccess: async (saved) => {
      forgetLimitDraft();
      const pending = saved.pendingChange?.kind === "increase" ? saved.pendingChange : null;
      showAlert({ kind: "success", title: pending ? t("update.savedLater", { time: formatLimitDateTime(new Date(pending.effectiveAt), i18n.language) }) : t("update.saved") });
      await queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
      close();
    },
    onError: (error) => setProblem(limitErrorText(t, error, limit?.currency ? money.decimalsOf(limit.currency) : 2)),
  });

  if (!limit || !next || limit.amount === null || limit.currency === null) {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-[0.9375rem] text-fg-muted">{t("update.missing")}</p>
        <Button variant="secondary" onClick={close} className="w-full xs:w-auto xs:self-end">
          {t("form.cancel")}
        </Button>
      </div>
    );
  }
  const currency = limit.currency;
  const timing = changeTiming(limit, next, now);
  const oldLabel = labelOf(limit);
  const newLabel = labelOf({ definition: limit.definition, period: next.period });

  return (
    <div className="flex flex-col gap-4" data-confirm-limit-update={timing.kind}>
      <dl className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-surface-muted/60 p-4">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("update.from")}</dt>
          <dd className="mt-0.5 text-sm text-fg-muted">{oldLabel}</dd>
          <dd className="font-display text-lg font-bold text-fg" dir="ltr">
            <bdi>{money.format(limit.amount, currency)}</bdi>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("update.to")}</dt>
          <dd className="mt-0.5 text-sm text-fg-muted">{newLabel}</dd>
          <dd className="font-display text-lg font-bold text-brand-fg" dir="ltr">
            <bdi>{money.format(next.amount, currency)}</bdi>
          </dd>
        </div>
      </dl>
      <LimitNote tone={timing.kind === "later" ? "attention" : "neutral"}>
        <span data-limit-timing={timing.kind}>
          {timing.kind === "now" ? (
            t("update.now")
          ) : timing.kind === "later" ? (
            <Trans t={t} i18nKey="update.later" values={{ amount: money.format(limit.amount, currency) }} components={{ time: <LimitTime at={timing.effectiveAt} className="font-semibold" /> }} />
          ) : (
            <Trans t={t} i18nKey="update.newPeriod" values={{ newLabel, oldLabel }} components={{ time: <LimitTime at={timing.oldEndsAt} className="font-semibold" /> }} />
          )}
        </span>
      </LimitNote>
      <LimitProblem problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={() => openLimitModal("edit-limit", { limit, next })} disabled={save.isPending}>
          {t("form.back")}
        </Button>
        <Button onClick={() => save.mutate()} disabled={save.isPending} data-confirm-limit-update-submit="">
          {t("update.confirm")}
        </Button>
      </div>
    </div>
  );
}
