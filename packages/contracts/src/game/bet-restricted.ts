import { z } from "zod";

// Spec realtime event `game.bet.restricted` on `game:bets#{playerId}`: a stake was refused by the
// player's protection (self-exclusion, cooling-off, bet or loss limit), so the game page can show
// the game-limit-reached modal even when the game itself runs in another site's frame.

export const GAME_BETS_CHANNEL = "game:bets";
export const GAME_BET_RESTRICTED_EVENT = "game.bet.restricted";

/** Why: restricted mode's reasons, a limit with no room left, or a stake over the room a limit leaves. */
export const GAME_BET_RESTRICTED_REASONS = ["selfExcluded", "coolingOff", "blocked", "betLimitReached", "lossLimitReached", "limitExceeded"] as const;

export const GameBetRestrictedEventSchema = z.object({
  event: z.literal(GAME_BET_RESTRICTED_EVENT),
  reason: z.enum(GAME_BET_RESTRICTED_REASONS),
  /** What the player is told (the limits service's wording). */
  message: z.string(),
  provider: z.string(),
  gameCode: z.string(),
  currency: z.string(),
  amount: z.string(),
});
export type GameBetRestrictedEvent = z.infer<typeof GameBetRestrictedEventSchema>;
