import { normalizeIP } from "@fastify/rate-limit";
import type { DbExecutor } from "../../db/database.ts";
import { assertNotThrottled, countAllowanceUse, type Allowance } from "../auth/throttle.ts";

const TOO_MANY_REGISTRATIONS = "Too many registrations from this address. Please try again later.";

/**
 * The registration allowance's key: the client IP as request-context reads it (the edge's header
 * only from a trusted proxy), IPv6 by its /64 like the request budget. The registration form
 * carries no device identifier, and one a client chooses itself would bind nobody, so the limit
 * is per address only. Every way to a new account draws on it: the forms, social and messenger
 * sign-up.
 */
function registrationKey(ip: string): string {
  return `registration-ip:${normalizeIP(ip, 64)}`.slice(0, 120);
}

/** 429 with Retry-After when the address has used its allowance: checked before anything that costs. */
export function assertRegistrationAllowed(executor: DbExecutor, ip: string, at: Date): Promise<void> {
  return assertNotThrottled(executor, { ip: registrationKey(ip) }, at, TOO_MANY_REGISTRATIONS);
}

/**
 * Counts the registration in the transaction that creates the account it allows: one that fails
 * does not use the allowance, and parallel ones from one address wait on its row, so together
 * they never pass it.
 */
export function countRegistration(executor: DbExecutor, ip: string, allowance: Allowance, at: Date): Promise<void> {
  return countAllowanceUse(executor, registrationKey(ip), allowance, at, TOO_MANY_REGISTRATIONS);
}
