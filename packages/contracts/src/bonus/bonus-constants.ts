import { PLAYER_BONUS_STATUS } from "../constants.ts";

// Bonus constants shared by the server's bonus engine and the web. The statuses and results of
// player bonuses and free spins are the spec's (`../constants.ts`: PLAYER_BONUS_STATUS,
// PLAYER_BONUS_RESULT, PLAYER_FREESPIN_*); everything here that the spec does not number is ours.

/** What a template gives. `deposit`: a match on a qualifying deposit; `noDeposit`: a fixed amount; `freespins`: spins on named games; `cashback`: a share of net losses over a period. */
export const BONUS_TEMPLATE_KINDS = ["deposit", "noDeposit", "freespins", "cashback"] as const;
export type BonusTemplateKind = (typeof BONUS_TEMPLATE_KINDS)[number];

/** One product per template: its money is wagered on the casino or on the sportsbook, never both. */
export const BONUS_PRODUCTS = ["casino", "sportsbook"] as const;
export type BonusProduct = (typeof BONUS_PRODUCTS)[number];

/** What the wagering requirement multiplies: the bonus alone, or the bonus plus the deposit that earned it. */
export const WAGERING_BASES = ["bonus", "bonusAndDeposit"] as const;
export type WageringBase = (typeof WAGERING_BASES)[number];

/** How a bonus reached the player (kept on the player bonus for the history and the operator). */
export const BONUS_SOURCES = ["deposit", "code", "package", "freespins", "cashback", "manual", "registration"] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];

/** Spec 7 `GET /api/game/bonuses/bonuscodes (trigger)`: when an entered code gives its bonus. */
export const BONUS_CODE_TRIGGERS = ["registration", "deposit", "manual"] as const;
export type BonusCodeTrigger = (typeof BONUS_CODE_TRIGGERS)[number];

/**
 * A player's entered code. Spec 4/8: 3 incorrect, 4 not available (each an error alert). 1 and 2
 * are ours: 1 waits for its trigger (a deposit code until the next qualifying deposit), 2 gave its bonus.
 */
export const BONUS_CODE_STATUS = { pending: 1, used: 2, incorrect: 3, notAvailable: 4 } as const;

/**
 * The most a wagering requirement may multiply, unless a jurisdiction profile says less: UK rules
 * cap it at 10x from January 2026, and we apply that everywhere by default.
 */
export const DEFAULT_WAGERING_MULTIPLIER_CAP = "10";

/** Spec 3 "Bonus-wager state": the minimum multiplier a round needs to count, when a template names none. */
export const DEFAULT_MIN_MULTIPLIER = "1";

/** The welcome package covers the first to the fourth deposit. */
export const WELCOME_PACKAGE_STEPS = 4;

/** Spec 9: bonus and free-spin list updates are debounced this long in the browser. */
export const BONUS_LIST_DEBOUNCE_MS = 500;

// Realtime (spec 7): channels take `#{playerId}`; events are the payload's `event` field.
export const BONUS_CHANNELS = {
  playerBonuses: "bonus:player-bonuses",
  playerFreespins: "bonus:player-freespins",
  playerBonusCodes: "bonus:player-bonus-codes",
} as const;
export const BONUS_EVENTS = { playerBonus: "playerBonus", playerFreespin: "playerFreespin", playerBonusCode: "playerBonusCode" } as const;

/** Spec 7: a stake over the maximum bet of the active bonus, published on `game:bets#{playerId}`. */
export const GAME_BET_MAX_EXCEED_EVENT = "game.bet.max.exceed";

// spec: result when finished. 1 is also the result while issued/active ("activated or issued
// context"); 5 is a second expiry outcome that only bonuses have, displayed like 4.
export const PLAYER_BONUS_RESULT = {
  activated: 1,
  played: 2,
  canceled: 3,
  expired: 4,
  bonusExpired: 5,
} as const;

export const PLAYER_FREESPIN_STATUS = PLAYER_BONUS_STATUS;

// spec: same codes as bonus results, without 5.
export const PLAYER_FREESPIN_RESULT = {
  activated: 1,
  played: 2,
  canceled: 3,
  expired: 4,
} as const;

