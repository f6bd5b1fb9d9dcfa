import { LIMIT_PERIODS } from "@playfair/contracts/player/limits";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { readLimitDraft } from "./limit-draft.ts";
import { useLimitMoney } from "./limit-format.tsx";
import { formatLimitAmountInput, limitAmountInputText, parseLimitAmount } from "./limit-logic.ts";
import { LimitMissing, LimitNote, LimitPeriodField } from "./limit-parts.tsx";
import { useLimitLabel } from "./limit-row.tsx";
import { useOpenLimitModal } from "./use-limit-modal.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/input.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/**
 * Spec 2.4 edit-limit: a new amount (and, if wanted, another period) for one limit. Nothing is
 * saved here: confirm-limit-update shows when the change would take effect and saves it.
 */
export default function EditLimitModal({ close }: ModalContentProps) {
  const { t, i18n } = useTranslation("limits");
  const money = useLimitMoney();
  const labelOf = useLimitLabel();
  const openLimitModal = useOpenLimitModal();
  const [draft] = useState(readLimitDraft);
  const limit = draft.limit;
  const [period, setPeriod] = useState<number>(draft.next?.period ?? limit?.period ?? LIMIT_PERIODS[0]!);
  const [amount, setAmount] = useState(() => {
    const stored = draft.next?.amount ?? limit?.amount;
    return stored && limit?.currency ? limitAmountInputText(stored, money.decimalsOf(limit.currency), i18n.language) : "";
  });
  const [amountError, setAmountError] = useState<string | null>(null);

  if (!limit || limit.amount === null || limit.currency === null) {
    return <LimitMissing close={close} />;
  }
  const currency = limit.currency;
  const decimals = money.decimalsOf(currency);

  function review(event: FormEvent) {
    event.preventDefault();
    if (!limit) return;
    const parsed = parseLimitAmount(amount, decimals, i18n.language);
    if (!parsed.ok) {
      setAmountError(parsed.problem === "decimals" ? t("errors.amountDecimals", { decimals }) : parsed.problem === "format" ? t("errors.amountFormat") : t("errors.amount"));
      return;
    }
    openLimitModal("confirm-limit-update", { limit, next: { amount: parsed.amount, period } });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={review} noValidate data-edit-limit-form="">
      <div className="rounded-xl border border-border bg-surface-muted/60 p-4">
        <p className="text-sm font-semibold text-fg">{labelOf(limit)}</p>
        <p className="mt-0.5 text-sm text-fg-muted" dir="auto">
          {t("form.current", { amount: money.format(limit.amount, currency) })}
        </p>
      </div>
      <div className="grid gap-4 xs:grid-cols-2">
        <LimitPeriodField value={period} onChange={setPeriod} />
        <Field label={t("form.amount")} hint={t("form.amountHint", { currency, decimals })} error={amountError ?? undefined}>
          {(attributes) => (
            <Input
              {...attributes}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={amount}
              onChange={(event) => setAmount(formatLimitAmountInput(event.target.value, decimals, i18n.language))}
            />
          )}
        </Field>
      </div>
      <LimitNote>
        {t("page.ruleNow")} {t("page.ruleLater")}
      </LimitNote>
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" data-edit-limit-submit="">
          {t("form.review")}
        </Button>
      </div>
    </form>
  );
}
