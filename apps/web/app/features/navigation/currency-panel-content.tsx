import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import {
  ACCEPTED_CURRENCIES_QUERY_KEY,
  ACCEPTED_CURRENCIES_STALE_TIME_MS,
  currencyBadge,
  currencyDisplayName,
  fetchAcceptedCurrencies,
  groupCurrencies,
  type AcceptedCurrency,
} from "#app/features/wallet/currency-list.ts";
import { PanelGlow, PanelHeading } from "./user-panel-content.tsx";

/** The visitors' currency panel: the currencies the site accepts, fetched when first opened. */
export default function CurrencyPanelContent({ open }: { open: boolean }) {
  const { t } = useTranslation("layout");
  const session = useSession();
  const currencies = useQuery({
    queryKey: ACCEPTED_CURRENCIES_QUERY_KEY,
    queryFn: ({ signal }) => fetchAcceptedCurrencies(signal),
    enabled: open,
    staleTime: ACCEPTED_CURRENCIES_STALE_TIME_MS,
  });

  return (
    <div>
      <div className="relative isolate overflow-hidden rounded-t-2xl border-b border-border px-5 py-4">
        <PanelGlow />
        <p className="font-display text-lg font-bold">{t("currencyPanel.title")}</p>
        {isSignedIn(session) ? null : <p className="mt-1 text-sm text-fg-muted">{t("currencyPanel.guestText")}</p>}
      </div>
      <div className="px-2 pt-1 pb-3" aria-busy={currencies.isPending && open}>
        {currencies.isSuccess ? (
          currencies.data.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-fg-muted">{t("currencyPanel.empty")}</p>
          ) : (
            <CurrencyGroups currencies={currencies.data} />
          )
        ) : currencies.isError ? (
          <div className="flex flex-col items-center gap-3 px-3 py-6 text-center">
            <p role="alert" className="text-sm text-fg-muted">
              {t("currencyPanel.error")}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void currencies.refetch()}>
              {t("currencyPanel.retry")}
            </Button>
          </div>
        ) : (
          <div className="px-3 py-2">
            <p className="sr-only">{t("currencyPanel.loading")}</p>
            <div className="grid grid-cols-2 gap-2">
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-12" />
              ))}
            </div>
          </div>
        )}
      </div>
      {isSignedIn(session) ? null : (
        <div className="border-t border-border p-3">
          <ModalLink modal="sign-up" className={buttonClassName({ variant: "accent", size: "md", className: "w-full" })}>
            {t("currencyPanel.signUp")}
          </ModalLink>
        </div>
      )}
    </div>
  );
}

function CurrencyGroups({ currencies }: { currencies: readonly AcceptedCurrency[] }) {
  const { t, i18n } = useTranslation("layout");
  const groups = groupCurrencies(currencies);
  return (
    <>
      {(["fiat", "crypto"] as const).map((type) =>
        groups[type].length === 0 ? null : (
          <div key={type}>
            <PanelHeading>{t(`currencyPanel.${type}`)}</PanelHeading>
            <ul data-currency-group={type} className="grid grid-cols-2 gap-1.5 px-1">
              {groups[type].map((currency) => {
                const name = currencyDisplayName(currency.code, i18n.language);
                return (
                  <li
                    key={currency.code}
                    className="flex min-w-0 items-center gap-2.5 rounded-xl border border-border bg-surface px-2.5 py-2"
                  >
                    <span
                      aria-hidden="true"
                      dir="ltr"
                      className={
                        type === "crypto"
                          ? "grid size-8 shrink-0 place-items-center rounded-full bg-gold-400/20 text-sm font-bold text-gold-700 dark:text-gold-300"
                          : "grid size-8 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand-fg"
                      }
                    >
                      {currencyBadge(currency)}
                    </span>
                    <span className="min-w-0">
                      <span className="block text-sm leading-tight font-semibold">{currency.code}</span>
                      {name ? <span className="block truncate text-xs text-fg-subtle">{name}</span> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ),
      )}
    </>
  );
}

