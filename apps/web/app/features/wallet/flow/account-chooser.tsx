import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { CurrencyBadge, PlainSelect } from "../wallet-pieces.tsx";

/** The account the money comes from or goes to: a choice when the player has several. */
export function AccountChooser({
  accounts,
  account,
  direction,
  onChange,
}: {
  accounts: readonly WalletAccount[];
  account: WalletAccount;
  direction: PaymentDirection;
  onChange: (accountId: string) => void;
}) {
  const { t } = useTranslation("wallet");
  const { money, currencies } = useMoneyFormat();
  const id = useId();
  const currency = currencies?.get(account.currency);
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-surface-muted/60 p-3">
      <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} />
      <div className="min-w-0 flex-1">
        {accounts.length > 1 ? (
          <>
            <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              {t("flow.account")}
            </label>
            <PlainSelect id={id} value={account.id} onChange={(event) => onChange(event.target.value)} className="mt-1 h-10" data-flow-account="">
              {accounts.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {`${entry.currency} · ${money(entry.balance, entry.currency)}`}
                </option>
              ))}
            </PlainSelect>
          </>
        ) : (
          <>
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("flow.account")}</p>
            <p className="font-semibold">
              <span dir="ltr">{`${account.currency} · ${money(account.balance, account.currency)}`}</span>
            </p>
          </>
        )}
        {direction === "withdrawal" ? (
          <p className="mt-1.5 text-sm text-fg-muted" data-available="">
            {t("flow.available", { amount: money(account.cash, account.currency) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
