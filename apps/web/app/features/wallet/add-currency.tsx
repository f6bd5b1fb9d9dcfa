// Adding a currency account: a searchable list of the enabled currencies the player has no
// account on show in (spec 5: only enabled currencies are offered).
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { addableCurrencies } from "./wallet-accounts.ts";
import { CurrencyBadge } from "./wallet-pieces.tsx";
import { useAccountAction, useCurrencies } from "./use-wallet.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { currencyDisplayName } from "#app/features/wallet/currency-list.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

export function AddCurrency({ accounts, onAdded, compact }: { accounts: readonly WalletAccount[]; onAdded?: (currency: string) => void; compact?: boolean }) {
  const { t, i18n } = useTranslation("wallet");
  const [search, setSearch] = useState("");
  const currencies = useCurrencies();
  const action = useAccountAction();
  const searchId = useId();
  const english = i18n.getFixedT("en", "wallet");
  // Intl names fiat currencies in every language; crypto names (which Intl lacks) are in the catalogue.
  const cryptoName = (translate: typeof t, code: string) => translate(`addCurrency.cryptoNames.${code}` as never, { defaultValue: "" }) || null;
  const nameOf = (code: string) => currencyDisplayName(code, i18n.language) ?? cryptoName(t, code);
  const namesOf = (code: string) => [nameOf(code), currencyDisplayName(code, "en"), cryptoName(english as typeof t, code)];
  const enabled = (currencies.data?.all ?? []).filter((currency) => currency.isEnabled);
  const candidates = addableCurrencies(enabled, accounts, search, namesOf);

  function add(code: string) {
    action.mutate(
      { kind: "add", currency: code },
      {
        onSuccess: () => {
          showAlert({ kind: "success", title: t("addCurrency.added", { currency: code }) });
          onAdded?.(code);
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.sessionEnded) return;
          showAlert({ kind: "error", title: t("errors.actionFailed"), description: t("errors.tryAgain") });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3 py-2" data-add-currency="">
      <label htmlFor={searchId} className="text-sm font-semibold">
        {t("addCurrency.searchLabel")}
      </label>
      <Input
        id={searchId}
        type="search"
        value={search}
        autoComplete="off"
        spellCheck={false}
        placeholder={t("addCurrency.searchPlaceholder")}
        onChange={(event) => setSearch(event.target.value)}
      />
      {currencies.isPending ? (
        <div className="grid grid-cols-2 gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
      ) : candidates.length === 0 ? (
        <p className="rounded-lg bg-surface-muted px-4 py-3 text-sm text-fg-muted" role="status">
          {search.trim() === "" ? t("addCurrency.allAdded") : t("addCurrency.noMatch", { search: search.trim() })}
        </p>
      ) : (
        <ul className={compact ? "grid grid-cols-2 gap-1.5" : "grid grid-cols-1 gap-2 xs:grid-cols-2 md:grid-cols-3"} aria-label={t("addCurrency.listLabel")}>
          {candidates.map((currency) => {
            const name = nameOf(currency.code);
            return (
              <li key={currency.code}>
                <Button
                  variant="secondary"
                  className="h-auto w-full justify-start gap-3 px-3 py-2.5 text-start"
                  disabled={action.isPending}
                  onClick={() => add(currency.code)}
                  aria-label={t("addCurrency.addLabel", { currency: name ? `${currency.code}, ${name}` : currency.code })}
                  data-add-currency-code={currency.code}
                >
                  <CurrencyBadge code={currency.code} symbol={currency.symbol} crypto={currency.type === "crypto"} className="size-8" />
                  <span className="min-w-0">
                    <span className="block text-sm leading-tight font-semibold">{currency.code}</span>
                    {name ? <span className="block truncate text-xs font-normal text-fg-subtle">{name}</span> : null}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
