import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_DAYS, type ACCOUNT_BLOCKED_REASONS, type AuthSession } from "@playfair/contracts/player/auth";
import { PLAYER_STATUS } from "@playfair/contracts/constants";
import { pageMeta, type PaginationQuery } from "@playfair/contracts/pagination";
import type { SessionView } from "@playfair/contracts/player/sessions";
import { parsePhone } from "@playfair/contracts/validation/phone";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import {
  incrementSignInCount,
  selectPlayer,
  selectPlayerByEmail,
  selectPlayerByPhone,
  storeAffiliateTagIfMissing,
  updatePlayer,
  type PlayerRow,
} from "../player/player.repository.ts";
import { profileFromRow } from "../player/profile-view.ts";
import { restrictionOf } from "../player/restriction.ts";
import { describeDevice } from "./device.ts";
import { hashPassword, isOutdatedHash, verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import {
  consumeActionToken,
  countLiveSessions,
  insertActionToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  retireOtherRefreshTokens,
  revokeSessionRows,
  selectLiveSessions,
  selectRefreshToken,
  selectRevocationsSince,
  selectSession,
  touchSession,
} from "./session.repository.ts";
import { assertNotThrottled, recordFailure, recordSuccess, throttleKeys } from "./throttle.ts";
import { createAccessTokens, newOpaqueToken, tokenDigest } from "./tokens.ts";
import { clearRefreshCookie, setRefreshCookie } from "./tokens-cookie.ts";

export type SignInMethod = "password" | "phone" | "registration" | "social" | "token" | "telegram";
export type AccountBlockedReason = (typeof ACCOUNT_BLOCKED_REASONS)[number];

const LOGIN_FAILED = "The login or password is incorrect.";
const SESSION_ENDED = "Your session has ended. Please sign in again.";
const AUTOLOGIN_FAILED = "The sign-in link is invalid or has expired.";
const SESSION_NOT_FOUND = "This session does not exist or has already ended.";
const BLOCKED_MESSAGES: Record<AccountBlockedReason, string> = {
  blocked: "This account is blocked. Please contact support.",
  selfExcluded: "This account is self-excluded.",
  coolingOff: "This account is taking a break.",
  closed: "This account is closed. Please contact support.",
};

const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Other processes' revocations reach this one within this interval (and always within the token's lifetime). */
const REVOCATION_POLL_MS = 2_000;
/** Auto-login links are used right away; a short lifetime limits a leaked one. */
const AUTOLOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;
// A revoked session's tokens all expire within the access-token lifetime; after it (plus a margin
// for clock differences between processes) the session id need not be remembered any more.
const REVOCATION_MEMORY_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
// Revocations committed late (a long transaction) still carry their earlier time: each poll looks back this far.
const POLL_OVERLAP_MS = 30_000;

