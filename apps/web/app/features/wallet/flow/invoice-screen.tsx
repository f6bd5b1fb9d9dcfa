import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useEffect } from "react";
import { PendingDepositScreen } from "./pending-deposit-screen.tsx";
import { WithdrawalScreen } from "./withdrawal-screen.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";

/** Follows a pending invoice; a deposit's final state opens its result modal. */
export function InvoiceScreen({ invoice, close, onAnother }: { invoice: Invoice; close: () => void; onAnother: () => void }) {
  const { openModal } = useModal();
  useEffect(() => {
    if (invoice.type !== 1) return;
    if (invoice.status === 2) openModal("deposit-success");
    else if (invoice.status === 3) openModal("deposit-error");
    // Cancelled on the provider's page: where the deposit stands, without an error.
    else if (invoice.status === 4) openModal("deposit-status");
  }, [invoice.status, invoice.type, openModal]);
  if (invoice.type === 2) return <WithdrawalScreen invoice={invoice} close={close} onAnother={onAnother} />;
  return <PendingDepositScreen invoice={invoice} close={close} />;
}
