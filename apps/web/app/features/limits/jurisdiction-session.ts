import type { GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import { addAmounts, subtractAmounts } from "@playfair/contracts/money";
import { useEffect, useState } from "react";

// The session bar's figures (P11, ADR 031): what a player's jurisdiction asks to keep in view
// while playing, for our originals and for the studios' games in their frame alike.

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
