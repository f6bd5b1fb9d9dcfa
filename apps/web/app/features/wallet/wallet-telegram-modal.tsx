import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WalletFlow } from "./flow/wallet-flow.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/**
 * The messenger mini-app's wallet (spec 2.4 wallet-telegram-app, shown as ?tg-wallet=true; spec 6:
 * messenger players have a different wallet modal): one window with deposit and withdrawal side
 * by side, since the mini-app has no header panel to start either from.
 */
export default function WalletTelegramModal({ close }: ModalContentProps) {
  const { t } = useTranslation("wallet");
  const [direction, setDirection] = useState<PaymentDirection>("deposit");
  return (
    <Tabs<PaymentDirection>
      label={t("telegram.tabsLabel")}
      value={direction}
      onChange={setDirection}
      className="[&>[role=tablist]]:flex [&>[role=tablist]]:w-full [&>[role=tablist]>button]:flex-1"
      items={[
        { value: "deposit", label: t("actions.deposit"), panel: <WalletFlow key="deposit" direction="deposit" close={close} /> },
        { value: "withdrawal", label: t("actions.withdraw"), panel: <WalletFlow key="withdrawal" direction="withdrawal" close={close} /> },
      ]}
    />
  );
}
