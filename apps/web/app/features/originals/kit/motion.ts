import { useEffect, useRef, useState, useSyncExternalStore } from "react";

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

/**
 * A number that runs from where it was to `target` over `ms` (ease-out), for rolling results;
 * with reduced motion it is the target at once. `key` restarts the run for a new round.
 */
export function useCountUp(target: number, ms: number, key: string | null): number {
  const reduced = useReducedMotion();
  const [value, setValue] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    if (key === null || reduced || ms <= 0) {
      from.current = target;
      return;
    }
    const start = performance.now();
    const origin = from.current;
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - progress) ** 3;
      setValue(origin + (target - origin) * eased);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(frame);
      from.current = target;
    };
  }, [key, target, ms, reduced]);
  return reduced || ms <= 0 ? target : value;
}
