import { isRetryableTransactionError, sqlStateOf } from "../../db/sql-errors.ts";
import { AppError } from "../../lib/app-error.ts";

// The ledger's refusals: the database's SQLSTATEs as domain errors, their API answers, and the
// retry of transactions the database aborted for a serialization failure or a deadlock.

export type LedgerErrorCode = "INSUFFICIENT_FUNDS" | "IDEMPOTENCY_CONFLICT" | "UNBALANCED" | "UNKNOWN_ACCOUNT" | "APPEND_ONLY" | "INVALID_LEGS";

/** Raised for every refused movement; nothing was written. */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LedgerError";
    this.code = code;
  }
}

const SQLSTATE_TO_LEDGER_ERROR: Record<string, LedgerErrorCode> = {
  PF001: "INSUFFICIENT_FUNDS",
  PF002: "UNKNOWN_ACCOUNT",
  PF003: "UNBALANCED",
  PF004: "APPEND_ONLY",
  PF409: "IDEMPOTENCY_CONFLICT",
  // The CHECK backstop of the non-negative rule, should a writer ever bypass ledger_post().
  "23514": "INSUFFICIENT_FUNDS",
};

/** The database's refusal as a LedgerError, or undefined when the error is not the ledger's. */
export function asLedgerError(error: unknown): LedgerError | undefined {
  if (error instanceof LedgerError) return error;
  const state = sqlStateOf(error);
  const code = state ? SQLSTATE_TO_LEDGER_ERROR[state] : undefined;
  if (!code) return undefined;
  const message = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
  return new LedgerError(code, message, { cause: error });
}

/** The API's answer to a refused movement: 409 for a reused key, 422 on `amount` otherwise. */
export function ledgerErrorToAppError(error: LedgerError, field = "amount"): AppError {
  if (error.code === "IDEMPOTENCY_CONFLICT") {
    return new AppError("CONFLICT", "This idempotency key was already used with different parameters.", { cause: error });
  }
  if (error.code === "INSUFFICIENT_FUNDS") {
    return new AppError("VALIDATION_FAILED", "The given data was invalid.", { fieldErrors: { [field]: ["The balance is not sufficient."] }, cause: error });
  }
  return new AppError("INTERNAL_ERROR", "The ledger refused the movement.", { cause: error });
}

/**
 * Runs `work` and runs it again (up to `attempts` times, with a short jittered pause) when the
 * database aborted it for a serialization failure or a deadlock. `work` must be the whole
 * transaction: nothing of a failed attempt survives.
 */
export async function withLedgerRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
