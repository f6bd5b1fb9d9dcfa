// The bonus calls only the wallet makes (spec 7 "Quests and bonuses"): the deposit offers for an
// amount and the player's entered deposit code. Their keys, like those of the player's bonus lists
// the wallet shows (bonus-data/bonus-api.ts), sit under bonusQueryKeys.all, so the bonus feature's live
// updates (bonus-live.tsx: events, account switch, sign-out) keep one cache for every view.
import { BONUS_CODE_STATUS } from "@playfair/contracts/bonus/bonus-constants";
import type { DepositBonus, PlayerBonusCode } from "@playfair/contracts/bonus/player-bonuses";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePlayerId } from "../use-wallet.ts";
import { bonusQueryKeys } from "#app/features/bonus-data/bonus-api.ts";
import { apiRequest } from "#app/lib/api-client.ts";

const REQUIRED = { auth: "required" } as const;

export async function fetchDepositBonuses(currency: string, amount: string | null, signal?: AbortSignal): Promise<DepositBonus[]> {
  const query = { currency, ...(amount ? { amount } : {}) };
  return (await apiRequest<{ data: DepositBonus[] }>("/api/game/bonuses", { ...REQUIRED, query, signal })).data;
}

export async function fetchDepositBonusCodes(signal?: AbortSignal): Promise<PlayerBonusCode[]> {
  return (await apiRequest<{ data: PlayerBonusCode[] }>("/api/game/bonuses/bonuscodes", { ...REQUIRED, query: { trigger: "deposit" }, signal })).data;
}

/** Offers change rarely; the amount in the key makes each typed amount its own answer. */
const OFFERS_STALE_MS = 60_000;

/** The deposit bonuses for the account's currency, with what `amount` (a decimal string, or null) would earn. */
export function useDepositBonuses(currency: string, amount: string | null, enabled = true) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: bonusQueryKeys.depositOffers(playerId ?? "", currency, amount),
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
    queryKey: bonusQueryKeys.depositCodes(playerId ?? ""),
    queryFn: ({ signal }) => fetchDepositBonusCodes(signal),
    enabled: playerId !== null && enabled,
    retry: false,
  });
  return codes.data?.find((code) => code.status === BONUS_CODE_STATUS.pending) ?? null;
}

/** Spec 7: the wallet modal loads the deposit offers and the entered deposit code as it opens, so the form shows them at once. */
export function DepositBonusPreload({ currency }: { currency: string }) {
  useDepositBonuses(currency, null);
  usePendingDepositCode();
  return null;
}
