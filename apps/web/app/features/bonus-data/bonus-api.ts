// The player's bonus calls and queries (spec 7 "Quests and bonuses"), one cache for the bonuses
// page, the wallet and the game page; this folder imports neither feature, so both can use it.
// Stable exports, for other features to import:
// - bonusQueryKeys: every bonus query lives under bonusQueryKeys.all(playerId), the wallet's too
//   (one cache: what one view changes, the others show); invalidate that to reload everything (an
//   account switch does, spec 4);
// - usePlayerBonuses(statuses), usePlayerFreespins(statuses), useBonusSum(): the lists the player
//   sees ([1,2] by default, spec 9; [3] is the history), kept current by bonus-live.tsx;
// - useActiveBonus(currency), activeBonusIn(list, currency): the active bonus of an account, or null;
// - useActivateBonus(), useCancelBonus(), useActivateFreespin(), useCancelFreespin(): mutations
//   that put the answered view into the cached lists;
// - useBonusCodes(), useRedeemBonusCode(), useWelcomePackage(currency);
// - bonusErrorReason(error): the 409/422 `reason` of a refused action, when it is a bonus one.
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { BonusCodeRequest, BonusSum, PlayerBonus, PlayerBonusCode, PlayerFreespin, WelcomePackage } from "@playfair/contracts/bonus/player-bonuses";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest, isApiRequestError } from "#app/lib/api-client.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

const REQUIRED = { auth: "required" } as const;

export const ACTIVE_LIST_STATUSES: readonly number[] = [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active];
export const HISTORY_STATUSES: readonly number[] = [PLAYER_BONUS_STATUS.finished];

export const bonusQueryKeys = {
  all: (playerId: string) => ["bonuses", playerId] as const,
  bonuses: (playerId: string, statuses: readonly number[] = ACTIVE_LIST_STATUSES) => ["bonuses", playerId, "player-bonuses", statuses.join(",")] as const,
  freespins: (playerId: string, statuses: readonly number[] = ACTIVE_LIST_STATUSES) => ["bonuses", playerId, "player-freespins", statuses.join(",")] as const,
  sum: (playerId: string) => ["bonuses", playerId, "sum"] as const,
  codes: (playerId: string) => ["bonuses", playerId, "codes"] as const,
  welcomePackage: (playerId: string, currency: string) => ["bonuses", playerId, "welcome-package", currency] as const,
  /** The wallet's deposit offers for a typed amount (the wallet reads them; they live here so one reload covers them). */
  depositOffers: (playerId: string, currency: string, amount: string | null) => ["bonuses", playerId, "deposit-offers", currency, amount ?? ""] as const,
  /** Under `codes`, so a `playerBonusCode` event refreshes the deposit code with the rest. */
  depositCodes: (playerId: string) => ["bonuses", playerId, "codes", "deposit"] as const,
};

/** The signed-in player's id, or "" for a visitor (whose bonus queries never run). */
function usePlayerKey(): string {
  const session = useSession();
  return isSignedIn(session) ? session.playerId : "";
}

export function fetchPlayerBonuses(statuses: readonly number[], signal?: AbortSignal): Promise<PlayerBonus[]> {
  return apiRequest<{ data: PlayerBonus[] }>("/api/game/player-bonuses", { ...REQUIRED, signal, query: { status: statuses.join(",") } }).then((response) => response.data);
}

export function fetchPlayerFreespins(statuses: readonly number[], signal?: AbortSignal): Promise<PlayerFreespin[]> {
  return apiRequest<{ data: PlayerFreespin[] }>("/api/game/player-freespins", { ...REQUIRED, signal, query: { status: statuses.join(",") } }).then((response) => response.data);
}

export function fetchBonusSum(signal?: AbortSignal): Promise<BonusSum> {
  return apiRequest<BonusSum>("/api/game/player-bonuses/sum", { ...REQUIRED, signal, query: { status: ACTIVE_LIST_STATUSES.join(",") } });
}

export function usePlayerBonuses(statuses: readonly number[] = ACTIVE_LIST_STATUSES, options: { enabled?: boolean } = {}) {
  const playerId = usePlayerKey();
  return useQuery({
    queryKey: bonusQueryKeys.bonuses(playerId, statuses),
    queryFn: ({ signal }) => fetchPlayerBonuses(statuses, signal),
    enabled: playerId !== "" && (options.enabled ?? true),
  });
}

export function usePlayerFreespins(statuses: readonly number[] = ACTIVE_LIST_STATUSES, options: { enabled?: boolean } = {}) {
  const playerId = usePlayerKey();
  return useQuery({
    queryKey: bonusQueryKeys.freespins(playerId, statuses),
    queryFn: ({ signal }) => fetchPlayerFreespins(statuses, signal),
    enabled: playerId !== "" && (options.enabled ?? true),
  });
}

export function useBonusSum(options: { enabled?: boolean } = {}) {
  const playerId = usePlayerKey();
  return useQuery({ queryKey: bonusQueryKeys.sum(playerId), queryFn: ({ signal }) => fetchBonusSum(signal), enabled: playerId !== "" && (options.enabled ?? true) });
}

/** The active bonus of the account in `currency` (at most one, ADR 034), or null. */
export function useActiveBonus(currency: string | null | undefined) {
  const bonuses = usePlayerBonuses(ACTIVE_LIST_STATUSES, { enabled: Boolean(currency) });
  return { ...bonuses, active: currency ? activeBonusIn(bonuses.data, currency) : null };
}

