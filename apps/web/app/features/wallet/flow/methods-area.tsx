import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlayerId } from "../use-wallet.ts";
import { fetchPaymentMethods, paymentQueryKeys } from "../wallet-api.ts";
import { MethodList } from "./method-list.tsx";
import { PaymentForm } from "./payment-form.tsx";
import { isDepositLimitReached, orderMethodGroups } from "./payment-methods.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { LIMITS_QUERY_KEY } from "#app/features/limits/limits-api.ts";

/** The payment methods for the account and country: their list, or the chosen one's form. */
export function MethodsArea({
  direction,
  account,
  country,
  methodCode,
  onMethod,
  onInvoice,
}: {
  direction: PaymentDirection;
  account: WalletAccount;
  country: string | null;
  methodCode: string | null;
  onMethod: (code: string | null) => void;
  onInvoice: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const queryClient = useQueryClient();
  const [limitReached, setLimitReached] = useState(false);
  const methods = useQuery({
    queryKey: paymentQueryKeys.methods(playerId, direction, account.currency, country),
    queryFn: ({ signal }) => fetchPaymentMethods(direction, account.currency, country, signal),
    retry: false,
    staleTime: 60_000,
  });
  const limitError = direction === "deposit" && methods.isError && isDepositLimitReached(methods.error);

  // Spec 8, 13100: the methods are emptied (the list is not shown), the flag is set and the limits
  // are loaded again, so the limits page and this screen agree on what is in force.
  useEffect(() => {
    if (limitError) void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
  }, [limitError, queryClient]);

  if (limitReached || limitError) return <LimitReachedNotice />;
  if (methods.isPending) {
    return (
      <div className="grid grid-cols-2 gap-2" aria-busy="true">
        <p className="sr-only">{t("flow.methodsLoading")}</p>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  if (methods.isError) {
    // Spec 8: any other failure empties the list.
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border-strong px-4 py-6 text-center" data-methods-error="">
        <p role="alert" className="text-sm text-fg-muted">
          {t("flow.methodsFailed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void methods.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const groups = orderMethodGroups(methods.data);
  const method = groups.flatMap((group) => group.paymentMethods).find((entry) => entry.code === methodCode);
  if (method) {
    return (
      <PaymentForm
        direction={direction}
        account={account}
        method={method}
        onBack={() => onMethod(null)}
        onInvoice={onInvoice}
        onLimitReached={() => {
          setLimitReached(true);
          void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
        }}
      />
    );
  }
  if (groups.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border-strong px-4 py-6 text-center text-sm text-fg-muted" data-methods-empty="">
        {t("flow.noMethods", { currency: account.currency })}
      </p>
    );
  }
  return <MethodList groups={groups} onMethod={onMethod} />;
}

function LimitReachedNotice() {
  const { t } = useTranslation("wallet");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-attention/30 bg-attention-soft px-4 py-6 text-center" data-deposit-limit-reached="">
      <p className="font-display text-lg font-bold text-fg">{t("flow.limitReached.title")}</p>
      <p className="text-sm text-pretty text-fg-muted">{t("flow.limitReached.description")}</p>
      <LocalizedLink to="/profile/limits" className={buttonClassName({ variant: "secondary", size: "sm" })}>
        {t("flow.limitReached.link")}
      </LocalizedLink>
    </div>
  );
}
