import { MESSAGES_CHANNEL, PUSHES_CHANNEL } from "@playfair/contracts/notification-constants";

/** Spec 7 "Realtime": the per-player channels, each suffixed with `#<playerId>`; plus global:online. */
export const REALTIME_PLAYER_CHANNELS = [
  "retention:quests",
  "bonus:player-bonus-codes",
  "bonus:player-bonuses",
  "bonus:player-freespins",
  "wallet:accounts",
  "payment:invoices",
  "game:bets",
  "game:spins",
  "retention:accounts",
  MESSAGES_CHANNEL,
  PUSHES_CHANNEL,
] as const;
