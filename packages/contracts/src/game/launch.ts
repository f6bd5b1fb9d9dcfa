import { z } from "zod";
import { GameDeviceSchema } from "./catalogue.ts";
import { GameJurisdictionSchema } from "./jurisdiction.ts";

/**
 * POST /api/game/games/{id}/play: opens a game session and answers how the game page shows the game. Real play needs a session and a currency the player holds; demo play (play money,
 * never the ledger) is open to guests where the game has a demo.
 */
export const GameLaunchRequestSchema = z
  .object({
    demo: z.boolean().default(false),
    /** The wallet currency to play in (real play); the player's active account when omitted. */
    currency: z.string().min(2).max(10).optional(),
    device: GameDeviceSchema.default("desktop"),
  })
  .meta({ id: "GameLaunchRequest" });
export type GameLaunchRequest = z.infer<typeof GameLaunchRequestSchema>;

/**
 * Our originals play inside the game page itself (their React interface talks to the rounds API with
 * the session id); third-party games load the aggregator's address in an iframe; the sportsbook
 * (`playfair-sportsbook`, ADR 035) answers the token its widget bets with.
 */
export const GAME_LAUNCH_KINDS = ["original", "iframe", "sportsbook"] as const;

/** An original's stake bounds in the session's currency (the rounds API refuses a stake outside them). */
export const GameStakeBoundsSchema = z.object({ min: z.string(), max: z.string() }).meta({ id: "GameStakeBounds" });
export type GameStakeBounds = z.infer<typeof GameStakeBoundsSchema>;

/** Active free spins a launch can offer: play a round with `freespinId: id` at `spinValue`. */
export const GameLaunchFreespinSchema = z
  .object({ id: z.uuid(), remaining: z.number().int().min(1), spinValue: z.string() })
  .meta({ id: "GameLaunchFreespin" });
export type GameLaunchFreespin = z.infer<typeof GameLaunchFreespinSchema>;

export const GameLaunchSchema = z
  .object({
    kind: z.enum(GAME_LAUNCH_KINDS),
    /** The aggregator's launch address for iframe games; null for originals. */
    url: z.string().nullable(),
    sessionId: z.string(),
    demo: z.boolean(),
    currency: z.string(),
    /** Our originals' stake bounds, so the bet panel can offer min and max; absent for iframe games. */
    stakes: GameStakeBoundsSchema.optional(),
    /** The player's jurisdiction rules for this game (P11, jurisdiction.ts); absent when none apply. `stakes.max` is already capped. */
    jurisdiction: GameJurisdictionSchema.optional(),
    /** The player's active free spins on this game in this currency, so the page can offer them; absent when none. */
    freespin: GameLaunchFreespinSchema.optional(),
    /** The sportsbook's start-game call only: the token the widget sends to the bet routes; empty for a guest. */
    token: z.string().optional(),
  })
  .meta({ id: "GameLaunch" });
export type GameLaunch = z.infer<typeof GameLaunchSchema>;

export { RETURN_TO_GAME_STORAGE_KEY } from "./catalogue-constants.ts";
