import type { PaymentMethodGroup } from "@playfair/contracts/payment/methods";
import { useTranslation } from "react-i18next";
import { catalogueText } from "../catalogue-text.ts";
import { useMoneyFormat } from "../use-wallet.ts";
import { StarIcon } from "../wallet-pieces.tsx";

/** The payment methods, grouped, each with its amount range. */
export function MethodList({ groups, onMethod }: { groups: readonly PaymentMethodGroup[]; onMethod: (code: string) => void }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <div className="flex flex-col gap-4" data-method-list="">
      {groups.map((group) => {
        const headingId = `method-group-${group.code}`;
        return (
          <section key={group.code} aria-labelledby={headingId}>
            <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-[0.08em] text-fg-subtle uppercase">
              {catalogueText(i18n, group.labelKey, group.code)}
            </h3>
            <ul className="grid grid-cols-2 gap-2">
              {group.paymentMethods.map((method) => (
                <li key={method.code}>
                  <button
                    type="button"
                    onClick={() => onMethod(method.code)}
                    data-method={method.code}
                    className="flex h-full w-full flex-col items-start gap-1 rounded-xl border border-border bg-surface px-3 py-2.5 text-start transition-colors hover:border-brand/50 hover:bg-brand-soft/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                  >
                    <span className="flex w-full items-start justify-between gap-1.5">
                      <span className="min-w-0 text-sm leading-snug font-semibold break-words">{catalogueText(i18n, method.labelKey, method.label)}</span>
                      {method.isPopular ? (
                        <span className="mt-px text-gold-600 dark:text-gold-300" title={t("flow.popular")} data-popular="">
                          <StarIcon />
                          <span className="sr-only">{t("flow.popular")}</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="text-xs text-fg-subtle" dir="ltr">
                      {`${money(method.amount.min, method.currency)} – ${money(method.amount.max, method.currency)}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
