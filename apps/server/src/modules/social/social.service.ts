import type { AccountDependencies } from "../accounts/account-services.ts";
import type { SessionService } from "../auth/session.service.ts";
import type { PlayerService } from "../player/player.service.ts";

// OWNER: social helper (OpenID Connect providers, Telegram initData).

export type SocialService = {
  /** Providers configured by the operator, for the sign-in buttons. */
  listProviders(): { socialType: string; name: string }[];
};

export function createSocialService(_dependencies: AccountDependencies & { players: PlayerService; sessions: SessionService }): SocialService {
  return { listProviders: () => [] };
}
