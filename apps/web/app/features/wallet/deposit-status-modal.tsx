import { useTranslation } from "react-i18next";
import { failureKey } from "./deposit-error-modal.tsx";
import { ResultLoading, ResultMissing, ResultView } from "./deposit-result-view.tsx";
import { useResultInvoice } from "./deposit-result.ts";
import { formatDateTime } from "./wallet-format.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/**
 * Spec 2.4 deposit-status: where the latest deposit stands (spec 4: 1 pending, 2 success, 3
 * failed; and 4, cancelled by the player); it changes in place when the realtime update arrives.
 */
export default function DepositStatusModal({ close }: ModalContentProps) {
  const { t, i18n } = useTranslation("wallet");
  const { invoice, loading, failed, retry } = useResultInvoice();
  if (loading) return <ResultLoading />;
  if (!invoice) return <ResultMissing failed={failed} retry={retry} />;
  const headline =
    invoice.status === 2 ? t("result.success.title") : invoice.status === 3 ? t("result.failed.title") : invoice.status === 4 ? t("result.cancelled.title") : t("result.pending.title");
  return (
    <ResultView
      invoice={invoice}
      headline={headline}
      description={
        <>
          <p>
            {invoice.status === 1
              ? t("result.pending.description")
              : invoice.status === 2
                ? t("result.success.description")
                : invoice.status === 4
                  ? t("result.cancelled.description")
                  : t(`result.failed.reasons.${failureKey(invoice.failureReason)}`)}
          </p>
          <p className="mt-1 text-xs text-fg-subtle">{t("result.createdAt", { date: formatDateTime(invoice.createdAt, i18n.language) })}</p>
        </>
      }
      actions={
        <>
          <LocalizedLink to="/wallet/history?tab=invoices" className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
            {t("result.history")}
          </LocalizedLink>
          <Button variant="ghost" className="flex-1" onClick={close}>
            {t("common.close")}
          </Button>
        </>
      }
    />
  );
}
