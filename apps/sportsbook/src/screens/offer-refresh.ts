import type { BetView } from "@playfair/contracts/sport/bets";
import { useEffect, useRef } from "react";
import { eventUpdateFrom, sportEventChannel } from "../live-updates.ts";
import { useChannels } from "../widget-context.tsx";

/**
 * How long after a price or status change of an open bet's market its offers are read again. The
 * server computes each offer from the latest prices (ADR 035); every change within this time
 * shares one read, so a busy live match costs at most one call per interval.
 */
export const OFFER_REFRESH_MS = 1_500;

/** The open legs' markets, `eventId/marketKey`: the prices a cash-out offer is made of. */
export function openLegMarkets(bets: readonly BetView[]): Set<string> {
  return new Set(bets.filter((bet) => !bet.isSettled).flatMap((bet) => bet.legs.filter((leg) => leg.result === "open").map((leg) => `${leg.eventId}/${leg.marketKey}`)));
}

/** Does this publication of an event channel change what the open legs' markets are worth? */
export function movesOffers(data: unknown, markets: ReadonlySet<string>): boolean {
  const update = eventUpdateFrom(data);
  if (!update) return false;
  // A suspension, or a status message without markets (a producer down or up), changes every offer of the event.
  if (update.suspended || update.markets.length === 0) return [...markets].some((market) => market.startsWith(`${update.eventId}/`));
  return update.markets.some((market) => markets.has(`${update.eventId}/${market.marketKey}`));
}

/**
 * Keeps the open bets' cash-out offers current: listens to the `sport:event-<id>` channels of their
 * open legs and, when one of their markets moves, reads the offers again at most once per
 * OFFER_REFRESH_MS. A hidden page reads them once it is shown again.
 */
export function useOfferRefresh(bets: readonly BetView[] | null, reload: () => void): void {
  const markets = openLegMarkets(bets ?? []);
  const channels = [...new Set([...markets].map((market) => sportEventChannel(Number(market.split("/")[0]))))];
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const staleWhileHidden = useRef(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useChannels(channels, (data) => {
    if (timer.current !== null || !movesOffers(data, markets)) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      if (document.visibilityState === "hidden") staleWhileHidden.current = true;
      else reloadRef.current();
    }, OFFER_REFRESH_MS);
  });
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible" || !staleWhileHidden.current) return;
      staleWhileHidden.current = false;
      reloadRef.current();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, []);
}
