import { z } from "zod";

// Spec realtime event `game.bet.restricted` on `game:bets#{playerId}`: a stake was refused by the
// player's protection (self-exclusion, cooling-off, bet or loss limit), so the game page can show
// the game-limit-reached modal even when the game itself runs in another site's frame. One shape
// for every game: our originals, crash and the studios' games behind the seamless wallet.

export const GAME_BETS_CHANNEL = "game:bets";
export const GAME_BET_RESTRICTED_EVENT = "game.bet.restricted";

/**
 * Why: restricted mode's reasons, a limit with no room left, a stake over the room a limit leaves,
 * or a stake over the cap per game cycle of the player's jurisdiction (P11).
 */
export const GAME_BET_RESTRICTED_REASONS = ["selfExcluded", "coolingOff", "blocked", "betLimitReached", "lossLimitReached", "limitExceeded", "stakeCapExceeded"] as const;

export const GameBetRestrictedEventSchema = z.object({
  event: z.literal(GAME_BET_RESTRICTED_EVENT),
  reason: z.enum(GAME_BET_RESTRICTED_REASONS),
  /** What the player is told (the limits service's wording). */
  message: z.string(),
  provider: z.string(),
  gameCode: z.string(),
  currency: z.string(),
  /** The stake refused; absent for a step of a round that named none (a blackjack double). */
  amount: z.string().optional(),
});
export type GameBetRestrictedEvent = z.infer<typeof GameBetRestrictedEventSchema>;
export type GameBetRestrictedReason = GameBetRestrictedEvent["reason"];

/** The event's reason for a refusal's reason code; `fallback` when the code is none of the listed ones. */
export function betRestrictedReasonOf(reason: string | undefined, fallback: GameBetRestrictedReason): GameBetRestrictedReason {
  return (GAME_BET_RESTRICTED_REASONS as readonly string[]).includes(reason ?? "") ? (reason as GameBetRestrictedReason) : fallback;
}
