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
import { LimitTime } from "#app/features/limits/limit-format.tsx";
import { depositRoom } from "#app/features/limits/limit-logic.ts";
import { LIMITS_QUERY_KEY, useLimits } from "#app/features/limits/limits-api.ts";
import { isZero } from "@playfair/contracts/money";
import { Trans } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";

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
  // The deposit sheet knows the room the player's deposit limits leave, so it never suggests more.
  const limits = useLimits();
  const room = direction === "deposit" && limits.data ? depositRoom(limits.data, account.currency) : null;

  // Spec 8, 13100: the methods are emptied (the list is not shown), the flag is set and the limits
  // are loaded again, so the limits page and this screen agree on what is in force.
  useEffect(() => {
    if (limitError) void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
  }, [limitError, queryClient]);

  if (limitReached || limitError || (room && isZero(room.remaining))) return <LimitReachedNotice room={room} currency={account.currency} />;
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
        room={room?.remaining ?? null}
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
  return (
    <>
      {room ? <RoomNote room={room} currency={account.currency} /> : null}
      <MethodList groups={groups} onMethod={onMethod} />
    </>
  );
}

type Room = NonNullable<ReturnType<typeof depositRoom>>;

/** "Your deposit limit leaves room for €20.00 until <time>": said before the player picks an amount. */
function RoomNote({ room, currency }: { room: Room; currency: string }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <p className="mb-3 rounded-lg bg-surface-muted px-3.5 py-2.5 text-sm text-pretty text-fg-muted" data-deposit-room={room.remaining}>
      {room.resetsAt ? (
        <Trans t={t} i18nKey="flow.room.untilReset" values={{ sum: money(room.remaining, currency) }} components={{ time: <LimitTime at={room.resetsAt} /> }} />
      ) : (
        t("flow.room.left", { sum: money(room.remaining, currency) })
      )}
    </p>
  );
}

function LimitReachedNotice({ room, currency }: { room: Room | null; currency: string }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const reserved = room && !isZero(room.reserved) ? room.reserved : null;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-attention/30 bg-attention-soft px-4 py-6 text-center" data-deposit-limit-reached="">
      <p className="font-display text-lg font-bold text-fg">{t("flow.limitReached.title")}</p>
      <p className="text-sm text-pretty text-fg-muted" data-deposit-limit-resets={room?.resetsAt ?? ""}>
        {room?.resetsAt ? <Trans t={t} i18nKey="flow.limitReached.resetsAt" components={{ time: <LimitTime at={room.resetsAt} className="font-semibold text-fg" /> }} /> : t("flow.limitReached.description")}
      </p>
      {reserved ? (
        <p className="text-sm text-pretty text-fg-muted" data-deposit-limit-reserved="">
          {t("flow.limitReached.reserved", { sum: money(reserved, currency) })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        {reserved ? (
          <LocalizedLink to="/wallet/history?tab=invoices&type=1&status=1" className={buttonClassName({ variant: "secondary", size: "sm" })} data-deposit-limit-pending="">
            {t("flow.limitReached.pendingLink")}
          </LocalizedLink>
        ) : null}
        <LocalizedLink to="/profile/limits" className={buttonClassName({ variant: "secondary", size: "sm" })}>
          {t("flow.limitReached.link")}
        </LocalizedLink>
      </div>
    </div>
  );
}
