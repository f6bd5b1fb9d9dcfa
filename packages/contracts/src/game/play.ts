import { z } from "zod";
import { PositiveMoneyAmountSchema } from "../money.ts";

/**
 * Playing our originals (F1-F5, P7, P8): provably-fair seeds, game rounds through the ledger, their
 * history, and the public record of a settled round. The catalogue and the launch call live in
 * catalogue.ts and launch.ts.
 */

/** The fixed identities of our studio's games (provider `playfair`). */
export const ORIGINAL_GAME_IDENTITIES = [
  "playfair-dice",
  "playfair-limbo",
  "playfair-mines",
  "playfair-plinko",
  "playfair-keno",
  "playfair-roulette",
  "playfair-blackjack",
  "playfair-slot",
  "playfair-crash",
] as const;
export type OriginalGameIdentity = (typeof ORIGINAL_GAME_IDENTITIES)[number];

/**
 * The seed families a player holds one server seed for: the @playfair/fairness game ids of the
 * originals played round by round.
 */
export const SEED_GAMES = ["dice", "limbo", "roulette", "plinko", "mines", "keno", "slot", "blackjack"] as const;
export const SeedGameSchema = z.enum(SEED_GAMES, { error: "Choose one of the originals." });
export type SeedGame = z.infer<typeof SeedGameSchema>;

/** Play money of a demo session: never on the ledger, never withdrawable. */
export const DEMO_CURRENCY = "FUN";
export const DEMO_BALANCE = "1000.00";

/** The engine builds its HMAC message as "clientSeed:nonce:round", so a client seed never holds ":". */
export const CLIENT_SEED_MAX_LENGTH = 64;
export const ClientSeedSchema = z
  .string()
  .min(1)
  .max(CLIENT_SEED_MAX_LENGTH)
  .regex(/^[^:]+$/, { error: "The client seed cannot contain a colon." });

const SeedStateSchema = z
  .object({
    game: SeedGameSchema,
    /** SHA-256 of the server seed in use: shown before any bet (F1). */
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** The nonce the next round takes. */
    nonce: z.number().int(),
    /** The last server seed rotated away, revealed, with the client seed and how many rounds it served. */
    previous: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }).nullable(),
  })
  .meta({ id: "FairnessSeeds" });
export type SeedState = z.infer<typeof SeedStateSchema>;
export const SeedListSchema = z.object({ data: z.array(SeedStateSchema) });
export const SeedStateResponseSchema = z.object({ data: SeedStateSchema });

export const SetClientSeedRequestSchema = z.object({ game: SeedGameSchema, clientSeed: ClientSeedSchema });
export const RotateSeedRequestSchema = z.object({ game: SeedGameSchema, clientSeed: ClientSeedSchema.optional() });

export const ROUND_STATUSES = ["open", "settled", "voided"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** What the round's bytes were made from (F3). */
const RoundSeedsSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  cursor: z.number().int(),
  algorithmVersion: z.number().int(),
});

export const RoundSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    game: z.string(),
    fairnessGame: z.string(),
    demo: z.boolean(),
    currency: z.string(),
    status: z.enum(ROUND_STATUSES),
    stake: z.string(),
    /** Null while the round is open. */
    payout: z.string().nullable(),
    multiplier: z.string().nullable(),
    params: z.record(z.string(), z.unknown()),
    /** The engine's outcome; for an open multi-step round, the steps so far (hidden parts left out). */
    outcome: z.record(z.string(), z.unknown()).nullable(),
    /** Null for a crash bet: its point comes from the shared chain, not from the player's seeds. */
    seeds: RoundSeedsSchema.nullable(),
    balanceBefore: z.string(),
    balanceAfter: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    /** The free spin this round was played as (no stake of the player's); absent or null otherwise. */
    freespinId: z.string().nullable().optional(),
  })
  .meta({ id: "GameRound" });
export type Round = z.infer<typeof RoundSchema>;

/**
 * GET /api/game/originals/{sessionId}/open-round: the round left open (mines, blackjack) to pick up
 * after a reload, or null; `balance` is a demo session's play money (null for real money: the
 * wallet's accounts carry it). Act on it with its own `sessionId`.
 */
export const OpenRoundResponseSchema = z.object({ data: RoundSchema.nullable(), balance: z.string().nullable() });

/** The round and the playable balance right after this step. */
export const RoundResponseSchema = z.object({ data: RoundSchema, balance: z.string() });

export const RoundSessionParamsSchema = z.object({ sessionId: z.uuid({ error: "Unknown game session." }) });
export const RoundActionParamsSchema = RoundSessionParamsSchema.extend({ roundId: z.uuid({ error: "Unknown round." }) });

