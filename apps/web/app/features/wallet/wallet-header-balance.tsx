// The selected account's balance for the header's balance slot (user-panel.tsx BalanceSlot):
// a link to the wallet that follows realtime balance changes. Loaded lazily, signed in only.
import { useTranslation } from "react-i18next";
import { selectedAccount } from "./wallet-accounts.ts";
import { useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export default function WalletHeaderBalance() {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const { money } = useMoneyFormat();
  const account = selectedAccount(accounts.data);
  if (!account) return null;
  const amount = money(account.balance, account.currency);
  return (
    <LocalizedLink
      to="/wallet"
      aria-label={t("panel.headerBalance", { amount })}
      className="hidden h-10 items-center rounded-full border border-border-strong bg-surface px-3.5 text-sm font-bold text-fg transition-colors hover:bg-surface-muted xs:inline-flex"
      data-header-balance=""
    >
      <span dir="ltr">{amount}</span>
    </LocalizedLink>
  );
}
