import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { ClockIcon } from "../wallet-pieces.tsx";
import { CheckIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

/** A withdrawal's state: held for review, paid or cancelled. */
export function WithdrawalScreen({ invoice, close, onAnother }: { invoice: Invoice; close: () => void; onAnother: () => void }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const sum = money(invoice.amount, invoice.currency);
  const titleKey = invoice.status === 1 ? "pending.withdrawal.requested" : invoice.status === 2 ? "pending.withdrawal.paid" : "pending.withdrawal.cancelled";
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-withdrawal-invoice={invoice.id} data-invoice-status={invoice.status}>
      <span
        aria-hidden="true"
        className={cx(
          "grid size-14 place-items-center rounded-full",
          invoice.status === 3 ? "bg-error-soft text-error" : invoice.status === 2 ? "bg-success-soft text-success" : "bg-attention-soft text-attention",
        )}
      >
        {invoice.status === 1 ? <ClockIcon className="size-7" /> : <CheckIcon className="size-7" />}
      </span>
      <p className="font-display text-xl font-bold" role="status">
        {t(titleKey)}
      </p>
      <p className="font-display text-2xl font-extrabold">
        <span dir="ltr">{sum}</span>
      </p>
      <p className="text-sm text-pretty text-fg-muted">
        {invoice.status === 1 ? t("pending.withdrawal.heldDescription") : invoice.status === 2 ? t("pending.withdrawal.paidDescription") : t("pending.withdrawal.cancelledDescription")}
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
