import type { Profile } from "@playfair/contracts/player/profile";
import type { DbExecutor } from "../../db/database.ts";
import type { AccountDependencies } from "../accounts/account-services.ts";
import type { OtpService } from "../auth/otp.service.ts";
import type { SessionService } from "../auth/session.service.ts";
import type { Outbox } from "../messaging/outbox.ts";

// OWNER: auth-core helper.

/** A new account from an external identity (social provider or Telegram). */
export type ExternalRegistration = {
  email?: string | null;
  emailVerified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  tgUserId?: number | null;
  language?: string;
  currency?: string;
  country?: string | null;
  affiliateTag?: string;
  referrerId?: string;
  ip?: string;
};

export type PlayerService = {
  getProfile(playerId: string): Promise<Profile | null>;
  /** Creates a player (and the first wallet account) for a social or messenger sign-up. */
  createExternalPlayer(input: ExternalRegistration, executor?: DbExecutor): Promise<{ playerId: string }>;
  findPlayerIdByEmail(email: string): Promise<string | null>;
  findPlayerIdByTelegramUser(tgUserId: number): Promise<string | null>;
};

export function createPlayerService(_dependencies: AccountDependencies & { outbox: Outbox; otp: OtpService; sessions: SessionService }): PlayerService {
  return {
    async getProfile() {
      return null;
    },
    async createExternalPlayer() {
      throw new Error("players not built yet");
    },
    async findPlayerIdByEmail() {
      return null;
    },
    async findPlayerIdByTelegramUser() {
      return null;
    },
  };
}
