// Live wallet updates for the whole page (mounted once in the header while signed in, loaded
// lazily): `wallet:accounts#` events replace the account in the cached list, so balances change
// without a reload; `game:spins#` events refresh the spins history and `bet.placebet` events on
// `game:bets#` the sports bets; `payment:invoices#` events refresh the history, feed the modal's waiting
// screens and show the spec's success and error alerts; a successful deposit fires its
// deposit-count event and pixel once.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isSportBetEvent } from "./bet-events.ts";
import { claimInvoiceOutcome, depositEventOf, invoiceAlertKind, invoiceFromEvent, outcomeShownInSheet } from "./invoice-events.ts";
import { invoiceRequestInFlight, latestInvoiceId, rememberInvoice } from "./invoice-store.ts";
import { betQueryKeys, paymentQueryKeys, spinQueryKeys, walletQueryKeys } from "./wallet-api.ts";
import { accountFromEvent, applyAccountEvent } from "./wallet-accounts.ts";
import { useMoneyFormat, usePlayerId } from "./use-wallet.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { useRealtimeEvent, useRealtimeResyncQueries } from "#app/features/realtime/use-realtime.ts";
import { firePixel } from "#app/features/site-services/analytics.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { useProfile } from "#app/lib/session.tsx";

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export default function WalletLiveUpdates() {
  const playerId = usePlayerId();
  if (!playerId) return null;
  return <WalletLiveForPlayer playerId={playerId} />;
}

function WalletLiveForPlayer({ playerId }: { playerId: string }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const localizedPath = useLocalizedPath();
  const profile = useProfile();
  const context = useRef({ t, money, localizedPath, profile });
  useEffect(() => {
    context.current = { t, money, localizedPath, profile };
  });

  useRealtimeResyncQueries("wallet:accounts", walletQueryKeys.accounts(playerId));
  useRealtimeResyncQueries("payment:invoices", paymentQueryKeys.invoices(playerId));
  useRealtimeResyncQueries("game:spins", spinQueryKeys.spins(playerId));

  // A settled round (an original's or a studio game's) refreshes the spins history wherever it is shown.
  useRealtimeEvent("game:spins", () => {
    void queryClient.invalidateQueries({ queryKey: spinQueryKeys.spins(playerId) });
  });

  // A bet placed, settled, cashed out or refused refreshes the sports bets; other events on the
  // channel (a stake refused by a limit, a bonus's max bet) are the game page's.
  useRealtimeResyncQueries("game:bets", betQueryKeys.bets(playerId));
  useRealtimeEvent("game:bets", ({ data }) => {
    if (!isSportBetEvent(data)) return;
    void queryClient.invalidateQueries({ queryKey: betQueryKeys.bets(playerId) });
  });

  useRealtimeEvent("wallet:accounts", ({ data }) => {
    const account = accountFromEvent(data);
    if (!account) return;
    const key = walletQueryKeys.accounts(playerId);
    const list = queryClient.getQueryData<WalletAccount[]>(key);
    // Without a list there is nothing to patch; the next read fetches the whole, current list.
    if (list) queryClient.setQueryData(key, applyAccountEvent(list, account));
    else void queryClient.invalidateQueries({ queryKey: key });
  });

  useRealtimeEvent("payment:invoices", ({ data }) => {
    const invoice = invoiceFromEvent(data);
    if (!invoice) return;
    // Read before remembering it: the sheet on screen follows the request the player just made.
    const inSheet = outcomeShownInSheet(invoice, { search: window.location.search, latestInvoiceId: latestInvoiceId(), requestInFlight: invoiceRequestInFlight() });
    rememberInvoice(invoice);
    void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    announce(invoice, context.current, inSheet);
  });

  return null;
}

type AnnounceContext = {
  t: ReturnType<typeof useTranslation<"wallet">>["t"];
  money: (amount: string, code: string) => string;
  localizedPath: (path: string) => string;
  profile: ReturnType<typeof useProfile>;
};

/** The outcome's alert (unless an open sheet already shows it: one announcement per result), and a deposit's pixel. */
function announce(invoice: Invoice, { t, money, localizedPath, profile }: AnnounceContext, inSheet: boolean): void {
  const kind = invoiceAlertKind(invoice);
  if (!kind) return;
  const sum = money(invoice.amount, invoice.currency);
  const succeeded = invoice.status === 2;
  if (!inSheet) {
    showAlert({
      kind: succeeded ? "success" : "error",
      title: t(`alerts.${kind}.title`),
      description: t(`alerts.${kind}.description`, { sum }),
      // Spec 8: the result alerts link to the wallet, and failures to support.
      action: succeeded ? { label: t("alerts.openWallet"), href: localizedPath("/wallet") } : { label: t("alerts.contactSupport"), href: localizedPath("/support") },
      dedupeKey: `invoice:${invoice.id}:${invoice.status}`,
    });
  }
  const deposit = depositEventOf(invoice);
  if (deposit && claimInvoiceOutcome(browserStorage(), invoice)) {
    firePixel(deposit.pixel, profile ? { id: profile.id, email: profile.email, phone: profile.phone } : null);
    // The deposit-count event (first-deposit ... fifth-plus-deposit) for whatever listens on the page.
    window.dispatchEvent(new CustomEvent(deposit.eventName, { detail: { invoiceId: invoice.id, depositNumber: invoice.depositNumber } }));
  }
}
