import type { GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import { addAmounts, subtractAmounts } from "@playfair/contracts/money";
import { useCallback, useEffect, useRef, useState } from "react";

// The player's jurisdiction rules as the game page honours them (P11, ADR 031): the server caps
// the stake and refuses a round started too soon; the page never offers either, and shows the
// session's net position and time played when the rules ask for them.

/** Fine enough for any currency's subunit: the net position is summed exactly, then formatted as money. */
const NET_SUBUNIT = "1000000000000000000";

/** The net position after one more ended round: wins minus stakes. */
export function netAfter(net: string, round: { stake: string; payout: string | null }): string {
  return subtractAmounts(addAmounts(net, round.payout ?? "0", NET_SUBUNIT), round.stake, NET_SUBUNIT);
}

/** Whether the session bar is shown under these rules. */
export function showsSessionBar(rules: GameJurisdiction | null | undefined): rules is GameJurisdiction {
  return Boolean(rules && (rules.showNetPosition || rules.showTimePlayed));
}

/** Seconds as mm:ss (hours roll into the minutes: 75:03). */
export function minutesAndSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

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

/** Whole seconds since the component mounted, ticking once a second. */
export function useSecondsSince(): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const start = Date.now();
    const interval = setInterval(() => setSeconds(Math.floor((Date.now() - start) / 1000)), 1000);
    return () => clearInterval(interval);
  }, []);
  return seconds;
}
