// The wallet modal's flow (spec 2.4 wallet, 4 "Wallet modal", 7, 8): pick the account, a payment
// method from the grouped list, fill in the amount, the method's required fields and, for a
// deposit, the bonus to take (the offers and an entered deposit code load as the modal opens, spec
// 7: ../bonus/), then follow the invoice: a final answer opens deposit-success or deposit-error, a pending one shows what the
// player must do next (a QR code and address, the provider's page, a cash agent's reference, or a
// held withdrawal) and waits for the realtime update.
//
// One screen per file here: account-chooser, payment-country, methods-area (the method list, or
// the form of the chosen method: payment-form), then invoice-screen (pending-deposit-screen or
// withdrawal-screen); use-payment-country keeps the country choice.
import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRememberedInvoice } from "../invoice-store.ts";
import { shownAccounts } from "../wallet-accounts.ts";
import { useWalletAccounts } from "../use-wallet.ts";
import { AccountChooser } from "./account-chooser.tsx";
import { InvoiceScreen } from "./invoice-screen.tsx";
import { MethodsArea } from "./methods-area.tsx";
import { PaymentCountry } from "./payment-country.tsx";
import { usePaymentCountry } from "./use-payment-country.ts";
import { DepositBonusPreload } from "../bonus/wallet-bonus-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

export function WalletFlow({ direction, close }: { direction: PaymentDirection; close: () => void }) {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [methodCode, setMethodCode] = useState<string | null>(null);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [country, chooseCountry] = usePaymentCountry();
  const invoice = useRememberedInvoice(invoiceId);

  if (accounts.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only">{t("common.loading")}</p>
        <Skeleton className="h-11" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (accounts.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p role="alert" className="text-fg-muted">
          {t("overview.loadFailed")}
        </p>
        <Button variant="secondary" onClick={() => void accounts.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const list = shownAccounts(accounts.data);
  const account = list.find((entry) => entry.id === accountId) ?? list.find((entry) => entry.isSelected) ?? list[0];
  if (!account) return <p className="py-6 text-center text-fg-muted">{t("flow.noAccount")}</p>;

  if (invoice) {
    return (
      <InvoiceScreen
        invoice={invoice}
        close={close}
        onAnother={() => {
          setInvoiceId(null);
          setMethodCode(null);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5" data-wallet-flow={direction}>
      {direction === "deposit" ? <DepositBonusPreload currency={account.currency} /> : null}
      <AccountChooser
        accounts={list}
        account={account}
        direction={direction}
        onChange={(id) => {
          setAccountId(id);
          setMethodCode(null);
        }}
      />
      {methodCode === null ? (
        <PaymentCountry country={country} onChange={chooseCountry} />
      ) : null}
      <MethodsArea
        key={`${direction}:${account.currency}:${country ?? ""}`}
        direction={direction}
        account={account}
        country={country}
        methodCode={methodCode}
        onMethod={setMethodCode}
        onInvoice={(created) => setInvoiceId(created.id)}
      />
    </div>
  );
}
