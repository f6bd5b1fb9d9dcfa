import { randomBytes } from "node:crypto";
import type { AuthSession } from "@playfair/contracts/player/auth";
import type { SocialConnectionsResponseSchema } from "@playfair/contracts/player/social";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { OidcProviderConfig } from "../../config.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { SessionService } from "../auth/session.service.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import type { ExternalPlayerAccounts, ExternalRegistration } from "../player/player-accounts.ts";
import { createOidcClients, OidcFlowError, type OidcIdentity } from "./oidc.ts";
import {
  deleteConnection,
  deleteExpiredAuthStates,
  insertAuthState,
  insertConnection,
  selectConnectionByIdentity,
  selectConnections,
  selectPlayerFacts,
  selectPlayerFactsByEmail,
  setTelegramUser,
  takeAuthState,
} from "./social.repository.ts";
import { bindingMatches, type SocialSignUpContext, type StoredContext, callbackLanguage, defined, digest, parseContext, supportedLanguage } from "./social-sign-in-state.ts";
import { SOCIAL_MESSAGES, TELEGRAM_NAME, TELEGRAM_SOCIAL_TYPE } from "./social-messages.ts";
import { createTelegramAccounts, type TelegramAccounts } from "./telegram-accounts.ts";

// Social sign-in: OpenID Connect providers here, Telegram mini-app initData in telegram-accounts.ts.
/** A started social sign-in or link must come back within this time. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;
/** Path segments that are routes of their own under /social-connections, so not provider keys. */
const RESERVED_SOCIAL_TYPES = [TELEGRAM_SOCIAL_TYPE, "messenger", "unlink"];

type SocialConnections = z.infer<typeof SocialConnectionsResponseSchema>;

export type SocialStart = {
  url: string;
  /**
   * A random value the browser keeps in an HttpOnly cookie and sends back with the callback: a
   * callback (code and state) replayed in another browser is refused (login CSRF, RFC 6749 10.12).
   */
  binding: string;
};

export type SocialCallbackResult =
  | { kind: "signedIn"; session: AuthSession }
  | { kind: "linked"; socialType: string; connections: SocialConnections };

