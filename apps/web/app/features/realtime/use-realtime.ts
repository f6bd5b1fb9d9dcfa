import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { startRealtimeLifecycle } from "./realtime-connection.ts";
import {
  getRealtimeStatus,
  getServerRealtimeStatus,
  onRealtimeEvent,
  onRealtimeResync,
  subscribeRealtimeStatus,
  type RealtimePublication,
  type RealtimeStatus,
} from "./realtime-events.ts";

/** The connection and subscription states; also makes sure the tab's connection follows the session. */
export function useRealtimeStatus(): RealtimeStatus {
  useEffect(() => startRealtimeLifecycle(), []);
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getServerRealtimeStatus);
}

/** Runs `handler` for each publication on channels starting with `channelPrefix`, while mounted. */
export function useRealtimeEvent(channelPrefix: string, handler: (publication: RealtimePublication) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    startRealtimeLifecycle();
    return onRealtimeEvent(channelPrefix, (publication) => latest.current(publication));
  }, [channelPrefix]);
}

/**
 * Refetches the queries under `queryKey` when a channel starting with `channelPrefix` may have
 * missed events during a disconnect (the server could not recover them), e.g.
 * `useRealtimeResyncQueries("wallet:accounts", ["wallet"])` next to the wallet's own queries.
 */
export function useRealtimeResyncQueries(channelPrefix: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => onRealtimeResync(channelPrefix, () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey })), [channelPrefix, key, queryClient]);
}
