import { isZero } from "@playfair/contracts/money";
import type { Limit } from "@playfair/contracts/player/limits";
import { Trans, useTranslation } from "react-i18next";
import { useOpenLimitModal } from "./use-limit-modal.ts";
import { definitionKey, LimitTime, periodKey, useLimitMoney } from "./limit-format.tsx";
import { depositUse, usedPercent } from "./limit-logic.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

/** "Daily deposit limit": the name a row, a button and a modal use for one limit. */
export function useLimitLabel() {
  const { t } = useTranslation("limits");
  return (limit: Pick<Limit, "definition" | "period">) =>
    t("row.label", { period: t(`periodsInline.${periodKey(limit.period)}`), name: t(`definitions.${definitionKey(limit.definition)}.name`) });
}

/** One bet, loss or deposit limit: the amount in force, what the period has used, a pending change, and its actions. */
export function LimitRow({ limit }: { limit: Limit }) {
  const { t } = useTranslation("limits");
  const money = useLimitMoney();
  const labelOf = useLimitLabel();
  const openLimitModal = useOpenLimitModal();
  const currency = limit.currency ?? "";
  const amount = limit.amount ? money.format(limit.amount, currency) : "";
  const percent = usedPercent(limit);
  // Pending deposits hold room until they are paid, cancelled or expire: shown apart from completed ones.
  const split = depositUse(limit);
  const reserved = split && !isZero(split.reserved) ? split : null;
  const completedPercent = reserved ? Math.min(percent, usedPercent({ amount: limit.amount, used: reserved.completed })) : percent;
  const label = labelOf(limit);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-border bg-surface p-4" data-limit-id={limit.id} data-limit-period={periodKey(limit.period)}>
      <div className="min-w-0 flex-1 basis-60">
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t(`periods.${periodKey(limit.period)}`)}</p>
        <p className="mt-0.5 font-display text-xl font-bold tracking-tight text-fg" dir="ltr" data-limit-amount="">
          <bdi>{amount}</bdi>
        </p>
        {limit.used !== null && limit.amount ? (
          <div className="mt-2.5">
            <div className="flex h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
              <div className={cx("h-full", percent >= 100 ? "bg-error" : percent >= 80 ? "bg-attention" : "bg-brand")} style={{ width: `${completedPercent}%` }} />
              {reserved ? <div className="h-full bg-attention/45" style={{ width: `${percent - completedPercent}%` }} data-limit-reserved-bar="" /> : null}
            </div>
            <p className="mt-1.5 text-sm text-fg-muted" data-limit-used="">
              {reserved
                ? t("row.usedWithReserved", { completed: money.format(reserved.completed, currency), reserved: money.format(reserved.reserved, currency), amount })
                : t("row.used", { used: money.format(limit.used, currency), amount })}
              {limit.periodEndsAt ? (
                <>
                  {" · "}
                  <Trans t={t} i18nKey="row.resets" components={{ time: <LimitTime at={limit.periodEndsAt} /> }} />
                </>
              ) : null}
            </p>
            {reserved ? (
              <p className="mt-1 text-sm">
                <LocalizedLink to="/wallet/history?tab=invoices&type=1&status=1" className="font-semibold text-brand-fg underline-offset-4 hover:underline" data-limit-pending-deposits="">
                  {t("row.pendingDeposits")}
                </LocalizedLink>
              </p>
            ) : null}
          </div>
        ) : null}
        {limit.pendingChange ? (
          <p className="mt-2 flex flex-wrap items-center gap-1.5 text-sm" data-limit-pending={limit.pendingChange.kind}>
            <Badge tone={limit.pendingChange.kind === "remove" ? "attention" : "brand"}>{t(limit.pendingChange.kind === "remove" ? "row.endingBadge" : "row.pendingBadge")}</Badge>
            <span className="text-fg-muted">
              {limit.pendingChange.kind === "increase" && limit.pendingChange.amount ? (
                <Trans t={t} i18nKey="row.pendingIncrease" values={{ amount: money.format(limit.pendingChange.amount, currency) }} components={{ time: <LimitTime at={limit.pendingChange.effectiveAt} className="font-medium text-fg" /> }} />
              ) : (
                <Trans t={t} i18nKey="row.pendingRemoval" components={{ time: <LimitTime at={limit.pendingChange.effectiveAt} className="font-medium text-fg" /> }} />
              )}
            </span>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button variant="secondary" size="sm" aria-label={t("row.editLabel", { label })} onClick={() => openLimitModal("edit-limit", { limit })} data-limit-edit="">
          {t("row.edit")}
        </Button>
        {limit.pendingChange?.kind === "remove" ? null : (
          <Button variant="ghost" size="sm" aria-label={t("row.deleteLabel", { label })} onClick={() => openLimitModal("confirm-delete-limit", { limit })} data-limit-delete="">
            {t("row.delete")}
          </Button>
        )}
      </div>
    </li>
  );
}
