// PostgreSQL reports why a statement failed with a five-character SQLSTATE. Both drivers put it
// on the error as `code`, and Drizzle wraps that error (`cause`), sometimes more than once; these
// helpers find it wherever it sits so no caller walks the chain itself.

/** The SQLSTATEs the server acts on (PostgreSQL appendix A, "Error codes"). */
const SQLSTATE = {
  uniqueViolation: "23505",
  checkViolation: "23514",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

const MAX_DEPTH = 6;
const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

type ErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and the causes it wraps, outermost first. */
function* causeChain(error: unknown): Generator<ErrorLike> {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < MAX_DEPTH; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

/** The SQLSTATE inside this error, or undefined when no database refusal is in it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const candidate of causeChain(error)) {
    if (typeof candidate.code === "string" && SQLSTATE_PATTERN.test(candidate.code)) return candidate.code;
  }
  return undefined;
}

/** A unique index refused the row (unique_violation). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === SQLSTATE.uniqueViolation;
}

/**
 * The unique index a failed insert or update ran into, whichever driver raised it; "unknown" when
 * the driver named none, undefined for every other error.
 */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (const candidate of causeChain(error)) {
    if (candidate.code !== SQLSTATE.uniqueViolation) continue;
    if (typeof candidate.constraint === "string") return candidate.constraint;
    const named = typeof candidate.message === "string" ? /unique constraint "([^"]+)"/.exec(candidate.message) : null;
    return named?.[1] ?? "unknown";
  }
  return undefined;
}

/** The database aborted the transaction for a serialization failure or a deadlock: running it again is safe. */
export function isRetryableTransactionError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === SQLSTATE.serializationFailure || state === SQLSTATE.deadlockDetected;
}