export type SessionService = {
  /**
   * Starts a new session (S3) for a player who proved who they are: refuses blocked or excluded
   * players (403 with reason), creates the session row, sets the refresh cookie on `reply` and
   * returns the access token with the profile.
   */
  signIn(input: { playerId: string; method: SignInMethod; request: FastifyRequest; reply: FastifyReply; executor?: DbExecutor }): Promise<AuthSession>;
  /** Verifies an access token without a database round trip; null when invalid, expired or revoked. */
  verifyAccessToken(token: string): Promise<Principal | null>;
  /**
   * Ends sessions at once (S3): every access and refresh token they issued stops working. With an
   * `executor` (a transaction) the sessions are refused in this process right away, so pass one
   * only when the transaction is about to commit.
   */
  revokeSessions(input: { playerId: string; reason: string; exceptSessionId?: string; sessionId?: string; executor?: DbExecutor }): Promise<number>;
  /** POST /sessions: e-mail or phone plus password, with the brute-force limits of S2. */
  signInWithPassword(input: { login: string; password: string; affiliateTag?: string; request: FastifyRequest; reply: FastifyReply }): Promise<AuthSession>;
  /** A one-time auto-login token for /auth/autologin?token=...&state=... (expires after AUTOLOGIN_TOKEN_TTL_MS). */
  issueAutologinToken(playerId: string, state: string, executor?: DbExecutor): Promise<string>;
  signInWithToken(input: { token: string; state: string; request: FastifyRequest; reply: FastifyReply }): Promise<AuthSession>;
  /**
   * Rotates the refresh token (S4); a rotated token presented again ends the whole session, unless
   * the client that rotated it presents it within the grace period (a fresh pair then).
   */
  refresh(input: { refreshToken: string | null; request: FastifyRequest; reply: FastifyReply }): Promise<{ accessToken: string; expiresAt: string; sessionId: string }>;
  /** Ends the session named by the access token, else by the refresh token; quietly nothing when neither is live. */
  logout(input: { accessToken: string | null; refreshToken: string | null }): Promise<void>;
  listSessions(principal: Principal, query: PaginationQuery): Promise<{ data: SessionView[]; meta: ReturnType<typeof pageMeta> }>;
  closeSession(principal: Principal, sessionId: string): Promise<void>;
  closeOtherSessions(principal: Principal): Promise<number>;
  /** Called with a player id whenever this service changed the player row (the profile cache listens). */
  onPlayerChanged(listener: (playerId: string) => void): void;
  /**
   * Loads the signing keys and the first revocations. Call it before opening a transaction that
   * will call signIn: on PGlite (one connection) a key lookup inside the transaction would wait for it.
   */
  ready(): Promise<void>;
  /** Starts polling other processes' revocations; stop() ends it (app close). */
  start(): void;
  stop(): Promise<void>;
};

/**
 * Why a player may not sign in at all. A self-excluded or cooling-off player may: they sign in to
 * restricted mode (`restrictionOf`), so that their balance can always be withdrawn (P3).
 */
function blockedReason(player: Pick<PlayerRow, "status">): AccountBlockedReason | null {
  if (player.status === PLAYER_STATUS.blocked) return "blocked";
  return player.status === PLAYER_STATUS.closed ? "closed" : null;
}

/**
 * Who presents a refresh token, as far as the request tells: its address and user agent. Only the
 * client that rotated a token may use it again within the grace period; a copy used from anywhere
 * else still ends the session.
 */
function refreshClientDigest(request: FastifyRequest): string {
  return tokenDigest(`${request.client.ip}\n${request.headers["user-agent"] ?? ""}`);
}

function isSecureRequest(request: FastifyRequest, publicOrigin: string): boolean {
  return request.protocol === "https" || publicOrigin.startsWith("https:");
}

