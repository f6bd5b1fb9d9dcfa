// Which invoice the deposit result modals talk about: the one this page just created (kept live
// by realtime updates), else, after a reload or from a link, the player's latest deposit.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useQuery } from "@tanstack/react-query";
import { useLatestInvoice } from "./invoice-store.ts";
import { fetchInvoices, NO_INVOICE_FILTERS, paymentQueryKeys } from "./wallet-api.ts";
import { usePlayerId } from "./use-wallet.ts";

export function useResultInvoice(): { invoice: Invoice | null; loading: boolean; failed: boolean; retry: () => void } {
  const remembered = useLatestInvoice();
  const playerId = usePlayerId() ?? "";
  const usable = remembered?.type === 1 ? remembered : null;
  const latest = useQuery({
    queryKey: [...paymentQueryKeys.invoices(playerId), "latest-deposit"],
    queryFn: async ({ signal }) => (await fetchInvoices({ ...NO_INVOICE_FILTERS, type: "1" }, 1, signal, 1)).data[0] ?? null,
    enabled: usable === null && playerId !== "",
  });
  if (usable) return { invoice: usable, loading: false, failed: false, retry: () => {} };
  return { invoice: latest.data ?? null, loading: latest.isPending, failed: latest.isError, retry: () => void latest.refetch() };
}
