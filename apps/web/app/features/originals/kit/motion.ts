import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True when the player asked for less motion: results then appear at once, without animation. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/** Waits `ms` unless motion is reduced; lets an interface hold its result until its animation ends. */
export function settleAfter(ms: number, reduced: boolean): Promise<void> {
  return reduced || ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
