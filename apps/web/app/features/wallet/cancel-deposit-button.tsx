import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useTranslation } from "react-i18next";
import { chooseDepositToCancel } from "./invoice-store.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";

/** Opens the spec's cancel-deposit modal for a pending deposit, from the history or its waiting screen. */
export function CancelDepositButton({ invoice, variant, className }: { invoice: Invoice; variant: "secondary" | "ghost"; className?: string }) {
  const { t } = useTranslation("wallet");
  const { openModal } = useModal();
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      onClick={() => {
        chooseDepositToCancel(invoice);
        openModal("cancel-deposit");
      }}
      data-cancel-pending-deposit=""
    >
      {t("cancelDeposit.action")}
    </Button>
  );
}
