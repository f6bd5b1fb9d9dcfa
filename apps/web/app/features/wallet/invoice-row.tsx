// One invoice of the wallet history: amount, method, status, and the cancel action of a pending
// withdrawal (confirmed here) or a pending deposit (the cancel-deposit modal).
import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { catalogueText } from "./catalogue-text.ts";
import { CancelDepositButton } from "./cancel-deposit-button.tsx";
import { declineInvoice, paymentQueryKeys } from "./wallet-api.ts";
import { formatDateTime } from "./wallet-format.ts";
import { ArrowDownIcon, ArrowUpIcon } from "./wallet-pieces.tsx";
import { refreshAccountsUnlessLive, useMoneyFormat, usePlayerId } from "./use-wallet.ts";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { requestConfirmation } from "#app/features/modals/confirmation-store.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";

// A cancellation is the player's own choice, not a failure: a neutral badge, the amount not struck through.
const STATUS_TONES: Record<Invoice["status"], BadgeTone> = { 1: "attention", 2: "success", 3: "error", 4: "neutral" };
const STATUS_KEYS = { 1: "pending", 2: "success", 3: "failed", 4: "cancelled" } as const;

/** "sandbox.deposit.crypto-btc" -> "crypto-btc": the kind names the way of paying. */
function methodKind(methodCode: string): string {
  return methodCode.split(".")[2] ?? methodCode;
}

export function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const queryClient = useQueryClient();
  const playerId = usePlayerId() ?? "";
  const deposit = invoice.type === 1;
  const kind = methodKind(invoice.methodCode);
  const methodName = catalogueText(i18n, `methods.${kind}`, kind);
  const decline = useMutation({
    mutationFn: () => declineInvoice(invoice.id),
    onSuccess: () => {
      showAlert({ kind: "success", title: t("history.invoices.declined"), description: t("history.invoices.declinedDescription", { sum: money(invoice.amount, invoice.currency) }) });
      refreshAccountsUnlessLive(queryClient, playerId);
      return queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.sessionEnded) return;
      showAlert({ kind: "error", title: t("history.invoices.declineFailed"), description: t("errors.tryAgain") });
      void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    },
  });
  async function confirmDecline() {
    const confirmed = await requestConfirmation({
      title: t("history.invoices.declineTitle"),
      description: t("history.invoices.declineDescription", { sum: money(invoice.amount, invoice.currency) }),
      confirmLabel: t("history.invoices.decline"),
      cancelLabel: t("history.invoices.keep"),
      tone: "danger",
    });
    if (confirmed) decline.mutate();
  }
  return (
    // A grid, not a wrapping row: however the labels wrap (long German words, a method name) the
    // amount keeps its own column at the end, so amounts line up from row to row.
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 xs:items-center xs:gap-x-4"
      data-invoice-row={invoice.id}
      data-invoice-type={invoice.type}
      data-invoice-status={invoice.status}
    >
      <span
        aria-hidden="true"
        className={cx("grid size-10 shrink-0 place-items-center rounded-full", deposit ? "bg-success-soft text-success" : "bg-brand-soft text-brand-fg")}
      >
        {deposit ? <ArrowDownIcon className="size-5" /> : <ArrowUpIcon className="size-5" />}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-pretty break-words">
          {deposit ? t("history.invoices.deposit") : t("history.invoices.withdrawal")}
          <span className="font-normal text-fg-muted"> · {methodName}</span>
        </p>
        <p className="text-xs text-fg-subtle">
          {formatDateTime(invoice.createdAt, i18n.language)} · {t("pending.number", { number: invoice.number })}
        </p>
      </div>
      {/* Up to half the row: a long crypto amount breaks between digits rather than pushing the labels out. */}
      <div className="flex max-w-[min(50vw,16rem)] flex-col items-end text-end" data-invoice-amount="">
        <p className={cx("font-semibold tabular-nums [overflow-wrap:anywhere]", invoice.status === 3 && "text-fg-muted line-through decoration-1", invoice.status === 4 && "text-fg-muted")}>
          <span dir="ltr">{`${deposit ? "+" : "−"}${money(invoice.amount, invoice.currency)}`}</span>
        </p>
        <Badge tone={STATUS_TONES[invoice.status]} className="mt-0.5">
          {t(`history.status.${STATUS_KEYS[invoice.status]}`)}
        </Badge>
      </div>
      {!deposit && invoice.status === 1 ? (
        <div className="col-span-full flex justify-end border-t border-border pt-2">
          <Button variant="secondary" size="sm" disabled={decline.isPending} onClick={() => void confirmDecline()} data-decline-withdrawal="">
            {t("history.invoices.decline")}
          </Button>
        </div>
      ) : null}
      {deposit && invoice.status === 1 ? (
        <div className="col-span-full flex justify-end border-t border-border pt-2">
          <CancelDepositButton invoice={invoice} variant="secondary" />
        </div>
      ) : null}
    </li>
  );
}
