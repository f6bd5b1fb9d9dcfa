import type { AuthSession } from "@playfair/contracts/player/auth";
import type { SocialConnectionsResponseSchema } from "@playfair/contracts/player/social";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AccountsConfig } from "../../config.ts";
import type { DbExecutor } from "../../db/database.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { SessionService } from "../auth/session.service.ts";
import type { ExternalPlayerAccounts, ExternalRegistration } from "../player/player-accounts.ts";
import { insertConnection, selectConnectionByIdentity, selectPlayerFacts, selectPlayerIdByTelegramUser, setTelegramUser } from "./social.repository.ts";
import { SOCIAL_MESSAGES, TELEGRAM_SOCIAL_TYPE } from "./social-messages.ts";
import { defined, supportedLanguage } from "./social-sign-in-state.ts";
import { verifyTelegramInitData, type TelegramUser } from "./telegram-init-data.ts";

// Telegram mini-app sign-in and linking: the player is known by the Telegram user id that signed
// initData carries (a connection row, or the id stored on the player by other means).

type SocialConnections = z.infer<typeof SocialConnectionsResponseSchema>;

function insertTelegramConnection(executor: DbExecutor, playerId: string, user: TelegramUser, at: Date): Promise<void> {
  return insertConnection(executor, {
    playerId,
    provider: TELEGRAM_SOCIAL_TYPE,
    subject: String(user.id),
    displayName: user.username ?? ([user.firstName, user.lastName].filter(Boolean).join(" ") || null),
    createdAt: at,
  });
}

export type TelegramAccountsDependencies = Pick<ServiceDependencies, "db" | "logger" | "now"> & {
  telegram: AccountsConfig["telegram"];
  players: ExternalPlayerAccounts;
  sessions: SessionService;
  listConnections(playerId: string): Promise<SocialConnections>;
  invalidateProfile(playerId: string): void;
};

export type TelegramAccounts = {
  telegramSignIn(input: {
    payload: string;
    affiliateTag?: string | undefined;
    refId?: string | undefined;
    currency?: string | undefined;
    language?: string | undefined;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<AuthSession>;
  linkTelegram(playerId: string, payload: string): Promise<SocialConnections>;
};

export function createTelegramAccounts({ db, logger, now, telegram, players, sessions, listConnections, invalidateProfile }: TelegramAccountsDependencies): TelegramAccounts {
  function verifyTelegram(payload: string) {
    if (!telegram.botToken) return null;
    const result = verifyTelegramInitData(payload, telegram.botToken, { now: now(), maxAgeSeconds: telegram.authMaxAgeSeconds });
    if (!result.ok) {
      logger.info({ reason: result.reason }, "Telegram initData refused");
      return null;
    }
    return result.data.user;
  }

  async function findTelegramPlayer(tgUserId: number): Promise<string | undefined> {
    const connection = await selectConnectionByIdentity(db, TELEGRAM_SOCIAL_TYPE, String(tgUserId));
    return connection?.playerId ?? (await selectPlayerIdByTelegramUser(db, tgUserId));
  }

  async function createTelegramPlayer(user: TelegramUser, registration: ExternalRegistration): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (transaction) => {
          const { playerId } = await players.createExternalPlayer(registration, transaction);
          await insertTelegramConnection(transaction, playerId, user, now());
          return playerId;
        });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === "players_tg_user_id_unique" || index === "social_connections_identity") {
          // The same Telegram user signed up in a concurrent request.
          const winner = await findTelegramPlayer(user.id);
          if (winner) return winner;
        }
        // Someone took the nickname meanwhile: the account is created without one.
        if (index === "players_nickname_unique" && attempt === 0) {
          registration = { ...registration, nickname: null };
          continue;
        }
        throw error;
      }
    }
  }

  return {
    async telegramSignIn(input) {
      if (!telegram.botToken) throw new AppError("UNAUTHORIZED", SOCIAL_MESSAGES.telegramUnavailable);
      const user = verifyTelegram(input.payload);
      if (!user) throw new AppError("UNAUTHORIZED", SOCIAL_MESSAGES.telegramInvalid);
      const playerId =
        (await findTelegramPlayer(user.id)) ??
        (await createTelegramPlayer(
          user,
          defined({
            firstName: user.firstName,
            lastName: user.lastName,
            nickname: user.username,
            tgUserId: user.id,
            language: supportedLanguage(input.language) ?? supportedLanguage(user.languageCode),
            currency: input.currency,
            country: input.request.client.country,
            affiliateTag: input.affiliateTag,
            referrerId: input.refId,
            ip: input.request.client.ip,
          }),
        ));
      return sessions.signIn({ playerId, method: "telegram", request: input.request, reply: input.reply });
    },

    async linkTelegram(playerId, payload) {
      const user = verifyTelegram(payload);
      if (!user) {
        const message = telegram.botToken ? SOCIAL_MESSAGES.telegramInvalid : SOCIAL_MESSAGES.telegramUnavailable;
        throw validationFailed({ tg_payload: [message] }, message);
      }
      try {
        await db.transaction(async (transaction) => {
          const facts = await selectPlayerFacts(transaction, playerId, { forUpdate: true });
          if (!facts) throw new AppError("NOT_FOUND", SOCIAL_MESSAGES.notLinked);
          const connection = await selectConnectionByIdentity(transaction, TELEGRAM_SOCIAL_TYPE, String(user.id));
          const owner = connection?.playerId ?? (await selectPlayerIdByTelegramUser(transaction, user.id));
          if (owner !== undefined && owner !== playerId) throw new AppError("CONFLICT", SOCIAL_MESSAGES.identityLinkedElsewhere);
          if (facts.tgUserId !== null && facts.tgUserId !== user.id) throw new AppError("CONFLICT", SOCIAL_MESSAGES.providerAlreadyLinked);
          if (facts.tgUserId === null) await setTelegramUser(transaction, playerId, user.id, now());
          if (!connection) {
            await insertTelegramConnection(transaction, playerId, user, now());
          }
        });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === "players_tg_user_id_unique" || index === "social_connections_identity") throw new AppError("CONFLICT", SOCIAL_MESSAGES.identityLinkedElsewhere);
        if (index === "social_connections_player_provider") throw new AppError("CONFLICT", SOCIAL_MESSAGES.providerAlreadyLinked);
        throw error;
      }
      invalidateProfile(playerId);
      return listConnections(playerId);
    },
  };
}
