import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { ClockIcon } from "../wallet-pieces.tsx";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

/** A withdrawal's state: held for review, paid, not paid out (rejected or failed) or cancelled by the player. */
export function WithdrawalScreen({ invoice, close, onAnother }: { invoice: Invoice; close: () => void; onAnother: () => void }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const sum = money(invoice.amount, invoice.currency);
  const state = invoice.status === 1 ? "requested" : invoice.status === 2 ? "paid" : invoice.status === 4 ? "cancelled" : "failed";
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-withdrawal-invoice={invoice.id} data-invoice-status={invoice.status}>
      <span
        aria-hidden="true"
        className={cx(
          "grid size-14 place-items-center rounded-full",
          state === "failed" ? "bg-error-soft text-error" : state === "paid" ? "bg-success-soft text-success" : state === "cancelled" ? "bg-surface-muted text-fg-muted" : "bg-attention-soft text-attention",
        )}
      >
        {state === "requested" ? <ClockIcon className="size-7" /> : state === "failed" ? <CloseIcon className="size-7" /> : <CheckIcon className="size-7" />}
      </span>
      <p className="font-display text-xl font-bold" role="status">
        {state === "requested"
          ? t("pending.withdrawal.requested")
          : state === "paid"
            ? t("pending.withdrawal.paid")
            : state === "cancelled"
              ? t("pending.withdrawal.cancelled")
              : t("pending.withdrawal.failed")}
      </p>
      <p className="font-display text-2xl font-extrabold">
        <span dir="ltr">{sum}</span>
      </p>
      <p className="text-sm text-pretty text-fg-muted">
        {state === "requested"
          ? t("pending.withdrawal.heldDescription")
          : state === "paid"
            ? t("pending.withdrawal.paidDescription")
            : state === "cancelled"
              ? t("pending.withdrawal.cancelledDescription")
              : t("pending.withdrawal.failedDescription")}
      </p>
      <p className="text-xs text-fg-subtle">{t("pending.number", { number: invoice.number })}</p>
      <div className="flex w-full flex-wrap gap-2">
        <LocalizedLink to="/wallet/history?tab=invoices" className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
          {t("pending.withdrawal.history")}
        </LocalizedLink>
        <Button variant="ghost" className="flex-1" onClick={invoice.status === 1 ? close : onAnother}>
          {invoice.status === 1 ? t("common.done") : t("pending.another")}
        </Button>
      </div>
    </div>
  );
}
