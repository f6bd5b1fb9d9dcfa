// The deposit result modals' shared look: a status mark, the sum, a line of explanation, the
// invoice's number and the next steps.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon } from "./wallet-pieces.tsx";
import { useMoneyFormat } from "./use-wallet.ts";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cx } from "#app/lib/cx.ts";

function ResultMark({ status }: { status: Invoice["status"] }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "grid size-16 place-items-center rounded-full ring-8",
        status === 2 && "bg-success-soft text-success ring-success/10",
        status === 3 && "bg-error-soft text-error ring-error/10",
        status === 1 && "bg-attention-soft text-attention ring-attention/10",
        status === 4 && "bg-surface-muted text-fg-muted ring-border/40",
      )}
    >
      {status === 2 ? <CheckIcon className="size-8" /> : status === 3 ? <CloseIcon className="size-8" /> : <ClockIcon className="size-8" />}
    </span>
  );
}

export function ResultView({
  invoice,
  headline,
  description,
  actions,
}: {
  invoice: Invoice;
  headline: string;
  description: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <div className="flex flex-col items-center gap-3 pt-2 text-center" data-deposit-result={invoice.status} data-invoice-id={invoice.id}>
      <ResultMark status={invoice.status} />
      <p className="mt-2 font-display text-xl font-bold text-balance" role="status">
        {headline}
      </p>
      <p className="font-display text-3xl font-extrabold tracking-tight break-all" data-result-sum="">
        <span dir="ltr">{money(invoice.amount, invoice.currency)}</span>
      </p>
      <div className="text-sm text-pretty text-fg-muted">{description}</div>
      <p className="text-xs text-fg-subtle">{t("pending.number", { number: invoice.number })}</p>
      <div className="mt-2 flex w-full flex-col gap-2 xs:flex-row">{actions}</div>
    </div>
  );
}

export function ResultLoading() {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex flex-col items-center gap-3 py-4" aria-busy="true">
      <p className="sr-only">{t("common.loading")}</p>
      <Skeleton shape="circle" className="size-16" />
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-9 w-40" />
    </div>
  );
}

export function ResultMissing({ failed, retry }: { failed: boolean; retry: () => void }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p role={failed ? "alert" : "status"} className="text-fg-muted">
        {failed ? t("result.loadFailed") : t("result.none")}
      </p>
      {failed ? (
        <Button variant="secondary" onClick={retry}>
          {t("common.retry")}
        </Button>
      ) : null}
    </div>
  );
}
