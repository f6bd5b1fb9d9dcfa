// The wallet's data hooks: the player's accounts (kept current by realtime events, see
// wallet-live.tsx) and the currencies' reference data the amounts are formatted with.
import { SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import type { CurrenciesResponse, Currency } from "@playfair/contracts/settings";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { addWalletAccount, fetchWalletAccounts, hideWalletAccount, switchWalletAccount, walletQueryKeys } from "./wallet-api.ts";
import { announceAccountChanged, selectedAccount } from "./wallet-accounts.ts";
import { getRealtimeStatus } from "#app/features/realtime/realtime-events.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { formatAmount, formatEquivalentAmount } from "#app/lib/money-format.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

/** The signed-in player's id, or null for a visitor. */
export function usePlayerId(): string | null {
  const session = useSession();
  return isSignedIn(session) ? session.playerId : null;
}

/** Balances change by the second; events keep the list current, so a short stale time is enough. */
const ACCOUNTS_STALE_MS = 15_000;

export function useWalletAccounts(options: { enabled?: boolean } = {}) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: walletQueryKeys.accounts(playerId ?? ""),
    queryFn: ({ signal }) => fetchWalletAccounts(signal),
    enabled: playerId !== null && (options.enabled ?? true),
    staleTime: ACCOUNTS_STALE_MS,
  });
}

type AccountAction = { kind: "add"; currency: string } | { kind: "switch"; accountId: string } | { kind: "hide"; accountId: string };

/** Add, switch and hide: each answers the whole list, which replaces the cached one. */
export function useAccountAction() {
  const playerId = usePlayerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction): Promise<WalletAccount[]> => {
      switch (action.kind) {
        case "add":
          return addWalletAccount(action.currency);
        case "switch":
          return switchWalletAccount(action.accountId);
        case "hide":
          return hideWalletAccount(action.accountId);
      }
    },
    onSuccess: (list, action) => {
      if (playerId) queryClient.setQueryData(walletQueryKeys.accounts(playerId), list);
      const selected = action.kind === "switch" ? selectedAccount(list) : null;
      if (selected) announceAccountChanged(window, selected);
    },
  });
}

const SETTINGS_STALE_MS = SETTINGS_CACHE_TTL_SECONDS * 1000;

/**
 * Every currency the site knows (enabled or not: an account may outlive its currency's
 * availability), by code. Shares the settings query of the registration form.
 */
export function useCurrencies() {
  return useQuery({
    queryKey: ["settings", "currencies"],
    queryFn: ({ signal }) => apiRequest<CurrenciesResponse>("/api/settings/currencies", { signal, auth: "none" }),
    staleTime: SETTINGS_STALE_MS,
    select: selectCurrencies,
  });
}

export type CurrencyIndex = { all: readonly Currency[]; byCode: ReadonlyMap<string, Currency> };

function selectCurrencies(response: CurrenciesResponse): CurrencyIndex {
  return { all: response.data, byCode: new Map(response.data.map((currency) => [currency.code, currency])) };
}

/**
 * Formatters bound to the page language and the currencies' data (see lib/money-format.ts): each
 * amount comes out ready for any text, isolated as one left-to-right run in right-to-left pages.
 */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const currencies = useCurrencies();
  const byCode = currencies.data?.byCode;
  const language = i18n.language;
  const money = useCallback((amount: string, code: string) => formatAmount(amount, code, byCode?.get(code), language), [byCode, language]);
  const equivalent = useCallback(
    (amount: string, code: string) => formatEquivalentAmount(amount, code, byCode?.get(code), language),
    [byCode, language],
  );
  return { money, equivalent, currencies: byCode, language };
}

/**
 * After a payment changed a balance: the realtime `account` event brings the new balance, so the
 * list is read again only when the connection is down and the event cannot arrive.
 */
export function refreshAccountsUnlessLive(queryClient: QueryClient, playerId: string): void {
  if (getRealtimeStatus().connection !== "connected") void queryClient.invalidateQueries({ queryKey: walletQueryKeys.accounts(playerId) });
}
