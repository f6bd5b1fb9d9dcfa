import argon2, { type HashOptions } from "argon2";
import type { AccountsConfig } from "../../config.ts";

export type Argon2Parameters = AccountsConfig["argon2"];

function options(parameters: Argon2Parameters): HashOptions {
  return { type: argon2.argon2id, memoryCost: parameters.memoryKib, timeCost: parameters.iterations, parallelism: parameters.parallelism };
}

/**
 * argon2id with the configured cost (promise S1: never below 19 MiB, 2 iterations, parallelism 1);
 * the PHC string records the parameters it was made with.
 */
export function hashPassword(password: string, parameters: Argon2Parameters): Promise<string> {
  return argon2.hash(password, options(parameters));
}

/** False for a wrong password and for a hash argon2 cannot read (never throws for bad input). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with other parameters than the configured ones (upgraded at login). */
export function isOutdatedHash(hash: string, parameters: Argon2Parameters): boolean {
  try {
    return argon2.needsRehash(hash, { memoryCost: parameters.memoryKib, timeCost: parameters.iterations, parallelism: parameters.parallelism });
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the login names no account, so response times do not
 * tell which e-mail addresses are registered.
 */
export async function verifyAgainstNothing(password: string, parameters: Argon2Parameters): Promise<void> {
  dummyHash ??= hashPassword("not a password of anyone", parameters);
  await verifyPassword(await dummyHash, password);
}
