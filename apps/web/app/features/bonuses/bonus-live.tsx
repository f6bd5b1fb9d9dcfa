// Live bonus state for the whole page (mounted once in the header while signed in, loaded lazily):
// - `playerBonus` / `playerFreespin` events put the new view into the cached lists at once (live
//   balance and wagering progress), alert on a change of status or result (spec 4), and re-read
//   the lists 500 ms after the last event of a burst (spec 9);
// - `playerBonusCode` events alert on codes in status 3 or 4 (spec 8) and on accepted codes;
// - switching the active account reloads every bonus query (spec 4);
// - at sign-in the bonus lists and sum are read ahead, except on the profile-bonuses page, which
//   reads them itself (spec 4).
import { BONUS_CHANNELS, BONUS_LIST_DEBOUNCE_MS } from "@playfair/contracts/bonus/bonus-constants";
import type { PlayerBonus, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { codeAlert, bonusAlert, freespinAlert, type AlertContext } from "./bonus-alerts.ts";
import { bonusQueryKeys, fetchBonusSum, fetchPlayerBonuses, fetchPlayerFreespins, ACTIVE_LIST_STATUSES, storePlayerBonus, storePlayerFreespin } from "#app/features/bonus-data/bonus-api.ts";
import { bonusAlertState, codeOutcome, debounce, playerBonusCodeFromEvent, playerBonusFromEvent, playerFreespinFromEvent, stateKey } from "./bonus-events.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { useRealtimeEvent, useRealtimeResyncQueries } from "#app/features/realtime/use-realtime.ts";
import { onAccountChanged } from "#app/features/wallet/wallet-accounts.ts";
import { usePlayerId, useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { baseRouteName, useRouteName } from "#app/lib/route-name.ts";

export default function BonusLiveUpdates() {
  const playerId = usePlayerId();
  if (!playerId) return null;
  return <BonusLiveForPlayer playerId={playerId} />;
}

/** Spec 4: the profile-bonuses page reads its own data, so sign-in does not read it ahead there. */
export function shouldPreloadBonuses(routeName: string): boolean {
  return baseRouteName(routeName) !== "profile-bonuses";
}

/** The status-result pair of a bonus or free spin in the cached lists, if any list holds it. */
function cachedState(queryClient: QueryClient, playerId: string, id: string): string | undefined {
  for (const [, list] of queryClient.getQueriesData<Array<PlayerBonus | PlayerFreespin>>({ queryKey: bonusQueryKeys.all(playerId) })) {
    const item = Array.isArray(list) ? list.find((entry) => entry.id === id) : undefined;
    if (item) return stateKey(item);
  }
  return undefined;
}

function isBonusQuery(queryKey: readonly unknown[], playerId: string): boolean {
  const prefix = bonusQueryKeys.all(playerId);
  return prefix.every((part, index) => queryKey[index] === part);
}

function BonusLiveForPlayer({ playerId }: { playerId: string }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const localizedPath = useLocalizedPath();
  const routeName = useRouteName();
  const context = useRef<AlertContext>({ t, money, localizedPath });
  useEffect(() => {
    context.current = { t, money, localizedPath };
  });
  // What each bonus's state was when last seen here (or in the lists), so only changes alert.
  const seen = useRef(new Map<string, string>());
  const previousState = (id: string) => seen.current.get(id) ?? cachedState(queryClient, playerId, id);
  // The lists as the server sent them are what the player saw: an activation's own answer writes the
  // cache before its event arrives, and must not hide the change from the alert.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
        if (!isBonusQuery(event.query.queryKey, playerId)) return;
        const list: unknown = event.query.state.data;
        if (!Array.isArray(list)) return;
        for (const item of list as Array<PlayerBonus | PlayerFreespin>) if (!seen.current.has(item.id)) seen.current.set(item.id, stateKey(item));
      }),
    [playerId, queryClient],
  );

  const refetchLists = useRef(debounce(() => void queryClient.invalidateQueries({ queryKey: bonusQueryKeys.all(playerId) }), BONUS_LIST_DEBOUNCE_MS));
  useEffect(() => {
    const pending = refetchLists.current;
    return () => pending.cancel();
  }, []);

  useRealtimeResyncQueries(BONUS_CHANNELS.playerBonuses, bonusQueryKeys.all(playerId));
  useRealtimeResyncQueries(BONUS_CHANNELS.playerFreespins, bonusQueryKeys.all(playerId));
  useRealtimeResyncQueries(BONUS_CHANNELS.playerBonusCodes, bonusQueryKeys.codes(playerId));

  // Sign-in (this component mounts when a player appears): read ahead for the header and the wallet.
  const preload = useRef(shouldPreloadBonuses(routeName));
  useEffect(() => {
    if (!preload.current) return;
    void queryClient.prefetchQuery({ queryKey: bonusQueryKeys.bonuses(playerId), queryFn: ({ signal }) => fetchPlayerBonuses(ACTIVE_LIST_STATUSES, signal) });
    void queryClient.prefetchQuery({ queryKey: bonusQueryKeys.freespins(playerId), queryFn: ({ signal }) => fetchPlayerFreespins(ACTIVE_LIST_STATUSES, signal) });
    void queryClient.prefetchQuery({ queryKey: bonusQueryKeys.sum(playerId), queryFn: ({ signal }) => fetchBonusSum(signal) });
  }, [playerId, queryClient]);

  // Spec 4: switching the active account reloads bonuses, free spins, cashback and deposit bonuses.
  useEffect(() => onAccountChanged(window, () => void queryClient.invalidateQueries({ queryKey: bonusQueryKeys.all(playerId) })), [playerId, queryClient]);

  useRealtimeEvent(BONUS_CHANNELS.playerBonuses, ({ data }) => {
    const bonus = playerBonusFromEvent(data);
    if (!bonus) return;
    const state = bonusAlertState(previousState(bonus.id), bonus);
    seen.current.set(bonus.id, stateKey(bonus));
    storePlayerBonus(queryClient, playerId, bonus);
    if (state) showAlert(bonusAlert(bonus, state, context.current));
    refetchLists.current.call();
  });

  useRealtimeEvent(BONUS_CHANNELS.playerFreespins, ({ data }) => {
    const freespin = playerFreespinFromEvent(data);
    if (!freespin) return;
    const state = bonusAlertState(previousState(freespin.id), freespin);
    seen.current.set(freespin.id, stateKey(freespin));
    storePlayerFreespin(queryClient, playerId, freespin);
    if (state) showAlert(freespinAlert(freespin, state, context.current));
    refetchLists.current.call();
  });

  useRealtimeEvent(BONUS_CHANNELS.playerBonusCodes, ({ data }) => {
    const code = playerBonusCodeFromEvent(data);
    if (!code) return;
    const outcome = codeOutcome(code.status);
    // The same key as the get-code modal's own alert: one announcement per outcome.
    if (outcome && outcome !== "pending") showAlert(codeAlert(outcome, code.code, code.title, context.current.t, `bonus-code:${code.code.toUpperCase()}:${outcome}`));
    void queryClient.invalidateQueries({ queryKey: bonusQueryKeys.codes(playerId) });
  });

  return null;
}
