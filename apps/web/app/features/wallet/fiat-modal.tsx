import { useId } from "react";
import { useTranslation } from "react-i18next";
import { equivalentOf, setEquivalentChoice, useEquivalentChoice } from "./equivalent-choice.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { useCurrencies, useMoneyFormat, useWalletAccounts } from "./use-wallet.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { currencyDisplayName } from "#app/features/wallet/currency-list.ts";
import { cx } from "#app/lib/cx.ts";

/**
 * Spec 2.4 fiat: the fiat currency crypto balances are shown in (spec 9: crypto accounts show an
 * equivalent with 2 decimals). The choice stays in this browser; balances themselves never change.
 */
export default function FiatModal(_: ModalContentProps) {
  const { t, i18n } = useTranslation("wallet");
  const currencies = useCurrencies();
  const accounts = useWalletAccounts();
  const choice = useEquivalentChoice();
  const { equivalent } = useMoneyFormat();
  const name = useId();
  const base = currencies.data?.all.find((currency) => currency.isBase);
  const fiat = (currencies.data?.all ?? []).filter((currency) => currency.type === "fiat" && currency.isEnabled && currency.isVisible);
  const selected = choice && fiat.some((currency) => currency.code === choice) ? choice : (base?.code ?? null);
  const crypto = (accounts.data ? shownAccounts(accounts.data) : []).filter((account) => currencies.data?.byCode.get(account.currency)?.type === "crypto");

  if (currencies.isPending) {
    return (
      <div className="grid grid-cols-2 gap-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12" />
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-fiat-modal="">
      <p className="text-[0.9375rem] text-pretty text-fg-muted">{t("fiat.intro")}</p>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("fiat.legend")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {fiat.map((currency) => {
            const checked = currency.code === selected;
            const label = currencyDisplayName(currency.code, i18n.language);
            return (
              <label
                key={currency.code}
                className={cx(
                  "flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-focus",
                  checked ? "border-brand bg-brand-soft/50" : "border-border hover:bg-surface-muted",
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={currency.code}
                  checked={checked}
                  onChange={() => setEquivalentChoice(currency.code)}
                  className="size-4 accent-brand"
                  data-fiat-option={currency.code}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold">
                    {currency.code} <span className="font-normal text-fg-subtle" dir="ltr" data-fiat-symbol="">
                      {currency.symbol}
                    </span>
                  </span>
                  {label ? <span className="block truncate text-xs text-fg-subtle">{label}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {crypto.length > 0 ? (
        <div className="rounded-xl bg-surface-muted p-4" aria-live="polite">
          <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("fiat.preview")}</p>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm">
            {crypto.map((account) => {
              const value = equivalentOf(account, choice, currencies.data?.byCode);
              return (
                <li key={account.id} className="flex justify-between gap-3">
                  <span className="font-semibold">{account.currency}</span>
                  <span dir="ltr">{value ? `≈ ${equivalent(value.amount, value.currency)}` : "—"}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-fg-subtle">{t("fiat.noCrypto")}</p>
      )}
    </div>
  );
}
