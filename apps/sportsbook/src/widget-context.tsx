import { SPORTSBOOK_DEFAULT_LOCALE, type SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import type { SportsbookApi } from "./api.ts";
import { translator, type Translate } from "./i18n.ts";
import type { Realtime } from "./realtime.ts";
import type { SlipState, SlipStore } from "./slip-store.ts";
import type { SportsbookHost } from "./sportsbook-host.ts";
import type { WidgetState } from "./widget-store.ts";

export type WidgetServices = { host: SportsbookHost; api: SportsbookApi; realtime: Realtime; slip: SlipStore };

const WidgetContext = createContext<WidgetServices | null>(null);

export function WidgetProvider({ services, children }: { services: WidgetServices; children: ReactNode }) {
  return <WidgetContext.Provider value={services}>{children}</WidgetContext.Provider>;
}

export function useServices(): WidgetServices {
  const services = useContext(WidgetContext);
  if (!services) throw new Error("The sportsbook's screens need the WidgetProvider");
  return services;
}

export function useWidgetState(): WidgetState {
  const { store } = useServices().host;
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useLocale(): SportsbookLocale {
  return useWidgetState().parameters?.locale ?? SPORTSBOOK_DEFAULT_LOCALE;
}

export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translator(locale), [locale]);
}

export function useSlip(): SlipState {
  const { slip } = useServices();
  return useSyncExternalStore(slip.subscribe, slip.get, slip.get);
}

/** Moves the widget's router (and, through its `navigate` event, the site's address). */
export function useNavigate(): (path: string) => void {
  const { host } = useServices();
  return useCallback((path: string) => host.navigateFromWidget(path), [host]);
}

export type Resource<T> = { status: "pending" | "success" | "error"; data: T | null; reload: () => void; replace: (update: (data: T) => T) => void };

/**
 * Data for a screen: loaded when `key` changes (null loads nothing), kept while the next one
 * loads, aborted when the screen leaves. `replace` lets a live update change the data in place;
 * `merge` decides what a reload's answer keeps of the data shown (a live update newer than it).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, merge?: (shown: T, loaded: T) => T): Resource<T> {
  const [state, setState] = useState<{ key: string | null; status: Resource<T>["status"]; data: T | null }>({ key: null, status: "pending", data: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const mergeRef = useRef(merge);
  useEffect(() => {
    loadRef.current = load;
    mergeRef.current = merge;
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const keep = mergeRef.current;
        setState((current) => ({ key, status: "success", data: keep && current.key === key && current.data !== null ? keep(current.data, data) : data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The sportsbook could not load", key, error);
        setState((current) => ({ key, status: "error", data: current.key === key ? current.data : null }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback((update: (data: T) => T) => setState((current) => (current.data === null ? current : { ...current, data: update(current.data) })), []);
  const current = state.key === key;
  return { status: current ? state.status : "pending", data: current ? state.data : null, reload, replace };
}

/**
 * Listens to a realtime channel while the screen shows (null listens to nothing). Answers whether
 * the channel is subscribed; `onSubscribed` runs each time it is (again), so a screen can read
 * what it may have missed before then.
 */
export function useChannel(channel: string | null, onData: (data: unknown) => void, onSubscribed?: () => void): boolean {
  const { realtime } = useServices();
  const handlers = useRef({ onData, onSubscribed });
  const [subscribed, setSubscribed] = useState<string | null>(null);
  useEffect(() => {
    handlers.current = { onData, onSubscribed };
  });
  useEffect(() => {
    if (channel === null) return;
    const stop = realtime.listen(channel, {
      onData: (data) => handlers.current.onData(data),
      onSubscribed: () => {
        setSubscribed(channel);
        handlers.current.onSubscribed?.();
      },
    });
    return () => {
      stop();
      setSubscribed(null);
    };
  }, [channel, realtime]);
  return channel !== null && subscribed === channel;
}

/** Listens to several realtime channels while the screen shows (an empty list listens to none). */
export function useChannels(channels: readonly string[], onData: (data: unknown) => void): void {
  const { realtime } = useServices();
  const handler = useRef(onData);
  useEffect(() => {
    handler.current = onData;
  });
  // The list's text is the effect's key: a new array with the same channels keeps the subscriptions.
  const key = [...new Set(channels)].sort().join(" ");
  useEffect(() => {
    if (key === "") return;
    const stops = key.split(" ").map((channel) => realtime.listen(channel, { onData: (data) => handler.current(data) }));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, realtime]);
}
