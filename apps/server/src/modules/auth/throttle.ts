import { and, gt, inArray, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { signInThrottles } from "./auth.schema.ts";

// Brute-force limits of sign-in (promise S2 in docs/promises.md). Three counters per attempt,
// each a row of sign_in_throttles:
//   account:<who>  failures per hour for the account; at ACCOUNT_FAILURES_PER_HOUR the account is
//                  locked for the rest of that hour (S2's "no more than 100 failures per hour").
//   streak:<who>   consecutive failures (reset by a success); from STREAK_LOCK_AFTER on, each
//                  failure locks for 1, 2, 4... minutes, capped at 15, so a guesser is slowed to a
//                  crawl but the real player is never locked out for longer than the cap.
//   ip:<address>   failures per hour from one address across all accounts (credential stuffing).
// <who> is the player id when the login names an account and the normalised login otherwise, so
// unknown and known logins are throttled alike and the answers do not reveal which exist.

const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const STREAK_LOCK_AFTER = 10;
const STREAK_FIRST_LOCK_MS = 60 * 1000;
export const STREAK_MAX_LOCK_MS = 15 * 60 * 1000;
export const IP_FAILURES_PER_HOUR = 100;

const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please try again later.";

export type ThrottleKeys = { account: string; streak: string; ip: string };

export function throttleKeys(who: string, ip: string): ThrottleKeys {
  // The key column holds 120 characters; a hashed-looking long login still maps to one row.
  return { account: `account:${who}`.slice(0, 120), streak: `streak:${who}`.slice(0, 120), ip: `ip:${ip}`.slice(0, 120) };
}

/**
 * The account's own counters, without the address: for a signed-in player proving the password
 * again (changing it). They are the sign-in counters of the account, so guesses there and here add up.
 */
export function accountThrottleKeys(playerId: string): Pick<ThrottleKeys, "account" | "streak"> {
  const { account, streak } = throttleKeys(playerId, "");
  return { account, streak };
}

/** How long a failure count of `failures` locks a key for, by the key's kind; 0 for no lock. */
export function lockDurationMs(kind: keyof ThrottleKeys, failures: number, windowStartedAt: Date, at: Date): number {
  const restOfWindow = Math.max(0, windowStartedAt.getTime() + THROTTLE_WINDOW_MS - at.getTime());
  switch (kind) {
    case "account":
      return failures >= ACCOUNT_FAILURES_PER_HOUR ? restOfWindow : 0;
    case "ip":
      return failures >= IP_FAILURES_PER_HOUR ? restOfWindow : 0;
    case "streak":
      if (failures < STREAK_LOCK_AFTER) return 0;
      return Math.min(STREAK_MAX_LOCK_MS, STREAK_FIRST_LOCK_MS * 2 ** Math.min(failures - STREAK_LOCK_AFTER, 20));
  }
}

function tooMany(message: string, until: number, at: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until - at.getTime()) / 1000));
  return new AppError("RATE_LIMITED", message, { headers: { "retry-after": String(retryAfterSeconds) } });
}

/** 429 with Retry-After when any of the keys is locked at `at`. */
export async function assertNotThrottled(executor: DbExecutor, keys: Partial<ThrottleKeys>, at: Date, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const locks = await executor
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(and(inArray(signInThrottles.key, Object.values(keys).filter((key) => key !== undefined)), gt(signInThrottles.lockedUntil, at)));
  const until = Math.max(0, ...locks.map((row) => row.lockedUntil?.getTime() ?? 0));
  if (until > at.getTime()) throw tooMany(message, until, at);
}

// Allowances share the table: a row counts uses of something allowed a few times per window
// (registrations per address), keyed apart from the sign-in keys by its prefix.
export type Allowance = { max: number; windowMs: number };

/**
 * Counts one event on `key` in a fixed window of `windowMs`, atomically (an upsert of the key's row,
 * so parallel counts wait on each other): a window that has ended starts again at `at` with a count
 * of 1. Returns the count in the current window and when that window started. With
 * `newWindowLiftsLock`, a window that starts again also lifts the key's lock.
 */
async function countInWindow(
  executor: DbExecutor,
  key: string,
  windowMs: number,
  at: Date,
  { newWindowLiftsLock }: { newWindowLiftsLock: boolean },
): Promise<{ count: number; windowStartedAt: Date } | undefined> {
  const windowCutoff = new Date(at.getTime() - windowMs).toISOString();
  const isExpired = sql`${signInThrottles.windowStartedAt} <= ${windowCutoff}::timestamptz`;
  const [row] = await executor
    .insert(signInThrottles)
    .values({ key, failures: 1, windowStartedAt: at })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures: sql`case when ${isExpired} then 1 else ${signInThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${isExpired} then ${at.toISOString()}::timestamptz else ${signInThrottles.windowStartedAt} end`,
        ...(newWindowLiftsLock ? { lockedUntil: sql`case when ${isExpired} then null else ${signInThrottles.lockedUntil} end` } : {}),
      },
    })
    .returning({ count: signInThrottles.failures, windowStartedAt: signInThrottles.windowStartedAt });
  return row;
}

async function lockKey(executor: DbExecutor, key: string, until: Date): Promise<void> {
  await executor.update(signInThrottles).set({ lockedUntil: until }).where(eq(signInThrottles.key, key));
}

/**
 * Counts one use of an allowance of `max` per fixed window of `windowMs` on `key` (atomically: an
 * upsert of the key's row) and refuses, with 429 and Retry-After, a use over it. The use that
 * exhausts the allowance locks the key to the window's end, so `assertNotThrottled` refuses the
 * next one before it costs anything. Call it in the transaction of what it counts: a refused use
 * rolls back with it, and parallel uses wait on the row, so together they never pass `max`.
 */
export async function countAllowanceUse(executor: DbExecutor, key: string, allowance: Allowance, at: Date, message: string): Promise<void> {
  const row = await countInWindow(executor, key, allowance.windowMs, at, { newWindowLiftsLock: true });
  if (!row) return;
  const windowEnd = row.windowStartedAt.getTime() + allowance.windowMs;
  if (row.count > allowance.max) throw tooMany(message, windowEnd, at);
  if (row.count === allowance.max) await lockKey(executor, key, new Date(windowEnd));
}

/** Counts one failed attempt on every key (atomically per key) and locks the keys that crossed a limit. */
export async function recordFailure(executor: DbExecutor, keys: Partial<ThrottleKeys>, at: Date): Promise<void> {
  for (const kind of Object.keys(keys) as (keyof ThrottleKeys)[]) {
    const key = keys[kind];
    if (key === undefined) continue;
    // A running lock ends at its own time, not when the hour's count starts again.
    const row = await countInWindow(executor, key, THROTTLE_WINDOW_MS, at, { newWindowLiftsLock: false });
    if (!row) continue;
    const lockMs = lockDurationMs(kind, row.count, row.windowStartedAt, at);
    if (lockMs > 0) await lockKey(executor, key, new Date(at.getTime() + lockMs));
  }
}

/** A correct password ends the streak; the hourly counters keep counting (S2's cap is per hour). */
export async function recordSuccess(executor: DbExecutor, keys: Pick<ThrottleKeys, "streak">): Promise<void> {
  await executor.delete(signInThrottles).where(eq(signInThrottles.key, keys.streak));
}
