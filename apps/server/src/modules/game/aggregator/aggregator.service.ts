import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import type { Ledger } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { RealtimeService } from "../../realtime/realtime.service.ts";
import type { SettingsService } from "../../settings/settings.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import { createThirdPartyGameLauncher, type ThirdPartyGameLauncher } from "./game-launch.ts";
import { createSeamlessWallet, type SeamlessWallet, type SeamlessWalletDependencies } from "./seamless-wallet.ts";

/** Third-party games, our side (`app.services.gameAggregator`): launching a game and the wallet calls of its aggregator. */
export type GameAggregatorService = SeamlessWallet & ThirdPartyGameLauncher;

export function createGameAggregatorService(
  dependencies: ServiceDependencies & { ledger: Ledger; wallet: WalletService; limits: LimitsService; settings: SettingsService; realtime: RealtimeService; freespins?: SeamlessWalletDependencies["freespins"]; wagering?: StakeWagering },
): GameAggregatorService {
  const seamlessWallet = createSeamlessWallet(dependencies);
  const launcher = createThirdPartyGameLauncher({ ...dependencies, signingSecrets: seamlessWallet.signingSecrets });
  return { ...seamlessWallet, ...launcher };
}
