// The bonus calls the wallet needs (spec 7 "Quests and bonuses"): the deposit offers for an amount,
// the player's entered deposit code, the player's bonuses (the active one for the balance views,
// every status for the history) and a free spin's activation. Keys sit under the wallet's player
// key, so a sign-out drops them with the rest of the wallet; `playerBonus` events refresh them.
import { BONUS_CHANNELS, BONUS_CODE_STATUS, BONUS_LIST_DEBOUNCE_MS } from "@playfair/contracts/bonus/bonus-constants";
import type { DepositBonus, PlayerBonus, PlayerBonusCode, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { usePlayerId } from "../use-wallet.ts";
import { onAccountChanged } from "../wallet-accounts.ts";
import { useRealtimeEvent } from "#app/features/realtime/use-realtime.ts";
import { apiRequest } from "#app/lib/api-client.ts";

const REQUIRED = { auth: "required" } as const;

export const walletBonusKeys = {
  all: (playerId: string) => ["wallet", playerId, "bonus"] as const,
  depositBonuses: (playerId: string, currency: string, amount: string | null) => ["wallet", playerId, "bonus", "deposit-offers", currency, amount ?? ""] as const,
  depositCodes: (playerId: string) => ["wallet", playerId, "bonus", "codes", "deposit"] as const,
  playerBonuses: (playerId: string, statuses: readonly number[]) => ["wallet", playerId, "bonus", "player-bonuses", statuses.join(",")] as const,
};

export async function fetchDepositBonuses(currency: string, amount: string | null, signal?: AbortSignal): Promise<DepositBonus[]> {
  const query = { currency, ...(amount ? { amount } : {}) };
  return (await apiRequest<{ data: DepositBonus[] }>("/api/game/bonuses", { ...REQUIRED, query, signal })).data;
}

export async function fetchDepositBonusCodes(signal?: AbortSignal): Promise<PlayerBonusCode[]> {
  return (await apiRequest<{ data: PlayerBonusCode[] }>("/api/game/bonuses/bonuscodes", { ...REQUIRED, query: { trigger: "deposit" }, signal })).data;
}

export async function fetchPlayerBonuses(statuses: readonly number[], signal?: AbortSignal): Promise<PlayerBonus[]> {
  return (await apiRequest<{ data: PlayerBonus[] }>("/api/game/player-bonuses", { ...REQUIRED, query: { status: statuses.join(",") }, signal })).data;
}

export async function activateFreespin(id: string): Promise<PlayerFreespin> {
  return (await apiRequest<{ data: PlayerFreespin }>(`/api/game/player-freespins/${encodeURIComponent(id)}/activate`, { ...REQUIRED, method: "PUT" })).data;
}

/** Offers change rarely; the amount in the key makes each typed amount its own answer. */
const OFFERS_STALE_MS = 60_000;

/** The deposit bonuses for the account's currency, with what `amount` (a decimal string, or null) would earn. */
export function useDepositBonuses(currency: string, amount: string | null, enabled = true) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: walletBonusKeys.depositBonuses(playerId ?? "", currency, amount),
    queryFn: ({ signal }) => fetchDepositBonuses(currency, amount, signal),
    enabled: playerId !== null && enabled,
    staleTime: OFFERS_STALE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The deposit code the player entered earlier and that waits for this deposit (status pending), if any. */
export function usePendingDepositCode(enabled = true): PlayerBonusCode | null {
  const playerId = usePlayerId();
  const codes = useQuery({
    queryKey: walletBonusKeys.depositCodes(playerId ?? ""),
    queryFn: ({ signal }) => fetchDepositBonusCodes(signal),
    enabled: playerId !== null && enabled,
    retry: false,
  });
  return codes.data?.find((code) => code.status === BONUS_CODE_STATUS.pending) ?? null;
}

/** The player's bonuses in the given statuses (spec 9: the live lists ask for [1,2]; the history for all). */
export function usePlayerBonuses(statuses: readonly number[], options: { enabled?: boolean } = {}) {
  const playerId = usePlayerId();
  useLiveBonusRefresh();
  return useQuery({
    queryKey: walletBonusKeys.playerBonuses(playerId ?? "", statuses),
    queryFn: ({ signal }) => fetchPlayerBonuses(statuses, signal),
    enabled: playerId !== null && (options.enabled ?? true),
    retry: false,
  });
}

const LIVE_STATUSES = [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active] as const;

/** The active bonus in `currency` (one at a time per currency), or null; follows `playerBonus` events. */
export function useActiveBonus(currency: string | null): { bonus: PlayerBonus | null; isPending: boolean } {
  const bonuses = usePlayerBonuses(LIVE_STATUSES, { enabled: currency !== null });
  return { bonus: currency ? activeBonusIn(bonuses.data, currency) : null, isPending: bonuses.isPending };
}

export function activeBonusIn(list: readonly PlayerBonus[] | undefined, currency: string): PlayerBonus | null {
  return list?.find((bonus) => bonus.status === PLAYER_BONUS_STATUS.active && bonus.currency === currency) ?? null;
}

/**
 * A `playerBonus` event (issue, activation, wagering, finish) makes the wallet's bonus answers stale.
 * Spec 9: list updates are debounced 500 ms, so a burst of events (every settled round moves the
 * wagering) costs one read. Spec 4: switching the active account reloads the bonuses and deposit offers.
 */
export function useLiveBonusRefresh(): void {
  const playerId = usePlayerId();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    if (!playerId) return;
    return onAccountChanged(window, () => void queryClient.invalidateQueries({ queryKey: walletBonusKeys.all(playerId) }));
  }, [playerId, queryClient]);
  useRealtimeEvent(BONUS_CHANNELS.playerBonuses, () => {
    if (!playerId) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: walletBonusKeys.all(playerId) });
    }, BONUS_LIST_DEBOUNCE_MS);
  });
}

/** Spec 7: the wallet modal loads the deposit offers and the entered deposit code as it opens, so the form shows them at once. */
export function DepositBonusPreload({ currency }: { currency: string }) {
  useDepositBonuses(currency, null);
  usePendingDepositCode();
  return null;
}
