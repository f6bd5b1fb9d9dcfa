// The header's currency panel for a signed-in player: the selected balance, every account on
// show with its balance (a click switches to it), adding a currency, a deposit button and the
// way to the wallet page. Loaded with the panel's first opening.
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddCurrency } from "./add-currency.tsx";
import { equivalentOf, useEquivalentChoice } from "./equivalent-choice.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { ArrowDownIcon, CurrencyBadge, PlusIcon, WalletModalLink } from "./wallet-pieces.tsx";
import { useAccountAction, useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { CheckIcon, WalletIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";

export default function WalletCurrencyPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts({ enabled: open });
  const [adding, setAdding] = useState(false);
  const { money, equivalent, currencies } = useMoneyFormat();
  const choice = useEquivalentChoice();
  const list = accounts.data ? shownAccounts(accounts.data) : [];
  const selected = list.find((account) => account.isSelected) ?? null;
  const selectedEquivalent = selected ? equivalentOf(selected, choice, currencies) : null;

  return (
    <div data-wallet-panel="">
      <div className="relative isolate overflow-hidden rounded-t-2xl border-b border-border px-5 py-4">
        <span
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_90%_at_100%_0%,rgb(46_196_147/0.16),transparent_70%),radial-gradient(50%_70%_at_0%_100%,rgb(251_189_52/0.1),transparent_70%)]"
        />
        <p className="text-sm font-semibold text-fg-muted">{t("panel.title")}</p>
        {selected ? (
          <>
            <p className="mt-1 font-display text-2xl font-extrabold tracking-tight break-all" data-panel-balance="">
              <span dir="ltr">{money(selected.balance, selected.currency)}</span>
            </p>
            {selectedEquivalent ? (
              <p className="text-sm text-fg-muted">{t("overview.equivalent", { amount: equivalent(selectedEquivalent.amount, selectedEquivalent.currency) })}</p>
            ) : null}
          </>
        ) : accounts.isError ? null : (
          <Skeleton className="mt-2 h-8 w-40" />
        )}
      </div>
      <div className="px-2 pt-2 pb-2" aria-busy={accounts.isPending}>
        {accounts.isError ? (
          <div className="flex flex-col items-center gap-3 px-3 py-5 text-center">
            <p role="alert" className="text-sm text-fg-muted">
              {t("overview.loadFailed")}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void accounts.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : accounts.isPending ? (
          <div className="flex flex-col gap-1.5 px-1">
            <p className="sr-only">{t("common.loading")}</p>
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : (
          <>
            <p className="px-3 pt-1 pb-1.5 text-[0.6875rem] font-semibold tracking-[0.08em] text-fg-subtle uppercase">{t("panel.accounts")}</p>
            <ul className="flex flex-col gap-1" data-panel-accounts="">
              {list.map((account) => (
                <PanelAccount key={account.id} account={account} />
              ))}
            </ul>
            <div className="mt-1 px-1">
              <button
                type="button"
                aria-expanded={adding}
                onClick={() => setAdding((value) => !value)}
                className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-sm font-semibold text-brand-fg hover:bg-surface-muted"
              >
                <PlusIcon className={cx("size-4 transition-transform", adding && "rotate-45")} />
                {adding ? t("addCurrency.close") : t("addCurrency.open")}
              </button>
              {adding ? <AddCurrency compact accounts={accounts.data} onAdded={() => setAdding(false)} /> : null}
            </div>
          </>
        )}
      </div>
      <div className="flex gap-2 border-t border-border p-3">
        <WalletModalLink direction="deposit" className={buttonClassName({ variant: "accent", size: "md", className: "flex-1" })}>
          <ArrowDownIcon className="size-[1.125rem]" />
          {t("actions.deposit")}
        </WalletModalLink>
        <LocalizedLink to="/wallet" className={buttonClassName({ variant: "secondary", size: "md", className: "flex-1" })}>
          <WalletIcon className="size-[1.125rem]" />
          {t("panel.openWallet")}
        </LocalizedLink>
      </div>
    </div>
  );
}

function PanelAccount({ account }: { account: WalletAccount }) {
  const { t } = useTranslation("wallet");
  const { money, currencies } = useMoneyFormat();
  const action = useAccountAction();
  const currency = currencies?.get(account.currency);
  return (
    <li>
      <button
        type="button"
        aria-pressed={account.isSelected}
        disabled={action.isPending}
        data-panel-account={account.currency}
        onClick={() => {
          if (account.isSelected) return;
          action.mutate(
            { kind: "switch", accountId: account.id },
            {
              onSuccess: () => showAlert({ kind: "success", title: t("overview.switched", { currency: account.currency }) }),
              onError: (error) => {
                if (isApiRequestError(error) && error.sessionEnded) return;
                showAlert({ kind: "error", title: t("errors.actionFailed"), description: t("errors.tryAgain") });
              },
            },
          );
        }}
        className={cx(
          "flex w-full items-center gap-3 rounded-xl border px-2.5 py-2 text-start transition-colors",
          account.isSelected ? "border-brand/40 bg-brand-soft/50" : "border-transparent hover:border-border hover:bg-surface-muted",
        )}
      >
        <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} className="size-8" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold">{account.currency}</span>
          <span className="block truncate text-sm text-fg-muted">
            <span dir="ltr">{money(account.balance, account.currency)}</span>
          </span>
        </span>
        {account.isSelected ? (
          <span className="flex items-center gap-1 text-xs font-semibold text-brand-fg">
            <CheckIcon className="size-4" />
            {t("overview.selectedBadge")}
          </span>
        ) : (
          <span className="text-xs font-semibold text-fg-subtle">{t("panel.use")}</span>
        )}
      </button>
    </li>
  );
}