export function createSessionService(dependencies: ServiceDependencies): SessionService {
  const { db, config, logger, now } = dependencies;
  const argon2Parameters = config.accounts.argon2;
  const graceMs = config.accounts.refreshReuseGraceMs;
  const listeners: ((playerId: string) => void)[] = [];
  const encoder = new TextEncoder();

  let signingKeys: Promise<Uint8Array[]> | undefined;
  function keys(): Promise<Uint8Array[]> {
    signingKeys ??= (async () => {
      const secrets = config.accounts.authSecrets.length > 0 ? config.accounts.authSecrets : [await dependencies.secrets.get("access-token-signing-key")];
      return secrets.map((secret) => encoder.encode(secret));
    })().catch((error: unknown) => {
      // A database outage at the first sign-in must not be remembered forever.
      signingKeys = undefined;
      throw error;
    });
    return signingKeys;
  }
  const tokens = createAccessTokens({ keys, now });

  // --- Revocation: session id -> revocation time (ms). --------------------------------------------
  const revoked = new Map<string, number>();
  let watermark = 0;
  let pollTimer: NodeJS.Timeout | undefined;
  let firstLoad: Promise<void> | undefined;
  let isFirstLoadDone = false;
  let isStopped = false;

  function markRevoked(sessionIds: string[], at: Date) {
    for (const id of sessionIds) revoked.set(id, at.getTime());
  }

  async function pollRevocations(): Promise<void> {
    const nowMs = now().getTime();
    const since = watermark > 0 ? watermark - POLL_OVERLAP_MS : nowMs - REVOCATION_MEMORY_MS;
    const rows = await selectRevocationsSince(db, new Date(since));
    for (const row of rows) {
      const revokedAtMs = row.revokedAt.getTime();
      if (!revoked.has(row.id)) revoked.set(row.id, revokedAtMs);
      if (revokedAtMs > watermark) watermark = revokedAtMs;
    }
    if (watermark === 0) watermark = since + POLL_OVERLAP_MS;
    for (const [id, revokedAtMs] of revoked) {
      if (revokedAtMs < nowMs - REVOCATION_MEMORY_MS) revoked.delete(id);
    }
  }

  function start() {
    if (firstLoad || isStopped) return;
    // Early, so that the first sign-in does not have to look the key up.
    keys().catch((error: unknown) => logger.warn({ err: error }, "could not load the access-token signing key"));
    firstLoad = pollRevocations()
      .catch((error: unknown) => logger.warn({ err: error }, "could not load session revocations"))
      .finally(() => {
        isFirstLoadDone = true;
      });
    const tick = () => {
      pollRevocations()
        .catch((error: unknown) => {
          if (!isStopped) logger.warn({ err: error }, "could not poll session revocations");
        })
        .finally(() => {
          if (!isStopped) {
            pollTimer = setTimeout(tick, REVOCATION_POLL_MS);
            pollTimer.unref();
          }
        });
    };
    void firstLoad.then(() => {
      if (isStopped) return;
      pollTimer = setTimeout(tick, REVOCATION_POLL_MS);
      pollTimer.unref();
    });
  }

  function notifyPlayerChanged(playerId: string) {
    for (const listener of listeners) listener(playerId);
  }

  // --- Signing in ---------------------------------------------------------------------------------

  async function signIn(input: { playerId: string; method: SignInMethod; request: FastifyRequest; reply: FastifyReply; executor?: DbExecutor }): Promise<AuthSession> {
    start();
    const { playerId, method, request, reply } = input;
    const at = now();
    const executor = input.executor ?? db;
    const player = await selectPlayer(executor, playerId);
    if (!player) throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
    const reason = blockedReason(player);
    if (reason) throw new AppError("FORBIDDEN", BLOCKED_MESSAGES[reason], { reason });
    const restriction = restrictionOf(player, at);

    const userAgent = request.client.userAgent;
    const device = describeDevice(userAgent ?? undefined);
    const refreshToken = newOpaqueToken();
    const sessionExpiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    const write = async (tx: DbExecutor) => {
      const sessionId = await insertSession(tx, {
        playerId,
        method,
        ip: request.client.ip.slice(0, 45) || null,
        country: request.client.country,
        userAgent,
        device: device.device,
        browser: device.browser,
        os: device.os,
        platform: request.client.platform,
        createdAt: at,
        lastActiveAt: at,
        expiresAt: sessionExpiresAt,
      });
      await insertRefreshToken(tx, { sessionId, tokenHash: tokenDigest(refreshToken), createdAt: at, expiresAt: sessionExpiresAt });
      await incrementSignInCount(tx, playerId, at);
      return sessionId;
    };
    const sessionId = input.executor ? await write(input.executor) : await db.transaction(write);
    const access = await tokens.sign(playerId, sessionId, restriction);
    setRefreshCookie(reply, refreshToken, SESSION_TTL_MS / 1000, isSecureRequest(request, config.publicOrigin));
    notifyPlayerChanged(playerId);
    return {
      accessToken: access.token,
      expiresAt: access.expiresAt.toISOString(),
      sessionId,
      profile: profileFromRow({ ...player, signInCount: player.signInCount + 1 }, at),
    };
  }

  async function findPlayerByLogin(login: string): Promise<{ player: PlayerRow | undefined; who: string }> {
    const trimmed = login.trim();
    if (trimmed.includes("@")) {
      const email = trimmed.toLowerCase();
      const player = await selectPlayerByEmail(db, email);
      return { player, who: player?.id ?? `email:${email}` };
    }
    const phone = parsePhone(trimmed);
    if (!phone.ok) return { player: undefined, who: `login:${trimmed.toLowerCase()}` };
    const player = await selectPlayerByPhone(db, phone.e164);
    return { player, who: player?.id ?? `phone:${phone.e164}` };
  }

  async function revokeSessions(input: { playerId: string; reason: string; exceptSessionId?: string; sessionId?: string; executor?: DbExecutor }): Promise<number> {
    const at = now();
    const ids = await revokeSessionRows(
      input.executor ?? db,
      { playerId: input.playerId, ...(input.sessionId ? { sessionId: input.sessionId } : {}), ...(input.exceptSessionId ? { exceptSessionId: input.exceptSessionId } : {}) },
      input.reason,
      at,
    );
    markRevoked(ids, at);
    return ids.length;
  }

  return {
    signIn,

    async verifyAccessToken(token) {
      if (!isFirstLoadDone) {
        start();
        await firstLoad;
      }
      const claims = await tokens.verify(token);
      if (!claims || revoked.has(claims.sessionId)) return null;
      return { playerId: claims.playerId, sessionId: claims.sessionId, restriction: claims.restriction };
    },

    revokeSessions,

    async signInWithPassword({ login, password, affiliateTag, request, reply }) {
      const at = now();
      const { player, who } = await findPlayerByLogin(login);
      const keys = throttleKeys(who, request.client.ip);
      await assertNotThrottled(db, keys, at);
      const isCorrect = player?.passwordHash ? await verifyPassword(player.passwordHash, password) : (await verifyAgainstNothing(password, argon2Parameters), false);
      if (!player || !isCorrect) {
        await recordFailure(db, keys, at);
        throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
      }
      await recordSuccess(db, keys);
      if (player.passwordHash && isOutdatedHash(player.passwordHash, argon2Parameters)) {
        await updatePlayer(db, player.id, { passwordHash: await hashPassword(password, argon2Parameters) });
      }
      if (affiliateTag) await storeAffiliateTagIfMissing(db, player.id, affiliateTag);
      return signIn({ playerId: player.id, method: "password", request, reply });
    },

    async issueAutologinToken(playerId, state, executor) {
      const token = newOpaqueToken();
      const at = now();
      await insertActionToken(executor ?? db, {
        tokenHash: tokenDigest(token),
        purpose: "autologin",
        playerId,
        state,
        createdAt: at,
        expiresAt: new Date(at.getTime() + AUTOLOGIN_TOKEN_TTL_MS),
      });
      return token;
    },

    async signInWithToken({ token, state, request, reply }) {
      const consumed = await consumeActionToken(db, { tokenHash: tokenDigest(token), purpose: "autologin", state, at: now() });
      if (!consumed) throw new AppError("UNAUTHORIZED", AUTOLOGIN_FAILED);
      return signIn({ playerId: consumed.playerId, method: "token", request, reply });
    },

    async refresh({ refreshToken, request, reply }) {
      start();
      if (!refreshToken) throw new AppError("UNAUTHORIZED", SESSION_ENDED);
      const at = now();
      const digest = tokenDigest(refreshToken);
      const nextRefreshToken = newOpaqueToken();
      const client = refreshClientDigest(request);
      // Parallel refreshes with one token: the guarded update lets exactly one of them rotate it.
      // Any other use of a rotated token ends the session (S4), except by the client that rotated
      // it within the grace period: its answer was lost (a dropped connection, a retried request),
      // or two of its requests raced, and it gets a fresh pair (docs/decisions/012-refresh-grace-period.md).
      const outcome = await db.transaction(async (tx) => {
        let sessionId: string;
        const rotated = await markRefreshTokenUsed(tx, digest, at, client);
        if (rotated) {
          sessionId = rotated.sessionId;
          await retireOtherRefreshTokens(tx, sessionId, at);
        } else {
          const known = await selectRefreshToken(tx, digest);
          if (!known) return { kind: "unknown" } as const;
          const isGraceful = graceMs > 0 && known.usedAt !== null && known.usedBy === client && at.getTime() - known.usedAt.getTime() <= graceMs;
          if (!isGraceful) {
            const session = await selectSession(tx, known.sessionId);
            if (session && !session.revokedAt) await revokeSessionRows(tx, { playerId: session.playerId, sessionId: session.id }, "refresh-reuse", at);
            return { kind: "reused", sessionId: known.sessionId } as const;
          }
          sessionId = known.sessionId;
        }
        const session = await selectSession(tx, sessionId);
        if (!session || session.revokedAt || session.expiresAt <= at) return { kind: "ended" } as const;
        const player = await selectPlayer(tx, session.playerId);
        const reason = player ? blockedReason(player) : "closed";
        if (reason || !player) {
          await revokeSessionRows(tx, { playerId: session.playerId, sessionId: session.id }, reason ?? "closed", at);
          return { kind: "refused", reason: reason ?? "closed", sessionId: session.id } as const;
        }
        await insertRefreshToken(tx, { sessionId: session.id, tokenHash: tokenDigest(nextRefreshToken), createdAt: at, expiresAt: session.expiresAt });
        await touchSession(tx, session.id, at);
        // Each new access token says afresh whether restricted mode is in force, so it ends on time.
        return { kind: "rotated", session, restriction: restrictionOf(player, at) } as const;
      });

      switch (outcome.kind) {
        case "rotated": {
          const { session } = outcome;
          const access = await tokens.sign(session.playerId, session.id, outcome.restriction);
          const maxAgeSeconds = Math.max(1, Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000));
          setRefreshCookie(reply, nextRefreshToken, maxAgeSeconds, isSecureRequest(request, config.publicOrigin));
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
    },

    async logout({ accessToken, refreshToken }) {
      const claims = accessToken ? await tokens.verify(accessToken) : null;
      if (claims) {
        await revokeSessions({ playerId: claims.playerId, sessionId: claims.sessionId, reason: "logout" });
        return;
      }
      if (!refreshToken) return;
      const known = await selectRefreshToken(db, tokenDigest(refreshToken));
      const session = known ? await selectSession(db, known.sessionId) : undefined;
      if (session) await revokeSessions({ playerId: session.playerId, sessionId: session.id, reason: "logout" });
    },

    async listSessions(principal, query) {
      const at = now();
      const [rows, total] = await Promise.all([
        selectLiveSessions(db, principal.playerId, at, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
        countLiveSessions(db, principal.playerId, at),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          device: row.device,
          browser: row.browser,
          os: row.os,
          ip: row.ip,
          country: row.country,
          method: row.method,
          platform: row.platform,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastActiveAt.toISOString(),
          isCurrent: row.id === principal.sessionId,
        })),
        meta: pageMeta(query, total),
      };
    },

    async closeSession(principal, sessionId) {
      const closed = await revokeSessions({ playerId: principal.playerId, sessionId, reason: "closed" });
      if (closed === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
    },

    async closeOtherSessions(principal) {
      return revokeSessions({ playerId: principal.playerId, exceptSessionId: principal.sessionId, reason: "close-other" });
    },

    onPlayerChanged(listener) {
      listeners.push(listener);
    },

    async ready() {
      start();
      await Promise.all([keys(), firstLoad]);
    },

    start,

    async stop() {
      isStopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      await firstLoad;
    },
  };
}
