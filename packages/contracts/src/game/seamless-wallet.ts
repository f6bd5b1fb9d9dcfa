import { z } from "zod";

// The seamless-wallet protocol between an aggregator of third-party games and us (ADR 022): the
// aggregator keeps no balance of its own for real players; it asks ours (balance), takes stakes
// (bet), pays results (win) and undoes a stake it could not complete (rollback). Every call is a
// POST of JSON to /api/game/aggregator/<call>, signed in the `Playfair-Signature` header
// (HMAC-SHA256 over "<unix seconds>.<raw body>", the scheme of our payment webhooks), and every
// answer is HTTP 200 with a `status` of the protocol, except a refused signature (401) or a body
// that is not a call (400). Shared by our endpoints and the in-house sandbox aggregator.

export const SEAMLESS_WALLET_CALLS = ["balance", "bet", "win", "rollback"] as const;
export type SeamlessWalletCall = (typeof SEAMLESS_WALLET_CALLS)[number];

/** Where an aggregator sends its calls (relative to our origin). */
export const SEAMLESS_WALLET_PATH = "/api/game/aggregator";

/**
 * The answers' status codes. OK answers carry the balance after the call; a duplicate transaction
 * id with the same parameters is not an error: it replays the first answer exactly.
 */
export const SEAMLESS_WALLET_STATUSES = [
  "OK",
  /** The stake is more than the player's cash balance. */
  "INSUFFICIENT_FUNDS",
  /** Blocked, closed, self-excluded or cooling off: no stakes, whatever the balance. */
  "PLAYER_BLOCKED",
  /** A bet or loss limit leaves no room for this stake. */
  "LIMIT_REACHED",
  /** Unknown, expired or demo session token. */
  "INVALID_SESSION",
  /** A win whose round has no bet, or a call naming a round of another session. */
  "UNKNOWN_TRANSACTION",
  /** A bet or win into a round a previous call closed. */
  "ROUND_CLOSED",
  /** A bet that was rolled back before it arrived: it must not be taken any more. */
  "TRANSACTION_ROLLED_BACK",
  /** A transaction id seen before with other parameters. */
  "TRANSACTION_CONFLICT",
  /** A free-round bet or win the player's free spins do not cover (unknown, ended, used up, another game or stake). */
  "FREE_ROUNDS_UNAVAILABLE",
  /** The call's currency is not the session's. */
  "WRONG_CURRENCY",
  /** The body is not a valid call (HTTP 400). */
  "BAD_REQUEST",
  /** The signature is missing, malformed, stale or wrong (HTTP 401); nothing was done. */
  "INVALID_SIGNATURE",
  /** Our failure: the aggregator retries the same call later. */
  "INTERNAL_ERROR",
] as const;
export type SeamlessWalletStatus = (typeof SEAMLESS_WALLET_STATUSES)[number];

/** A positive (or, for a win, zero) decimal amount as a string: money is never a float. */
const AmountSchema = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);
const IdSchema = z.string().min(1).max(128).regex(/^[\w.:-]+$/);

const SessionCall = {
  /** The session token we gave the aggregator at launch. */
  token: z.string().min(16).max(64),
  currency: z.string().min(2).max(12),
};

export const BalanceCallSchema = z.object({ ...SessionCall }).strict();

const MoneyCall = {
  ...SessionCall,
  /** The aggregator's id of this movement: unique, and the same on every retry of it. */
  transactionId: IdSchema,
  roundId: IdSchema,
  gameCode: z.string().min(1).max(128),
  /** True on the round's last call: after it the round takes no bet or win. */
  roundClosed: z.boolean(),
};

/**
 * A round played as one of the operator's free rounds carries the grant's reference on its bet and
 * its win: the bet takes no money from the player (the operator's free spins pay it) and the win
 * goes to the free spins' winnings, not to the balance.
 */
const FreeRoundsCall = { freeRoundsReference: IdSchema.optional() };

export const BetCallSchema = z.object({ ...MoneyCall, ...FreeRoundsCall, amount: AmountSchema }).strict();

export const WinCallSchema = z.object({ ...MoneyCall, ...FreeRoundsCall, amount: AmountSchema }).strict();

export const RollbackCallSchema = z
  .object({
    ...MoneyCall,
    /** The bet this rollback undoes; it may not have reached us (then the bet is refused if it comes later). */
    referenceTransactionId: IdSchema,
  })
  .strict();

export const SEAMLESS_WALLET_CALL_SCHEMAS = {
  balance: BalanceCallSchema,
  bet: BetCallSchema,
  win: WinCallSchema,
  rollback: RollbackCallSchema,
} as const;

export type BalanceCall = z.infer<typeof BalanceCallSchema>;
export type BetCall = z.infer<typeof BetCallSchema>;
export type WinCall = z.infer<typeof WinCallSchema>;
export type RollbackCall = z.infer<typeof RollbackCallSchema>;

export const SeamlessWalletAnswerSchema = z.object({
  status: z.enum(SEAMLESS_WALLET_STATUSES),
  /** The player's cash balance after the call (OK answers, and refusals where the session is known). */
  balance: z.string().optional(),
  currency: z.string().optional(),
  /** Our id of the movement (OK answers of bet, win, rollback): the ledger transaction. */
  walletTransactionId: z.string().optional(),
  message: z.string().optional(),
});
export type SeamlessWalletAnswer = z.infer<typeof SeamlessWalletAnswerSchema>;

/**
 * The launch address's query: the sandbox aggregator's own parameters, signed by us with the same
 * secret (`sig`, HMAC-SHA256 hex over the other parameters in this order) so a player cannot swap the
 * game or the session in the address.
 */
export const SANDBOX_AGGREGATOR_LAUNCH_PATH = "/sandbox-aggregator/launch";
export const SANDBOX_LAUNCH_PARAMETERS = ["token", "provider", "game", "model", "currency", "mode", "locale", "device", "ts"] as const;
export type SandboxLaunchParameters = Record<(typeof SANDBOX_LAUNCH_PARAMETERS)[number], string>;

/** The canonical text the launch signature covers. */
export function sandboxLaunchSigningText(parameters: SandboxLaunchParameters): string {
  return SANDBOX_LAUNCH_PARAMETERS.map((name) => `${name}=${encodeURIComponent(parameters[name])}`).join("&");
}

/**
 * Free rounds the operator gives a player on one game (the aggregator adapter's grant): the
 * aggregator plays the next `count` rounds of that session and game at `spinValue` and marks their
 * bets and wins with `reference`. Granting the same reference again replaces the earlier grant.
 */
export type FreeRoundsGrant = {
  /** The operator's session token of the launch the rounds are played in. */
  token: string;
  provider: string;
  gameCode: string;
  currency: string;
  count: number;
  spinValue: string;
  reference: string;
};
