import { PLAYER_STATUS } from "@playfair/contracts/constants";
import type { ACCOUNT_BLOCKED_REASONS } from "@playfair/contracts/player/auth";
import { parsePhone } from "@playfair/contracts/validation/phone";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { selectPlayerByEmail, selectPlayerByPhone, updatePlayer, type PlayerRow } from "../player/player.repository.ts";
import { hashPassword, isOutdatedHash, verifyAgainstNothing, verifyPassword, type Argon2Parameters } from "./passwords.ts";
import { assertNotThrottled, recordFailure, recordSuccess, throttleKeys } from "./throttle.ts";

// What a player must pass before a session starts (S2, S3, P3): the password under the brute-force
// limits, and an account that is not blocked or closed (an excluded player signs in to restricted
// mode). A refresh asks the second again, so a session started before a block does not outlive it.

export type AccountBlockedReason = (typeof ACCOUNT_BLOCKED_REASONS)[number];

export const LOGIN_FAILED = "The login or password is incorrect.";
export const BLOCKED_MESSAGES: Record<AccountBlockedReason, string> = {
  blocked: "This account is blocked. Please contact support.",
  selfExcluded: "This account is self-excluded.",
  coolingOff: "This account is taking a break.",
  closed: "This account is closed. Please contact support.",
};

/**
 * Why a player may not sign in at all. A self-excluded or cooling-off player may: they sign in to
 * restricted mode (`restrictionOf`), so that their balance can always be withdrawn (P3).
 */
export function blockedReason(player: Pick<PlayerRow, "status">): AccountBlockedReason | null {
  if (player.status === PLAYER_STATUS.blocked) return "blocked";
  return player.status === PLAYER_STATUS.closed ? "closed" : null;
}

/** 403 with the reason when the player may not start a session. */
export function assertMaySignIn(player: Pick<PlayerRow, "status">): void {
  const reason = blockedReason(player);
  if (reason) throw new AppError("FORBIDDEN", BLOCKED_MESSAGES[reason], { reason });
}

/** The account a login names, and the name its throttle counters go by (the same for unknown logins). */
async function findPlayerByLogin(executor: DbExecutor, login: string): Promise<{ player: PlayerRow | undefined; who: string }> {
  const trimmed = login.trim();
  if (trimmed.includes("@")) {
    const email = trimmed.toLowerCase();
    const player = await selectPlayerByEmail(executor, email);
    return { player, who: player?.id ?? `email:${email}` };
  }
  const phone = parsePhone(trimmed);
  if (!phone.ok) return { player: undefined, who: `login:${trimmed.toLowerCase()}` };
  const player = await selectPlayerByPhone(executor, phone.e164);
  return { player, who: player?.id ?? `phone:${phone.e164}` };
}

/**
 * The player an e-mail or phone plus password names, under the brute-force limits of S2: 429 while
 * throttled, 401 alike for an unknown login and a wrong password (the same argon2 work for both).
 * A hash made with older parameters is upgraded while the password is at hand.
 */
export async function checkPasswordSignIn(
  executor: DbExecutor,
  argon2Parameters: Argon2Parameters,
  input: { login: string; password: string; ip: string; at: Date },
): Promise<PlayerRow> {
  const { password, at } = input;
  const { player, who } = await findPlayerByLogin(executor, input.login);
  const keys = throttleKeys(who, input.ip);
  await assertNotThrottled(executor, keys, at);
  const isCorrect = player?.passwordHash ? await verifyPassword(player.passwordHash, password) : (await verifyAgainstNothing(password, argon2Parameters), false);
  if (!player || !isCorrect) {
    await recordFailure(executor, keys, at);
    throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
  }
  await recordSuccess(executor, keys);
  if (player.passwordHash && isOutdatedHash(player.passwordHash, argon2Parameters)) {
    await updatePlayer(executor, player.id, { passwordHash: await hashPassword(password, argon2Parameters) });
  }
  return player;
}
