// The selected account's balance for the header's balance slot (user-panel.tsx BalanceSlot): a
// link to the wallet that follows realtime balance changes, and a deposit button beside it. Both
// show at every width, phones included, so money is one tap away wherever the player is. While the
// account holds bonus money, cash and bonus stand side by side; the bonus part opens the wallet
// bonus info (its wagering) in one tap. Loaded lazily, signed in only.
import { isZero } from "@playfair/contracts/money";
import { useTranslation } from "react-i18next";
import { selectedAccount } from "./wallet-accounts.ts";
import { useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { PlusIcon, WalletModalLink } from "./wallet-pieces.tsx";
import { GiftIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { cx } from "#app/lib/cx.ts";

export default function WalletHeaderBalance() {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const { money } = useMoneyFormat();
  const account = selectedAccount(accounts.data);
  if (!account) return null;
  const withBonus = !isZero(account.bonus);
  const amount = money(withBonus ? account.cash : account.balance, account.currency);
  const bonus = money(account.bonus, account.currency);
  return (
    <div className="flex h-9 min-w-0 items-center rounded-full border border-border-strong bg-surface xs:h-10" data-header-money="">
      {/* Between 1280 and 1680 px the header also carries the site's links: cash and bonus stack
          there, so the pair takes the width of one amount instead of two. */}
      <div
        className={cx(
          "flex h-full min-w-0 items-center",
          withBonus && "xl:max-[1679px]:flex-col xl:max-[1679px]:items-start xl:max-[1679px]:justify-center xl:max-[1679px]:ps-3.5 xl:max-[1679px]:pe-2",
        )}
      >
        <LocalizedLink
          to="/wallet"
          aria-label={withBonus ? t("bonus.header.cashLabel", { amount }) : t("panel.headerBalance", { amount })}
          className={cx(
            "tap-height flex h-full min-w-0 items-center rounded-s-full ps-3 pe-2 text-[0.8125rem] font-bold text-fg transition-colors hover:bg-surface-muted xs:ps-3.5 xs:text-sm",
            withBonus && "xl:max-[1679px]:h-auto xl:max-[1679px]:rounded-none xl:max-[1679px]:p-0 xl:max-[1679px]:text-[0.8125rem] xl:max-[1679px]:leading-tight xl:max-[1679px]:hover:bg-transparent xl:max-[1679px]:hover:underline",
          )}
          data-header-balance=""
        >
          <span dir="ltr" className="truncate">
            {amount}
          </span>
        </LocalizedLink>
        {withBonus ? (
          <ModalLink
            modal="wallet-bonus-info"
            aria-label={t("bonus.header.bonusLabel", { amount: bonus })}
            title={t("bonus.header.bonusTitle")}
            className="tap-height flex h-full min-w-0 items-center gap-1 border-s border-border ps-2 pe-2 text-xs font-bold text-brand-fg transition-colors hover:bg-surface-muted xs:text-[0.8125rem] xl:max-[1679px]:h-auto xl:max-[1679px]:border-0 xl:max-[1679px]:p-0 xl:max-[1679px]:text-xs xl:max-[1679px]:leading-tight xl:max-[1679px]:hover:bg-transparent xl:max-[1679px]:hover:underline"
            data-header-bonus=""
          >
            <GiftIcon className="hidden size-3.5 shrink-0 xs:block xl:max-[1679px]:size-3" />
            <span dir="ltr" className="truncate">
              {bonus}
            </span>
          </ModalLink>
        ) : null}
      </div>
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
