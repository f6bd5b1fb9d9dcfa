import { z } from "zod";
import { PositiveMoneyAmountSchema } from "../money.ts";
import { pageSchema, paginationQuerySchema } from "../pagination.ts";

/**
 * Crash (playfair-crash): one shared round for every player. A round takes bets while it is
 * `betting`, then its multiplier grows from 1.00x on a published curve while it is `running`, and
 * it ends `crashed` at the point its chain hash fixes (ADR 018, ADR 027). A round the server had
 * to abandon during betting is `cancelled` and its bets refunded.
 */

export const CRASH_GAME_IDENTITY = "playfair-crash";

/**
 * The curve: m(t) = e^(GROWTH x t) for t milliseconds after the round's start, shown and paid in
 * hundredths rounded down. 2.00x comes after about 11.6 s, 10x after 38.4 s, 100x after 76.8 s.
 */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The player's multiplier t milliseconds into a running round, in hundredths (100 is 1.00x). */
export function crashMultiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** The first millisecond at which the curve shows `hundredths` (the moment a round with that point crashes). */
export function crashMillisecondsTo(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS) - 1);
  // The logarithm is a float: step to the exact first millisecond the rounded-down curve reaches it.
  while (crashMultiplierAt(ms) < hundredths) ms += 1;
  while (ms > 0 && crashMultiplierAt(ms - 1) >= hundredths) ms -= 1;
  return ms;
}

/** The lowest auto cash-out target, in hundredths: 1.01x. */
export const CRASH_MIN_AUTO_CASHOUT = 101;
/** The highest multiplier a round can reach, in hundredths (the limbo conversion's cap). */
export const CRASH_MAX_POINT = 100_000_000;

export const CRASH_ROUND_STATUSES = ["betting", "running", "crashed", "cancelled"] as const;
export type CrashRoundStatus = (typeof CRASH_ROUND_STATUSES)[number];

export const CRASH_BET_STATUSES = ["active", "cashed", "lost", "refunded"] as const;
export type CrashBetStatus = (typeof CRASH_BET_STATUSES)[number];

/** A multiplier with two decimals: "2.35". */
const MultiplierTextSchema = z.string().regex(/^\d+\.\d{2}$/);

export const CrashRoundSchema = z
  .object({
    id: z.string(),
    /** Rounds after the chain's commitment: 1 for the chain's first round. */
    position: z.number().int(),
    chainId: z.string(),
    status: z.enum(CRASH_ROUND_STATUSES),
    bettingEndsAt: z.string(),
    startedAt: z.string().nullable(),
    crashedAt: z.string().nullable(),
    /** Only once the round is over: before that it would tell everyone when to cash out. */
    crashPoint: MultiplierTextSchema.nullable(),
    hash: z.string().nullable(),
  })
  .meta({ id: "CrashRound" });
export type CrashRound = z.infer<typeof CrashRoundSchema>;

/** A bet as everyone sees it: the name masked like the winners feed. */
export const CrashPublicBetSchema = z
  .object({
    id: z.string(),
    roundId: z.string(),
    player: z.string(),
    currency: z.string(),
    amount: z.string(),
    status: z.enum(CRASH_BET_STATUSES),
    /** The multiplier the bet was cashed out at; null until then. */
    cashoutMultiplier: MultiplierTextSchema.nullable(),
    payout: z.string().nullable(),
  })
  .meta({ id: "CrashPublicBet" });
export type CrashPublicBet = z.infer<typeof CrashPublicBetSchema>;

/** GET /api/game/crash/round: the round in play (or the last one, between rounds) with its real-money bets. */
export const CrashStateSchema = z
  .object({
    round: CrashRoundSchema.nullable(),
    bets: z.array(CrashPublicBetSchema),
    /** The server's clock, so a client can place the curve without trusting its own. */
    serverTime: z.string(),
    growthPerMs: z.number(),
  })
  .meta({ id: "CrashState" });
export const CrashStateResponseSchema = z.object({ data: CrashStateSchema });

/** A played round's public record: enough to recompute its point and place it in its chain. */
export const CrashRoundRecordSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    status: z.enum(CRASH_ROUND_STATUSES),
    crashPoint: MultiplierTextSchema.nullable(),
    hash: z.string().nullable(),
    salt: z.string(),
    /** The chain's terminating hash, published before its first round. */
    commitment: z.string(),
    chainId: z.string(),
    /** The chain's length: its last round's hash is its seed. */
    chainLength: z.number().int(),
    startedAt: z.string().nullable(),
    crashedAt: z.string().nullable(),
  })
  .meta({ id: "CrashRoundRecord" });
export type CrashRoundRecord = z.infer<typeof CrashRoundRecordSchema>;
export const CrashRoundRecordResponseSchema = z.object({ data: CrashRoundRecordSchema });
export const CrashHistoryQuerySchema = paginationQuerySchema({ defaultPerPage: 20, maxPerPage: 100 });
export const CrashHistoryPageSchema = pageSchema(CrashRoundRecordSchema).meta({ id: "CrashHistoryPage" });
export const CrashRoundParamsSchema = z.object({ roundId: z.uuid({ error: "Unknown round." }) });

/** A bet as its player sees it. */
export const CrashBetSchema = z
  .object({
    id: z.string(),
    roundId: z.string(),
    sessionId: z.string(),
    demo: z.boolean(),
    currency: z.string(),
    amount: z.string(),
    autoCashout: MultiplierTextSchema.nullable(),
    status: z.enum(CRASH_BET_STATUSES),
    cashoutMultiplier: MultiplierTextSchema.nullable(),
    payout: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: "CrashBet" });
export type CrashBet = z.infer<typeof CrashBetSchema>;
/** The bet and the playable balance right after this step. */
export const CrashBetResponseSchema = z.object({ data: CrashBetSchema, balance: z.string() });
export const CrashBetsQuerySchema = paginationQuerySchema({ defaultPerPage: 20, maxPerPage: 100 });
export const CrashBetsPageSchema = pageSchema(CrashBetSchema).meta({ id: "CrashBetsPage" });

export const CrashSessionParamsSchema = z.object({ sessionId: z.uuid({ error: "Unknown game session." }) });
export const CrashBetParamsSchema = CrashSessionParamsSchema.extend({ betId: z.uuid({ error: "Unknown bet." }) });

export const PlaceCrashBetRequestSchema = z.object({
  amount: PositiveMoneyAmountSchema,
  /** Cash out automatically at this multiplier ("2.00"), from 1.01. */
  autoCashout: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, { error: "Enter a multiplier such as 2.00." })
    .optional(),
});
export type PlaceCrashBetRequest = z.infer<typeof PlaceCrashBetRequestSchema>;

/** The public channel of the shared round: round states, bets placed, cash-outs. */
export const CRASH_CHANNEL = "global:crash";
export const CRASH_ROUND_EVENT = "crash.round";
export const CRASH_BET_EVENT = "crash.bet";
export const CRASH_CASHOUT_EVENT = "crash.cashout";
