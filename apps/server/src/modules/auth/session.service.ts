import { SESSION_TTL_DAYS, type AuthSession } from "@playfair/contracts/player/auth";
import type { pageMeta, PaginationQuery } from "@playfair/contracts/pagination";
import type { SessionView } from "@playfair/contracts/player/sessions";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import { incrementSignInCount, selectPlayer, storeAffiliateTagIfMissing } from "../player/player.repository.ts";
import { profileFromRow } from "../player/profile-view.ts";
import { restrictionOf } from "../player/restriction.ts";
import { describeDevice } from "./device.ts";
import { createRefreshRotation } from "./refresh-rotation.ts";
import { consumeActionToken, insertActionToken, insertRefreshToken, insertSession, revokeSessionRows, selectRefreshToken, selectSession } from "./session.repository.ts";
import { createSessionList } from "./session-list.ts";
import { createSessionRevocations } from "./session-revocations.ts";
import { assertMaySignIn, checkPasswordSignIn, LOGIN_FAILED } from "./sign-in-checks.ts";
import { createAccessTokens, newOpaqueToken, tokenDigest } from "./tokens.ts";
import { isSecureRequest, setRefreshCookie } from "./tokens-cookie.ts";

// The session service puts the auth pieces together: the checks before a session starts
// (sign-in-checks.ts), the session row and its tokens (here), their rotation (refresh-rotation.ts),
// the revocations every process keeps (session-revocations.ts) and the player's own list of
// sessions (session-list.ts).

export type SignInMethod = "password" | "phone" | "registration" | "social" | "token" | "telegram";

const AUTOLOGIN_FAILED = "The sign-in link is invalid or has expired.";

const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Auto-login links are used right away; a short lifetime limits a leaked one. */
const AUTOLOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;

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

export function createSessionService(dependencies: ServiceDependencies): SessionService {
  const { db, config, logger, now } = dependencies;
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
  const revocations = createSessionRevocations({ db, logger, now });

  function start() {
    if (!revocations.canStart()) return;
    // Early, so that the first sign-in does not have to look the key up.
    keys().catch((error: unknown) => logger.warn({ err: error }, "could not load the access-token signing key"));
    revocations.start();
  }

  function notifyPlayerChanged(playerId: string) {
    for (const listener of listeners) listener(playerId);
  }

  async function signIn(input: { playerId: string; method: SignInMethod; request: FastifyRequest; reply: FastifyReply; executor?: DbExecutor }): Promise<AuthSession> {
    start();
    const { playerId, method, request, reply } = input;
    const at = now();
    const executor = input.executor ?? db;
    const player = await selectPlayer(executor, playerId);
    if (!player) throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
    assertMaySignIn(player);
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

  async function revokeSessions(input: { playerId: string; reason: string; exceptSessionId?: string; sessionId?: string; executor?: DbExecutor }): Promise<number> {
    const at = now();
    const ids = await revokeSessionRows(
      input.executor ?? db,
      { playerId: input.playerId, ...(input.sessionId ? { sessionId: input.sessionId } : {}), ...(input.exceptSessionId ? { exceptSessionId: input.exceptSessionId } : {}) },
      input.reason,
      at,
    );
    revocations.markRevoked(ids, at);
    return ids.length;
  }

  const rotateRefresh = createRefreshRotation({
    db,
    logger,
    now,
    publicOrigin: config.publicOrigin,
    graceMs: config.accounts.refreshReuseGraceMs,
    tokens,
    markRevoked: revocations.markRevoked,
  });

  return {
    signIn,

    async verifyAccessToken(token) {
      if (!revocations.isFirstLoadDone()) {
        start();
        await revocations.firstLoad();
      }
      const claims = await tokens.verify(token);
      if (!claims || revocations.isRevoked(claims.sessionId)) return null;
      return { playerId: claims.playerId, sessionId: claims.sessionId, restriction: claims.restriction };
    },

    revokeSessions,

    async signInWithPassword({ login, password, affiliateTag, request, reply }) {
      const player = await checkPasswordSignIn(db, config.accounts.argon2, { login, password, ip: request.client.ip, at: now() });
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

    async refresh(input) {
      start();
      return rotateRefresh(input);
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

    ...createSessionList({ db, now, revokeSessions }),

    onPlayerChanged(listener) {
      listeners.push(listener);
    },

    async ready() {
      start();
      await Promise.all([keys(), revocations.firstLoad()]);
    },

    start,

    stop: () => revocations.stop(),
  };
}
