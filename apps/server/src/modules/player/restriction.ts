import { PLAYER_STATUS } from "@playfair/contracts/constants";
import type { PlayerRestriction } from "@playfair/contracts/player/profile";
import type { PlayerRow } from "./player.repository.ts";

/**
 * Whether a player is in restricted mode at `at` (docs/decisions/016-restricted-mode.md): a
 * self-exclusion (P3) or a cooling-off (P4) in force. Such a player may sign in to withdraw and see
 * their history, nothing more. The responsible-gaming limits set the dates, and the account leaves
 * restricted mode by itself once they pass; an operator-set status lasts until the operator lifts it.
 */
export function restrictionOf(player: Pick<PlayerRow, "status" | "selfExcludedUntil" | "coolingOffUntil">, at: Date): PlayerRestriction | null {
  const selfExcludedUntil = player.selfExcludedUntil && player.selfExcludedUntil > at ? player.selfExcludedUntil : null;
  const coolingOffUntil = player.coolingOffUntil && player.coolingOffUntil > at ? player.coolingOffUntil : null;
  // A self-exclusion outweighs a break that overlaps it: it is the longer, stricter promise.
  if (player.status === PLAYER_STATUS.selfExcluded || selfExcludedUntil) {
    return { reason: "selfExcluded", until: selfExcludedUntil?.toISOString() ?? null };
  }
  if (player.status === PLAYER_STATUS.coolingOff || coolingOffUntil) {
    return { reason: "coolingOff", until: coolingOffUntil?.toISOString() ?? null };
  }
  return null;
}