export const PlaceRoundRequestSchema = z.object({
  amount: PositiveMoneyAmountSchema,
  /** The game's parameters (dice target and condition, mines count, roulette bets with amounts...). */
  params: z.record(z.string(), z.unknown()).default({}),
  /**
   * Play the round as one of the player's active free spins on this game: the stake is the free
   * spin's spin value (the amount must equal it) and the player pays nothing; what it wins counts
   * toward the free spins' winnings, which become a bonus when they finish.
   */
  freespinId: z.uuid({ error: "Unknown free spins." }).optional(),
});
export type PlaceRoundRequest = z.infer<typeof PlaceRoundRequestSchema>;

/** What each multi-step original takes: mines reveals and cashes out; blackjack hits, stands, doubles and splits. */
export const MINES_ACTIONS = ["reveal", "cashout"] as const;
export const BLACKJACK_ROUND_ACTIONS = ["hit", "stand", "double", "split"] as const;

/** A step of a multi-step round. */
export const RoundActionRequestSchema = z.object({
  action: z.enum([...MINES_ACTIONS, ...BLACKJACK_ROUND_ACTIONS], { error: "Choose an action of this game." }),
  /** The tile a reveal turns, 0-24 row by row. */
  tile: z.number().int().min(0).max(24).optional(),
  /**
   * Blackjack: how many actions the round has taken before this one (its `params.actions` length).
   * The same action sent twice for one step is played once; the repeat answers the round as it is.
   */
  step: z.number().int().min(0).max(100).optional(),
});
export type RoundActionRequest = z.infer<typeof RoundActionRequestSchema>;

/** GET /api/game/fairness/rounds/{id}: a settled round's F3 record, public. */
export const FairnessRoundSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    fairnessGame: z.string(),
    status: z.enum(ROUND_STATUSES),
    ...RoundSeedsSchema.shape,
    /** Revealed once the player rotated this seed away; null until then. */
    serverSeed: z.string().nullable(),
    params: z.record(z.string(), z.unknown()),
    outcome: z.record(z.string(), z.unknown()).nullable(),
    currency: z.string(),
    stake: z.string(),
    payout: z.string().nullable(),
    multiplier: z.string().nullable(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: "FairnessRound" });
export const FairnessRoundResponseSchema = z.object({ data: FairnessRoundSchema });
export const FairnessRoundParamsSchema = z.object({ id: z.uuid({ error: "Unknown round." }) });

/** A round as `game:spins#` events and the spins history (game/spins.ts) carry it. */
export const SpinSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    currency: z.string(),
    status: z.enum(ROUND_STATUSES),
    stake: z.string(),
    payout: z.string().nullable(),
    multiplier: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: "Spin" });
export type Spin = z.infer<typeof SpinSchema>;

/**
 * GET /api/game/spins/winners and the `global:game-winners` channel: recent big wins. A crash win's
 * `roundId` is its bet's id (many players win on one shared round).
 */
export const WinnerSchema = z
  .object({
    roundId: z.string(),
    game: z.string(),
    /** The winner's nickname, masked. */
    player: z.string(),
    currency: z.string(),
    stake: z.string(),
    payout: z.string(),
    multiplier: z.string(),
    settledAt: z.string(),
  })
  .meta({ id: "Winner" });
export type Winner = z.infer<typeof WinnerSchema>;
export const WinnerListSchema = z.object({ data: z.array(WinnerSchema) });
export const WINNERS_LIST_SIZE = 20;
/** A settled round is a big win from this payout multiplier on. */
export const BIG_WIN_MULTIPLIER = "10";
export const WINNERS_CHANNEL = "global:game-winners";

/**
 * GET /api/game/originals/{identity}/recall (P7): the last rounds of one game. For playfair-crash each
 * entry is one of the player's bets: `params.roundId` and `params.autoCashout`, `outcome.roundId`,
 * `outcome.crashPoint` (once the round is over) and `outcome.cashoutMultiplier`.
 */
export const RECALL_SIZE = 10;
export const RecallParamsSchema = z.object({ identity: z.enum(ORIGINAL_GAME_IDENTITIES, { error: "Unknown game." }) });
export const RecallListSchema = z.object({ data: z.array(RoundSchema) });

/** The realtime events of play (spec 7): on `game:spins#{playerId}` and `game:bets#{playerId}`. */
export const SPIN_EVENT = "bet.placebet";
export const GAME_LIMIT_REASONS = ["betLimitReached", "lossLimitReached"] as const;
