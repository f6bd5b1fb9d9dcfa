// The selected account's balance for the header's balance slot (user-panel.tsx BalanceSlot): a
// link to the wallet that follows realtime balance changes, and a deposit button beside it. Both
// show at every width, phones included, so money is one tap away wherever the player is. Loaded
// lazily, signed in only.
import { useTranslation } from "react-i18next";
import { selectedAccount } from "./wallet-accounts.ts";
import { useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { PlusIcon, WalletModalLink } from "./wallet-pieces.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export default function WalletHeaderBalance() {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const { money } = useMoneyFormat();
  const account = selectedAccount(accounts.data);
  if (!account) return null;
  const amount = money(account.balance, account.currency);
  return (
    <div className="flex h-9 min-w-0 items-center rounded-full border border-border-strong bg-surface xs:h-10" data-header-money="">
      <LocalizedLink
        to="/wallet"
        aria-label={t("panel.headerBalance", { amount })}
        className="tap-height flex h-full min-w-0 items-center rounded-s-full ps-3 pe-2 text-[0.8125rem] font-bold text-fg transition-colors hover:bg-surface-muted xs:ps-3.5 xs:text-sm"
        data-header-balance=""
      >
        <span dir="ltr" className="truncate">
          {amount}
        </span>
      </LocalizedLink>
      <WalletModalLink
        direction="deposit"
        aria-label={t("actions.deposit")}
        title={t("actions.deposit")}
        className="tap-height me-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-accent text-on-accent transition-colors hover:bg-accent-hover xs:size-[2.125rem]"
        data-header-deposit=""
      >
        <PlusIcon className="size-[1.125rem]" />
      </WalletModalLink>
    </div>
  );
}
