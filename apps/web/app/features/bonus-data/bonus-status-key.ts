// What became of a bonus or free spins, as one word the bonuses page and the wallet history both
// show (each with its own badge tone).
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";

export type StatusKey = "issued" | "active" | "played" | "canceled" | "expired";

/** The status a card shows: issued, active, or how it finished (results 4 and 5 both read "expired"). */
export function statusKeyOf(item: { status: number; result: number }): StatusKey {
  if (item.status === PLAYER_BONUS_STATUS.issued) return "issued";
  if (item.status === PLAYER_BONUS_STATUS.active) return "active";
  if (item.result === PLAYER_BONUS_RESULT.played) return "played";
  if (item.result === PLAYER_BONUS_RESULT.canceled) return "canceled";
  return "expired";
}
