import { gameLimitFromError, type GameLimit } from "#app/features/limits/game-limit.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

// What a refused round means to the player. The server's words are the truth for a stake it
// refuses (bounds, parameters, a round still in play); the rest have our own translated wording.

export type RoundError =
  /** The balance does not cover the stake: the interface offers the wallet's deposit. */
  | { kind: "insufficientFunds" }
  /** A limit, restricted mode or the country's stake cap refused the stake: the game limit reached modal says which. */
  | { kind: "limit"; limit: GameLimit }
  /** The server refused the amount (outside the stake bounds, too many decimals): its message. */
  | { kind: "stake"; message: string }
  /** The server refused the game's parameters or the step (a tile already turned): its message. */
  | { kind: "refused"; message: string }
  /** Over the active bonus's max bet (spec game.bet.max.exceed): the notice names the max bet; the server's words otherwise. */
  | { kind: "bonusMaxBet"; message: string }
  /** Too soon after the previous round for the player's jurisdiction (P11): wait a moment. */
  | { kind: "tooSoon" }
  /** The session is over or no longer ours: launch the game again. */
  | { kind: "sessionEnded" }
  /** The session layer already acted (signed out); nothing more to say here. */
  | { kind: "handled" }
  | { kind: "network" }
  | { kind: "unknown" };

export function roundErrorOf(error: unknown): RoundError {
  const limit = gameLimitFromError(error);
  if (limit) return { kind: "limit", limit };
  if (!isApiRequestError(error)) return { kind: "unknown" };
  if (error.sessionEnded) return { kind: "handled" };
  if (error.reason === "insufficientBalance") return { kind: "insufficientFunds" };
  if (error.code === "NETWORK_ERROR" || error.code === "TIMEOUT") return { kind: "network" };
  if (error.status === 404) return { kind: "sessionEnded" };
  if (error.reason === "cycleTooShort") return { kind: "tooSoon" };
  if (error.reason === "bonusMaxBetExceeded") return { kind: "bonusMaxBet", message: error.message };
  const amount = error.fieldErrors.amount?.[0];
  if (amount) return { kind: "stake", message: amount };
  const field = error.fieldErrors.params?.[0] ?? error.fieldErrors.tile?.[0] ?? error.fieldErrors.action?.[0];
  if (field) return { kind: "refused", message: field };
  if (error.status === 409 || error.status === 422) return { kind: "refused", message: error.message };
  return { kind: "unknown" };
}
