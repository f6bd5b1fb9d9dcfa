import type { PlayerRestriction } from "@playfair/contracts/player/profile";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { selectPlayer } from "../player/player.repository.ts";
import { restrictionOf } from "../player/restriction.ts";
import { insertRefreshToken, markRefreshTokenUsed, retireOtherRefreshTokens, revokeSessionRows, selectRefreshToken, selectSession, touchSession, type SessionRow } from "./session.repository.ts";
import { BLOCKED_MESSAGES, blockedReason, type AccountBlockedReason } from "./sign-in-checks.ts";
import { newOpaqueToken, tokenDigest, type AccessTokens } from "./tokens.ts";
import { clearRefreshCookie, isSecureRequest, setRefreshCookie } from "./tokens-cookie.ts";

// Refresh tokens rotate on every use (S4). Parallel refreshes with one token: the guarded update
// lets exactly one of them rotate it. Any other use of a rotated token ends the session, except by
// the client that rotated it within the grace period: its answer was lost (a dropped connection, a
// retried request), or two of its requests raced, and it gets a fresh pair
// (docs/decisions/012-refresh-grace-period.md, promise R6).

const SESSION_ENDED = "Your session has ended. Please sign in again.";

type RotationOutcome =
  | { kind: "rotated"; session: SessionRow; restriction: PlayerRestriction | null }
  | { kind: "reused"; sessionId: string }
  | { kind: "refused"; reason: AccountBlockedReason; sessionId: string }
  | { kind: "ended" }
  | { kind: "unknown" };

/**
 * Who presents a refresh token, as far as the request tells: its address and user agent. Only the
 * client that rotated a token may use it again within the grace period; a copy used from anywhere
 * else still ends the session.
 */
function refreshClientDigest(request: FastifyRequest): string {
  return tokenDigest(`${request.client.ip}\n${request.headers["user-agent"] ?? ""}`);
}

/** One refresh's reads and writes, in the caller's transaction; `nextTokenHash` is stored only when the token rotates. */
async function rotateRefreshToken(
  tx: DbExecutor,
  input: { digest: string; client: string; nextTokenHash: string; graceMs: number; at: Date },
): Promise<RotationOutcome> {
  const { digest, client, graceMs, at } = input;
  let sessionId: string;
  const rotated = await markRefreshTokenUsed(tx, digest, at, client);
  if (rotated) {
    sessionId = rotated.sessionId;
    await retireOtherRefreshTokens(tx, sessionId, at);
  } else {
    const known = await selectRefreshToken(tx, digest);
    if (!known) return { kind: "unknown" };
    const isGraceful = graceMs > 0 && known.usedAt !== null && known.usedBy === client && at.getTime() - known.usedAt.getTime() <= graceMs;
    if (!isGraceful) {
      const session = await selectSession(tx, known.sessionId);
      if (session && !session.revokedAt) await revokeSessionRows(tx, { playerId: session.playerId, sessionId: session.id }, "refresh-reuse", at);
      return { kind: "reused", sessionId: known.sessionId };
    }
    sessionId = known.sessionId;
  }
  const session = await selectSession(tx, sessionId);
  if (!session || session.revokedAt || session.expiresAt <= at) return { kind: "ended" };
  // A session started before a block ends at its next refresh.
  const player = await selectPlayer(tx, session.playerId);
  const reason = player ? blockedReason(player) : "closed";
  if (reason || !player) {
    await revokeSessionRows(tx, { playerId: session.playerId, sessionId: session.id }, reason ?? "closed", at);
    return { kind: "refused", reason: reason ?? "closed", sessionId: session.id };
  }
  await insertRefreshToken(tx, { sessionId: session.id, tokenHash: input.nextTokenHash, createdAt: at, expiresAt: session.expiresAt });
  await touchSession(tx, session.id, at);
  // Each new access token says afresh whether restricted mode is in force, so it ends on time.
  return { kind: "rotated", session, restriction: restrictionOf(player, at) };
}

export type RefreshRotationDependencies = {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  publicOrigin: string;
  /** How long the client that rotated a token may present it again; 0 turns the grace off. */
  graceMs: number;
  tokens: AccessTokens;
  /** Refuses the sessions' access tokens in this process at once. */
  markRevoked(sessionIds: string[], at: Date): void;
};

/** The refresh endpoint's work: a new access token and refresh cookie, or the session ends (S4, R6). */
export function createRefreshRotation({ db, logger, now, publicOrigin, graceMs, tokens, markRevoked }: RefreshRotationDependencies) {
  return async function refresh({ refreshToken, request, reply }: { refreshToken: string | null; request: FastifyRequest; reply: FastifyReply }): Promise<{
    accessToken: string;
    expiresAt: string;
    sessionId: string;
  }> {
    if (!refreshToken) throw new AppError("UNAUTHORIZED", SESSION_ENDED);
    const at = now();
    const nextRefreshToken = newOpaqueToken();
    const outcome = await db.transaction((tx) =>
      rotateRefreshToken(tx, { digest: tokenDigest(refreshToken), client: refreshClientDigest(request), nextTokenHash: tokenDigest(nextRefreshToken), graceMs, at }),
    );

    switch (outcome.kind) {
      case "rotated": {
        const { session } = outcome;
        const access = await tokens.sign(session.playerId, session.id, outcome.restriction);
        const maxAgeSeconds = Math.max(1, Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000));
        setRefreshCookie(reply, nextRefreshToken, maxAgeSeconds, isSecureRequest(request, publicOrigin));
        return { accessToken: access.token, expiresAt: access.expiresAt.toISOString(), sessionId: session.id };
      }
      case "reused":
        markRevoked([outcome.sessionId], at);
        logger.warn({ sessionId: outcome.sessionId }, "a rotated refresh token was used again; the session is revoked");
        clearRefreshCookie(reply);
        throw new AppError("UNAUTHORIZED", SESSION_ENDED);
      case "refused":
        markRevoked([outcome.sessionId], at);
        clearRefreshCookie(reply);
        throw new AppError("FORBIDDEN", BLOCKED_MESSAGES[outcome.reason], { reason: outcome.reason });
      default:
        clearRefreshCookie(reply);
        throw new AppError("UNAUTHORIZED", SESSION_ENDED);
    }
  };
}
