import type { OddsPolicy } from "@playfair/contracts/sport/bets";

/** The slip's choices when a price moves before acceptance, in the order they are offered. */
export const ODDS_POLICY_OPTIONS: readonly OddsPolicy[] = ["accept_higher", "accept_any", "none"];
