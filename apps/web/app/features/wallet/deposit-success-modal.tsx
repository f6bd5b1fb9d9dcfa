import { useTranslation } from "react-i18next";
import { ResultLoading, ResultMissing, ResultView } from "./deposit-result-view.tsx";
import { useResultInvoice } from "./deposit-result.ts";
import { useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/** Spec 2.4 deposit-success: the deposit arrived; the account's new balance and where to go next. */
export default function DepositSuccessModal(_: ModalContentProps) {
  const { t } = useTranslation("wallet");
  const { invoice, loading, failed, retry } = useResultInvoice();
  const accounts = useWalletAccounts();
  const { money } = useMoneyFormat();
  if (loading) return <ResultLoading />;
  if (!invoice) return <ResultMissing failed={failed} retry={retry} />;
  const account = accounts.data?.find((entry) => entry.currency === invoice.currency);
  const success = invoice.status === 2;
  return (
    <ResultView
      invoice={invoice}
      headline={
        success ? t("result.success.title") : invoice.status === 1 ? t("result.pending.title") : invoice.status === 4 ? t("result.cancelled.title") : t("result.failed.title")
      }
      description={
        success && account ? (
          <p data-new-balance="">{t("result.success.balance", { balance: money(account.balance, account.currency) })}</p>
        ) : (
          <p>{success ? t("result.success.description") : t("result.pending.description")}</p>
        )
      }
      actions={
        <>
          <LocalizedLink to="/games" className={buttonClassName({ variant: "accent", className: "flex-1" })}>
            {t("result.success.play")}
          </LocalizedLink>
          <LocalizedLink to="/wallet" className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
            {t("alerts.openWallet")}
          </LocalizedLink>
        </>
      }
    />
  );
}
