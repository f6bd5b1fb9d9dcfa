// The limits page's calls (spec 7: GET/POST /api/player/limits, PUT/DELETE /api/player/limits/{id}),
// typed by the contracts. The wallet modal invalidates LIMITS_QUERY_KEY when a deposit answers
// 13100 (deposit limit reached), so the page and any open view reload the limits.
import type { CreateLimitInput, Limit, LimitList, UpdateLimitRequest } from "@playfair/contracts/player/limits";
import type { WalletAccountList } from "@playfair/contracts/wallet/accounts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";

/** Invalidate this key to reload the player's limits (e.g. after a 13100 answer). */
export const LIMITS_QUERY_KEY = ["player", "limits"] as const;
// The wallet's own list, read here only for its currencies: a limit is set in an account's currency.
const ACCOUNT_CURRENCIES_QUERY_KEY = ["player", "limits", "account-currencies"] as const;

const REQUIRED = { auth: "required" } as const;

function fetchLimits(signal?: AbortSignal): Promise<Limit[]> {
  return apiRequest<LimitList>("/api/player/limits", { ...REQUIRED, signal }).then((response) => response.data);
}

export function createLimit(request: CreateLimitInput): Promise<Limit> {
  return apiRequest<{ data: Limit }>("/api/player/limits", { ...REQUIRED, method: "POST", body: request }).then((response) => response.data);
}

export function updateLimit(id: string, request: UpdateLimitRequest): Promise<Limit> {
  return apiRequest<{ data: Limit }>(`/api/player/limits/${encodeURIComponent(id)}`, { ...REQUIRED, method: "PUT", body: request }).then((response) => response.data);
}

export function deleteLimit(id: string): Promise<Limit> {
  return apiRequest<{ data: Limit }>(`/api/player/limits/${encodeURIComponent(id)}`, { ...REQUIRED, method: "DELETE" }).then((response) => response.data);
}

export function useLimits() {
  return useQuery({ queryKey: LIMITS_QUERY_KEY, queryFn: ({ signal }) => fetchLimits(signal) });
}

/** The cash the player could withdraw, per currency (only accounts holding some): what to suggest taking out first. */
export function useWithdrawableCash() {
  return useQuery({
    queryKey: ACCOUNT_CURRENCIES_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<WalletAccountList>("/api/wallet/accounts", { ...REQUIRED, signal }),
    select: (response) => response.data.filter((account) => Number(account.cash) > 0).map((account) => ({ currency: account.currency, amount: account.cash })),
  });
}

/** The currencies of the player's accounts (selected account first): the ones a limit can use. */
export function useAccountCurrencies() {
  return useQuery({
    queryKey: ACCOUNT_CURRENCIES_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<WalletAccountList>("/api/wallet/accounts", { ...REQUIRED, signal }),
    select: (response) =>
      [...response.data].sort((left, right) => Number(right.isSelected) - Number(left.isSelected)).map((account) => account.currency),
  });
}
