// The wallet page's main tab: the account the player plays with (balance, what it is made of,
// deposit and withdraw), every account on show with switch and hide, and adding a currency.
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { isZero } from "@playfair/contracts/money";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddCurrency } from "./add-currency.tsx";
import { equivalentOf, useEquivalentChoice } from "./equivalent-choice.ts";
import { LoadFailed } from "./history-list.tsx";
import { shownAccounts } from "./wallet-accounts.ts";
import { ArrowDownIcon, ArrowUpIcon, CurrencyBadge, EyeOffIcon, PlusIcon, SwitchIcon, WalletModalLink } from "./wallet-pieces.tsx";
import { useAccountAction, useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClassName, IconButton } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { currencyDisplayName } from "#app/features/wallet/currency-list.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";

export function WalletOverview() {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const [adding, setAdding] = useState(false);
  const addPanelId = useId();

  if (accounts.isPending) return <OverviewSkeleton />;
  if (accounts.isError) return <LoadFailed className="mt-6" title={t("overview.loadFailed")} onRetry={() => void accounts.refetch()} />;
  const list = shownAccounts(accounts.data);
  const selected = list.find((account) => account.isSelected) ?? null;

  return (
    <div className="mt-6 flex flex-col gap-6" data-wallet-overview="">
      {selected ? <SelectedAccountCard account={selected} /> : null}
      <section aria-labelledby={`${addPanelId}-heading`} className="rounded-xl border border-border bg-surface shadow-card">
        <header className="flex flex-wrap items-center justify-between gap-3 p-5 pb-3 sm:px-6 sm:pt-6">
          <div className="min-w-0">
            <h2 id={`${addPanelId}-heading`} className="font-display text-lg font-bold tracking-tight">
              {t("overview.accountsTitle")}
            </h2>
            <p className="mt-0.5 text-sm text-fg-muted">{t("overview.accountsDescription")}</p>
          </div>
          <Button
            variant={adding ? "ghost" : "secondary"}
            size="sm"
            aria-expanded={adding}
            aria-controls={addPanelId}
            onClick={() => setAdding((open) => !open)}
            data-add-currency-toggle=""
          >
            <PlusIcon className={cx("size-4 transition-transform", adding && "rotate-45")} />
            {adding ? t("addCurrency.close") : t("addCurrency.open")}
          </Button>
        </header>
        <div id={addPanelId} hidden={!adding} className="px-5 pb-2 sm:px-6">
          {adding ? <AddCurrency accounts={accounts.data} onAdded={() => setAdding(false)} /> : null}
        </div>
        <ul className="divide-y divide-border px-5 pb-3 sm:px-6" data-account-list="">
          {list.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function SelectedAccountCard({ account }: { account: WalletAccount }) {
  const { t } = useTranslation("wallet");
  const { money, equivalent, currencies } = useMoneyFormat();
  const choice = useEquivalentChoice();
  const currency = currencies?.get(account.currency);
  const shownEquivalent = equivalentOf(account, choice, currencies);
  const hasBonus = !isZero(account.bonus);
  const hasPending = !isZero(account.pendingWithdrawal);
  return (
    <section
      aria-labelledby="wallet-selected-heading"
      data-selected-account={account.currency}
      className="relative isolate overflow-hidden rounded-2xl border border-brand/25 bg-gradient-to-br from-brand-soft/70 via-surface to-surface p-5 shadow-card sm:p-7"
    >
      <div aria-hidden="true" className="absolute -end-16 -top-20 -z-10 size-64 rounded-full bg-brand/10 blur-3xl" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} className="size-11 text-base" />
          <div className="min-w-0">
            <h2 id="wallet-selected-heading" className="text-sm font-semibold text-fg-muted">
              {t("overview.selectedTitle")}
            </h2>
            <p className="font-display text-base font-bold">{account.currency}</p>
          </div>
        </div>
        {shownEquivalent ? (
          <ModalLink modal="fiat" className="rounded-full px-2 py-1 text-sm font-medium text-brand-fg underline-offset-4 hover:underline">
            {t("overview.equivalentIn", { currency: shownEquivalent.currency })}
          </ModalLink>
        ) : null}
      </div>
      <p className="mt-5 font-display text-3xl leading-tight font-extrabold tracking-tight break-all sm:text-4xl" data-balance="">
        <span className="sr-only">{t("overview.balanceLabel")} </span>
        <span dir="ltr">{money(account.balance, account.currency)}</span>
      </p>
      {shownEquivalent ? (
        <p className="mt-1 text-sm text-fg-muted" data-equivalent="">
          {t("overview.equivalent", { amount: equivalent(shownEquivalent.amount, shownEquivalent.currency) })}
        </p>
      ) : null}
      <dl className="mt-5 grid grid-cols-1 gap-2 xs:grid-cols-3">
        <BalancePart label={t("overview.cash")} value={money(account.cash, account.currency)} />
        <BalancePart label={t("overview.bonus")} value={money(account.bonus, account.currency)} muted={!hasBonus} data-bonus-part="">
          <ModalLink modal="wallet-bonus-info" className="mt-1 block text-xs font-semibold text-brand-fg underline-offset-4 hover:underline" data-bonus-info-link="">
            {t("bonus.info.open")}
          </ModalLink>
        </BalancePart>
        <BalancePart
          label={t("overview.pendingWithdrawal")}
          value={money(account.pendingWithdrawal, account.currency)}
          muted={!hasPending}
          data-pending-withdrawal=""
        />
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        <WalletModalLink direction="deposit" className={buttonClassName({ variant: "accent", className: "flex-1 xs:flex-none" })} data-wallet-deposit="">
          <ArrowDownIcon className="size-[1.125rem]" />
          {t("actions.deposit")}
        </WalletModalLink>
        <WalletModalLink direction="withdraw" className={buttonClassName({ variant: "secondary", className: "flex-1 xs:flex-none" })} data-wallet-withdraw="">
          <ArrowUpIcon className="size-[1.125rem]" />
          {t("actions.withdraw")}
        </WalletModalLink>
      </div>
    </section>
  );
}

function BalancePart({
  label,
  value,
  muted,
  children,
  ...rest
}: { label: string; value: string; muted?: boolean; children?: ReactNode } & { [data: `data-${string}`]: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 rounded-lg bg-surface/80 px-3.5 py-2.5 ring-1 ring-border xs:block" {...rest}>
      <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{label}</dt>
      <dd className={cx("text-[0.9375rem] font-semibold break-all xs:mt-0.5", muted ? "text-fg-muted" : "text-fg")}>
        <span dir="ltr">{value}</span>
        {children}
      </dd>
    </div>
  );
}

function AccountRow({ account }: { account: WalletAccount }) {
  const { t, i18n } = useTranslation("wallet");
  const { money, equivalent, currencies } = useMoneyFormat();
  const choice = useEquivalentChoice();
  const action = useAccountAction();
  const currency = currencies?.get(account.currency);
  const name = currencyDisplayName(account.currency, i18n.language);
  const shownEquivalent = equivalentOf(account, choice, currencies);

  function run(kind: "switch" | "hide") {
    action.mutate(
      { kind, accountId: account.id },
      {
        onSuccess: () =>
          showAlert({
            kind: "success",
            title: kind === "switch" ? t("overview.switched", { currency: account.currency }) : t("overview.hidden", { currency: account.currency }),
            ...(kind === "hide" ? { description: t("overview.hiddenDescription") } : {}),
          }),
        onError: (error) => {
          if (isApiRequestError(error) && error.sessionEnded) return;
          showAlert({ kind: "error", title: t("errors.actionFailed"), description: t("errors.tryAgain") });
        },
      },
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3.5" data-account-row={account.currency} data-selected={account.isSelected ? "" : undefined}>
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {account.currency}
            {account.isSelected ? <Badge tone="brand">{t("overview.selectedBadge")}</Badge> : null}
          </p>
          {name ? <p className="truncate text-sm text-fg-subtle">{name}</p> : null}
        </div>
      </div>
      <div className="ms-auto text-end">
        <p className="font-semibold" data-account-balance="">
          <span dir="ltr">{money(account.balance, account.currency)}</span>
        </p>
        {shownEquivalent ? (
          <p className="text-sm text-fg-muted">
            <span dir="ltr">≈ {equivalent(shownEquivalent.amount, shownEquivalent.currency)}</span>
          </p>
        ) : null}
      </div>
      {account.isSelected ? null : (
        <div className="ms-auto flex shrink-0 items-center gap-1">
          <Button variant="secondary" size="sm" disabled={action.isPending} onClick={() => run("switch")} aria-label={t("overview.switchLabel", { currency: account.currency })}>
            <SwitchIcon className="size-4" />
            {t("overview.switch")}
          </Button>
          <IconButton
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            label={t("overview.hideLabel", { currency: account.currency })}
            icon={<EyeOffIcon />}
            onClick={() => run("hide")}
          />
        </div>
      )}
    </li>
  );
}

function OverviewSkeleton() {
  const { t } = useTranslation("wallet");
  return (
    <div className="mt-6 flex flex-col gap-6" aria-busy="true">
      <p className="sr-only">{t("common.loading")}</p>
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}

