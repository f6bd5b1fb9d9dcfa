import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResultLoading, ResultMissing } from "./deposit-result-view.tsx";
import { rememberInvoice, useDepositToCancel } from "./invoice-store.ts";
import { refreshAccountsUnlessLive, useMoneyFormat, usePlayerId } from "./use-wallet.ts";
import { declineInvoice, fetchInvoices, NO_INVOICE_FILTERS, paymentQueryKeys } from "./wallet-api.ts";
import { formatDateTime } from "./wallet-format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { LimitProblem } from "#app/features/limits/limit-parts.tsx";
import { LIMITS_QUERY_KEY } from "#app/features/limits/limits-api.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

/**
 * The spec's cancel deposit modal: the player ends a pending deposit (the invoice decline call),
 * so its amount stops counting against the deposit limit. The deposit is the one whose button
 * opened the modal, else (a reload, a link) the player's newest pending deposit.
 */
export default function CancelDepositModal({ close }: ModalContentProps) {
  const chosen = useDepositToCancel();
  const playerId = usePlayerId() ?? "";
  const newest = useQuery({
    queryKey: [...paymentQueryKeys.invoices(playerId), "newest-pending-deposit"],
    queryFn: async ({ signal }) => (await fetchInvoices({ ...NO_INVOICE_FILTERS, type: "1", status: "1" }, 1, signal, 1)).data[0] ?? null,
    enabled: chosen === null && playerId !== "",
  });
  if (chosen) return <CancelDeposit invoice={chosen} close={close} />;
  if (newest.isPending) return <ResultLoading />;
  if (!newest.data) return <NothingToCancel failed={newest.isError} retry={() => void newest.refetch()} close={close} />;
  return <CancelDeposit invoice={newest.data} close={close} />;
}

function NothingToCancel({ failed, retry, close }: { failed: boolean; retry: () => void; close: () => void }) {
  const { t } = useTranslation("wallet");
  if (failed) return <ResultMissing failed retry={retry} />;
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" data-cancel-deposit-none="">
      <p role="status" className="text-fg-muted">
        {t("cancelDeposit.none")}
      </p>
      <Button variant="secondary" onClick={close}>
        {t("common.close")}
      </Button>
    </div>
  );
}

function CancelDeposit({ invoice, close }: { invoice: Invoice; close: () => void }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const queryClient = useQueryClient();
  const playerId = usePlayerId() ?? "";
  const [problem, setProblem] = useState<string | null>(null);
  const sum = money(invoice.amount, invoice.currency);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) }), queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY })]);
  const cancel = useMutation({
    mutationFn: () => declineInvoice(invoice.id),
    onSuccess: async (cancelled) => {
      rememberInvoice(cancelled);
      // The one confirmation of the cancellation: the invoice update it causes has no alert (status 4).
      showAlert({ kind: "success", title: t("cancelDeposit.done"), description: t("cancelDeposit.doneDescription", { sum }) });
      refreshAccountsUnlessLive(queryClient, playerId);
      await refresh();
      close();
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.sessionEnded) return;
      setProblem(isApiRequestError(error) && error.status === 409 ? t("cancelDeposit.ended") : t("errors.tryAgain"));
      void refresh();
    },
  });

  if (invoice.status !== 1) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" data-cancel-deposit-ended={invoice.status}>
        <p role="status" className="text-fg-muted">
          {invoice.status === 4 ? t("result.cancelled.description") : t("cancelDeposit.ended")}
        </p>
        <Button variant="secondary" onClick={close}>
          {t("common.close")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-cancel-deposit={invoice.id}>
      <p className="font-display text-2xl font-extrabold" data-cancel-deposit-sum="">
        <span dir="ltr">{money(invoice.amount, invoice.currency)}</span>
      </p>
      <p className="text-pretty text-fg-muted">{t("cancelDeposit.description", { sum })}</p>
      <p className="text-sm text-pretty text-fg-subtle">{t("cancelDeposit.alreadyPaid")}</p>
      <p className="text-xs text-fg-subtle">
        {t("pending.number", { number: invoice.number })} · {formatDateTime(invoice.createdAt, i18n.language)}
      </p>
      <LimitProblem problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
          {t("history.invoices.keep")}
        </Button>
        <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-cancel-deposit-submit="">
          {t("cancelDeposit.confirm")}
        </Button>
      </div>
    </div>
  );
}