export function activeBonusIn(list: readonly PlayerBonus[] | undefined, currency: string): PlayerBonus | null {
  return list?.find((bonus) => bonus.status === PLAYER_BONUS_STATUS.active && bonus.currency === currency) ?? null;
}

/**
 * Puts a changed view into every cached list of the player: replaced in place (or added first)
 * where the list's statuses take it, removed where they do not (spec 4: only statuses 1 and 2
 * are kept in the player lists; a finished bonus leaves them and joins the history).
 */
export function storePlayerBonus(queryClient: QueryClient, playerId: string, bonus: PlayerBonus): void {
  storeInLists(queryClient, [...bonusQueryKeys.all(playerId), "player-bonuses"], bonus);
}

export function storePlayerFreespin(queryClient: QueryClient, playerId: string, freespin: PlayerFreespin): void {
  storeInLists(queryClient, [...bonusQueryKeys.all(playerId), "player-freespins"], freespin);
}

function storeInLists<T extends { id: string; status: number }>(queryClient: QueryClient, prefix: readonly unknown[], item: T): void {
  for (const [key, list] of queryClient.getQueriesData<T[]>({ queryKey: prefix })) {
    if (!list) continue;
    const statuses = String(key[prefix.length] ?? "").split(",").map(Number);
    queryClient.setQueryData<T[]>(key, placeInList(list, item, statuses));
  }
}

/** The list after `item` changed: replaced in place, added first when new, removed when its status left the list's. */
export function placeInList<T extends { id: string; status: number }>(list: readonly T[], item: T, statuses: readonly number[]): T[] {
  if (!statuses.includes(item.status)) return list.filter((entry) => entry.id !== item.id);
  return list.some((entry) => entry.id === item.id) ? list.map((entry) => (entry.id === item.id ? item : entry)) : [item, ...list];
}

function bonusAction(kind: "player-bonuses" | "player-freespins", id: string, action: "activate" | "cancel") {
  return apiRequest<{ data: unknown }>(`/api/game/${kind}/${encodeURIComponent(id)}/${action}`, { ...REQUIRED, method: "PUT" }).then((response) => response.data);
}

/** An activation or a cancellation: the answered view goes into the cached lists at once, then every bonus query reloads. */
function useListedMutation<T extends PlayerBonus | PlayerFreespin>(kind: "player-bonuses" | "player-freespins", action: "activate" | "cancel") {
  const queryClient = useQueryClient();
  const playerId = usePlayerKey();
  return useMutation({
    mutationFn: (id: string) => bonusAction(kind, id, action) as Promise<T>,
    onSuccess: (item) => {
      storeInLists(queryClient, [...bonusQueryKeys.all(playerId), kind], item);
      void queryClient.invalidateQueries({ queryKey: bonusQueryKeys.all(playerId) });
    },
  });
}

export const useActivateBonus = () => useListedMutation<PlayerBonus>("player-bonuses", "activate");
export const useCancelBonus = () => useListedMutation<PlayerBonus>("player-bonuses", "cancel");
export const useActivateFreespin = () => useListedMutation<PlayerFreespin>("player-freespins", "activate");
export const useCancelFreespin = () => useListedMutation<PlayerFreespin>("player-freespins", "cancel");

/** The reasons the server gives when it refuses an activation or a cancellation (409) or a stake (422). */
export const BONUS_ERROR_REASONS = ["bonusHasOpenRounds", "bonusAlreadyActive", "bonusNotIssued", "bonusExpired", "bonusFinished", "bonusMaxBetExceeded"] as const;
export type BonusErrorReason = (typeof BONUS_ERROR_REASONS)[number];

export function bonusErrorReason(error: unknown): BonusErrorReason | null {
  if (!isApiRequestError(error) || error.reason === undefined) return null;
  return (BONUS_ERROR_REASONS as readonly string[]).includes(error.reason) ? (error.reason as BonusErrorReason) : null;
}

export function useBonusCodes(options: { enabled?: boolean } = {}) {
  const playerId = usePlayerKey();
  return useQuery({
    queryKey: bonusQueryKeys.codes(playerId),
    queryFn: ({ signal }) => apiRequest<{ data: PlayerBonusCode[] }>("/api/game/bonuses/bonuscodes", { ...REQUIRED, signal }).then((response) => response.data),
    enabled: playerId !== "" && (options.enabled ?? true),
  });
}

export function redeemBonusCode(request: BonusCodeRequest): Promise<PlayerBonusCode> {
  return apiRequest<{ data: PlayerBonusCode }>("/api/game/bonuses/bonuscodes", { ...REQUIRED, method: "POST", body: request }).then((response) => response.data);
}

export function useRedeemBonusCode() {
  const queryClient = useQueryClient();
  const playerId = usePlayerKey();
  return useMutation({
    mutationFn: (bonusCode: string) => redeemBonusCode({ bonusCode, trigger: "manual" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusQueryKeys.all(playerId) }),
  });
}

/** The welcome package with the player's progress (a visitor's copy shows the steps only). */
export function useWelcomePackage(currency: string | undefined) {
  const playerId = usePlayerKey();
  return useQuery({
    queryKey: bonusQueryKeys.welcomePackage(playerId, currency ?? ""),
    queryFn: ({ signal }) =>
      apiRequest<{ data: WelcomePackage | null }>("/api/game/bonuses/package", { auth: "optional", signal, query: { currency } }).then((response) => response.data),
  });
}
