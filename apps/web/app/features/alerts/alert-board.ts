import { useSyncExternalStore } from "react";
import type { Alert } from "./alert-store.ts";

// What the live region shows: the alerts on screen, published by the page's alert queue
// (alert-store.ts). Every page renders the region, but a first visit rarely shows an alert, so
// the queue, its timers and its duplicate rules load with the first code that can show one, and
// the site shell carries only this list.

const NONE: readonly Alert[] = [];
let visible: readonly Alert[] = NONE;
const listeners = new Set<() => void>();

/** Replaces the alerts on screen (the page's queue calls it whenever they change). */
export function publishVisibleAlerts(alerts: readonly Alert[]): void {
  visible = alerts;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alerts on screen, oldest first; none on the server. */
export function useVisibleAlerts(): readonly Alert[] {
  return useSyncExternalStore(subscribe, () => visible, () => NONE);
}
