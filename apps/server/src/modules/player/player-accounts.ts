import type { DbExecutor } from "../../db/database.ts";

// What other domains need of the player accounts, as types only. The account domain's player
// service implements them; auth and social sign-in depend on these instead of on that service,
// which itself builds on auth, wallet and social.

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

/** Profiles are cached in memory; every module that writes a `players` row says so after its commit. */
export type ProfileCache = {
  invalidateProfile(playerId: string): void;
};

/** Social and messenger sign-up create players through this. */
export type ExternalPlayerAccounts = ProfileCache & {
  /** Creates a player (and the first wallet account) for a social or messenger sign-up. */
  createExternalPlayer(input: ExternalRegistration, executor?: DbExecutor): Promise<{ playerId: string }>;
};
