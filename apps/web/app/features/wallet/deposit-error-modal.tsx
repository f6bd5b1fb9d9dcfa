import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useTranslation } from "react-i18next";
import { ResultLoading, ResultMissing, ResultView } from "./deposit-result-view.tsx";
import { useResultInvoice } from "./deposit-result.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";

type FailureKey = "declined" | "cancelled" | "expired" | "other";

export function failureKey(reason: Invoice["failureReason"]): FailureKey {
  return reason === "declined" || reason === "cancelled" || reason === "expired" ? reason : "other";
}

/** Spec 2.4 deposit-error: why the deposit failed, another try, and support. */
export default function DepositErrorModal(_: ModalContentProps) {
  const { t } = useTranslation("wallet");
  const { invoice, loading, failed, retry } = useResultInvoice();
  if (loading) return <ResultLoading />;
  if (!invoice) return <ResultMissing failed={failed} retry={retry} />;
  return (
    <ResultView
      invoice={invoice}
      headline={t("result.failed.title")}
      description={<p data-failure-reason={invoice.failureReason ?? ""}>{t(`result.failed.reasons.${failureKey(invoice.failureReason)}`)}</p>}
      actions={
        <>
          <ModalLink modal="wallet" value="deposit" className={buttonClassName({ variant: "accent", className: "flex-1" })}>
            {t("result.failed.tryAgain")}
          </ModalLink>
          <LocalizedLink to="/support" className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
            {t("alerts.contactSupport")}
          </LocalizedLink>
        </>
      }
    />
  );
}