export type SocialService = {
  /** Providers configured by the operator, for the sign-in buttons. */
  listProviders(): { socialType: string; name: string }[];
  startSignIn(input: { socialType: string; redirectUri: string; siteOrigin: string; context: SocialSignUpContext }): Promise<SocialStart>;
  startLink(input: { playerId: string; socialType: string; redirectUri: string; siteOrigin: string }): Promise<SocialStart>;
  /** POST /api/player/sessions/social: signs in (or up), or finishes a link the signed-in player started. */
  completeCallback(input: {
    socialType: string;
    code: string;
    state: string;
    iss: string | undefined;
    binding: string | null;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<SocialCallbackResult>;
  listConnections(playerId: string): Promise<SocialConnections>;
  unlink(playerId: string, socialType: string): Promise<SocialConnections>;
} & TelegramAccounts;

export function createSocialService(dependencies: ServiceDependencies & { players: ExternalPlayerAccounts; sessions: SessionService }): SocialService {
  const { db, config, logger, now, players, sessions } = dependencies;
  const oidc = createOidcClients(config.accounts.oidcProviders, logger, RESERVED_SOCIAL_TYPES);
  const telegram = config.accounts.telegram;

  function displayName(socialType: string): string {
    if (socialType === TELEGRAM_SOCIAL_TYPE) return TELEGRAM_NAME;
    return oidc.find(socialType)?.name ?? socialType;
  }

  /** Whether a linked connection of this kind can be used to sign in with the current configuration. */
  function canSignInWith(socialType: string): boolean {
    return socialType === TELEGRAM_SOCIAL_TYPE ? Boolean(telegram.botToken) : oidc.find(socialType) !== undefined;
  }

  function requireProvider(socialType: string): OidcProviderConfig {
    const provider = oidc.find(socialType);
    if (!provider) throw new AppError("NOT_FOUND", SOCIAL_MESSAGES.unknownProvider);
    return provider;
  }

  function invalidateProfile(playerId: string) {
    players.invalidateProfile(playerId);
  }

  async function start(input: { socialType: string; redirectUri: string; siteOrigin: string; playerId: string | null; context: SocialSignUpContext }): Promise<SocialStart> {
    const provider = requireProvider(input.socialType);
    const language = callbackLanguage(input.redirectUri, input.siteOrigin, provider.socialType);
    if (!language) throw validationFailed({ redirectUri: [SOCIAL_MESSAGES.badRedirect] });
    const at = now();
    // Abandoned sign-ins are swept here instead of by a timer; the table stays small.
    await deleteExpiredAuthStates(db, at);
    let request;
    try {
      request = await oidc.createAuthorizationRequest(provider, input.redirectUri);
    } catch (error) {
      logger.warn({ err: error, socialType: provider.socialType }, "social sign-in could not start");
      throw new AppError("SERVICE_UNAVAILABLE", SOCIAL_MESSAGES.providerUnreachable);
    }
    const binding = randomBytes(32).toString("base64url");
    const context: StoredContext = defined({ ...input.context, language, bindingDigest: digest(binding) });
    await insertAuthState(db, {
      state: request.state,
      provider: provider.socialType,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      redirectUri: input.redirectUri,
      playerId: input.playerId,
      context: JSON.stringify(context),
      createdAt: at,
      expiresAt: new Date(at.getTime() + SOCIAL_STATE_TTL_MS),
    });
    return { url: request.url, binding };
  }

  async function listConnections(playerId: string): Promise<SocialConnections> {
    const [facts, rows] = await Promise.all([selectPlayerFacts(db, playerId), selectConnections(db, playerId)]);
    const connections = rows.map((row) => ({
      provider: displayName(row.provider),
      socialType: row.provider,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
    }));
    // A Telegram id set on the player by other means still is a Telegram link.
    if (facts?.tgUserId != null && !rows.some((row) => row.provider === TELEGRAM_SOCIAL_TYPE)) {
      connections.push({ provider: TELEGRAM_NAME, socialType: TELEGRAM_SOCIAL_TYPE, email: null, createdAt: facts.createdAt.toISOString() });
    }
    const linked = new Set(connections.map((connection) => connection.socialType));
    const linkable = [
      ...oidc.providers.map((provider) => ({ socialType: provider.socialType, name: provider.name })),
      ...(telegram.botToken ? [{ socialType: TELEGRAM_SOCIAL_TYPE, name: TELEGRAM_NAME }] : []),
    ];
    return { connections, available: linkable.filter((provider) => !linked.has(provider.socialType)) };
  }

  /** Adds an OpenID Connect identity to a signed-in player's account (the link flow). */
  async function linkIdentity(playerId: string, provider: OidcProviderConfig, identity: OidcIdentity): Promise<void> {
    const existing = await selectConnectionByIdentity(db, provider.socialType, identity.subject);
    if (existing) {
      if (existing.playerId === playerId) return;
      throw new AppError("CONFLICT", SOCIAL_MESSAGES.identityLinkedElsewhere);
    }
    try {
      await insertConnection(db, {
        playerId,
        provider: provider.socialType,
        subject: identity.subject,
        email: identity.email,
        displayName: identity.name,
        createdAt: now(),
      });
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === "social_connections_player_provider") throw new AppError("CONFLICT", SOCIAL_MESSAGES.providerAlreadyLinked);
      if (index === "social_connections_identity") throw new AppError("CONFLICT", SOCIAL_MESSAGES.identityLinkedElsewhere);
      throw error;
    }
    invalidateProfile(playerId);
  }

  /** The player an identity signs in as: its connection, a player with the same verified e-mail, or a new player. */
  async function playerForIdentity(provider: OidcProviderConfig, identity: OidcIdentity, context: StoredContext, request: FastifyRequest): Promise<string> {
    const connection = await selectConnectionByIdentity(db, provider.socialType, identity.subject);
    if (connection) return connection.playerId;

    const trustedEmail = identity.email && identity.emailVerified ? identity.email : null;
    if (trustedEmail) {
      const owner = await selectPlayerFactsByEmail(db, trustedEmail);
      if (owner) {
        // Linking into an account whose own address was never confirmed would hand it to whoever
        // registered it first (pre-account takeover), so that player must sign in and link instead.
        if (!owner.emailVerified) throw new AppError("CONFLICT", SOCIAL_MESSAGES.emailAccountExists);
        await linkIdentity(owner.id, provider, identity).catch((error: unknown) => {
          throw error instanceof AppError && error.code === "CONFLICT" ? new AppError("CONFLICT", SOCIAL_MESSAGES.emailAccountExists) : error;
        });
        return owner.id;
      }
    }

    const registration: ExternalRegistration = defined({
      // An address the provider has not verified is not stored: it would claim someone's e-mail.
      email: trustedEmail,
      emailVerified: trustedEmail !== null,
      firstName: identity.givenName,
      lastName: identity.familyName,
      language: supportedLanguage(context.language),
      currency: context.currency,
      country: context.country ?? request.client.country,
      affiliateTag: context.affiliateTag,
      referrerId: context.refId,
      ip: request.client.ip,
    });
    try {
      return await db.transaction(async (transaction) => {
        const { playerId } = await players.createExternalPlayer(registration, transaction);
        await insertConnection(transaction, {
          playerId,
          provider: provider.socialType,
          subject: identity.subject,
          email: identity.email,
          displayName: identity.name,
          createdAt: now(),
        });
        return playerId;
      });
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === "social_connections_identity") {
        // The same identity signed up in a concurrent request: use that player.
        const winner = await selectConnectionByIdentity(db, provider.socialType, identity.subject);
        if (winner) return winner.playerId;
      }
      if (index === "players_email_unique") throw new AppError("CONFLICT", SOCIAL_MESSAGES.emailAccountExists);
      throw error;
    }
  }

  return {
    listProviders: () => oidc.providers.map((provider) => ({ socialType: provider.socialType, name: provider.name })),

    startSignIn: (input) => start({ ...input, playerId: null }),

    async startLink(input) {
      const provider = requireProvider(input.socialType);
      const linked = await selectConnections(db, input.playerId);
      if (linked.some((row) => row.provider === provider.socialType)) throw new AppError("CONFLICT", SOCIAL_MESSAGES.providerAlreadyLinked);
      return start({ ...input, context: {} });
    },

    async completeCallback(input) {
      const row = await takeAuthState(db, input.state);
      if (!row || row.expiresAt.getTime() <= now().getTime() || row.provider !== input.socialType) {
        throw new AppError("BAD_REQUEST", SOCIAL_MESSAGES.stateInvalid);
      }
      const context = parseContext(row.context);
      if (!bindingMatches(input.binding, context.bindingDigest)) throw new AppError("BAD_REQUEST", SOCIAL_MESSAGES.stateInvalid);
      const provider = oidc.find(row.provider);
      if (!provider) throw new AppError("BAD_REQUEST", SOCIAL_MESSAGES.stateInvalid);
      if (row.playerId) {
        // A link finishes only in the signed-in browser of the player who started it, so a link
        // URL pushed to someone else cannot attach their identity to the attacker's account.
        const principal = input.request.accessToken ? await sessions.verifyAccessToken(input.request.accessToken) : null;
        if (principal?.playerId !== row.playerId) throw new AppError("UNAUTHORIZED", SOCIAL_MESSAGES.linkNeedsSignIn);
      }

      let identity: OidcIdentity;
      try {
        identity = await oidc.completeAuthorization(provider, {
          redirectUri: row.redirectUri,
          code: input.code,
          state: input.state,
          iss: input.iss,
          codeVerifier: row.codeVerifier,
          nonce: row.nonce,
        });
      } catch (error) {
        const unreachable = error instanceof OidcFlowError && error.kind === "unreachable";
        logger.warn({ err: error, socialType: provider.socialType }, "social sign-in callback refused");
        throw unreachable
          ? new AppError("SERVICE_UNAVAILABLE", SOCIAL_MESSAGES.providerUnreachable)
          : new AppError("BAD_REQUEST", SOCIAL_MESSAGES.providerRejected);
      }

      if (row.playerId) {
        await linkIdentity(row.playerId, provider, identity);
        return { kind: "linked", socialType: provider.socialType, connections: await listConnections(row.playerId) };
      }
      const playerId = await playerForIdentity(provider, identity, context, input.request);
      const session = await sessions.signIn({ playerId, method: "social", request: input.request, reply: input.reply });
      return { kind: "signedIn", session };
    },

    listConnections,

    async unlink(playerId, socialType) {
      await db.transaction(async (transaction) => {
        // Row lock: two unlinks at once cannot each see the other connection as the remaining way in.
        const facts = await selectPlayerFacts(transaction, playerId, { forUpdate: true });
        if (!facts) throw new AppError("NOT_FOUND", SOCIAL_MESSAGES.notLinked);
        const linked = new Set((await selectConnections(transaction, playerId)).map((row) => row.provider));
        if (facts.tgUserId !== null) linked.add(TELEGRAM_SOCIAL_TYPE);
        if (!linked.has(socialType)) throw new AppError("NOT_FOUND", SOCIAL_MESSAGES.notLinked);
        const otherWaysIn = [...linked].filter((other) => other !== socialType && canSignInWith(other));
        if (!facts.hasPassword && !facts.hasVerifiedPhone && otherWaysIn.length === 0) {
          throw validationFailed({ socialType: [SOCIAL_MESSAGES.lastSignInMethod] }, SOCIAL_MESSAGES.lastSignInMethod);
        }
        await deleteConnection(transaction, playerId, socialType);
        if (socialType === TELEGRAM_SOCIAL_TYPE) await setTelegramUser(transaction, playerId, null, now());
      });
      invalidateProfile(playerId);
      return listConnections(playerId);
    },

    ...createTelegramAccounts({ db, logger, now, telegram, players, sessions, listConnections, invalidateProfile }),
  };
}
