import { useCallback, useEffect, useRef, useState } from "react";

// The player's jurisdiction rules as the game page honours them (P11, ADR 031): the server caps
// the stake and refuses a round started too soon; the page never offers either, and shows the
// session's net position and time played when the rules ask for them (the session bar lives with
// the limits, features/limits/session-bar.tsx, so the studios' games show it too).

export { minutesAndSeconds, netAfter, showsSessionBar, useSecondsSince } from "#app/features/limits/jurisdiction-session.ts";

/**
 * Paces rounds to the rules' minimum cycle: `started()` when a round is sent, then `waiting` stays
 * true until the cycle has passed since that start (the server would refuse an earlier one).
 */
export function useCycleGate(minCycleMs: number): { waiting: boolean; started(): void } {
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const started = useCallback(() => {
    if (minCycleMs <= 0) return;
    if (timer.current) clearTimeout(timer.current);
    setWaiting(true);
    timer.current = setTimeout(() => setWaiting(false), minCycleMs);
  }, [minCycleMs]);
  return { waiting, started };
}
