import { createHmac, randomBytes } from "node:crypto";
import type { GameDevice } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { SANDBOX_AGGREGATOR_LAUNCH_PATH, sandboxLaunchSigningText, type SandboxLaunchParameters } from "@playfair/contracts/game/seamless-wallet";
import { AppError } from "../../../lib/app-error.ts";
import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import { gameCategories } from "../jurisdiction-games.ts";
import { gameAggregatorSessions } from "./aggregator.schema.ts";

// Opening a third-party game: a session token the aggregator quotes in every wallet call, and the
// aggregator's launch address for the game page's iframe. The address is the sandbox aggregator's
// own page on this server (same origin), signed with the shared secret so the player cannot swap
// the game or the session in it.

/** How long a session may take new stakes; its rounds may still be paid or rolled back later. */
export const AGGREGATOR_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type ThirdPartyLaunchRequest = {
  /** Null for a guest (demo only). */
  playerId: string | null;
  currency: string;
  demo: boolean;
  /** The catalogue's provider identity, the aggregator's game code and the game's math model. */
  provider: string;
  gameCode: string;
  mathModel: string;
  locale: string;
  device: GameDevice;
  /** The launching request's visitor country (P11): the wallet calls that follow come from the aggregator, not the player. */
  visitorCountry?: string | null;
};

export type ThirdPartyGameLauncher = {
  /**
   * Opens a session and answers what POST /api/game/games/{id}/play answers for an iframe game,
   * with the player's jurisdiction rules for it (P11) so the game page can show the session bar.
   * Demo sessions never reach the ledger: the aggregator keeps their play money itself. Real play
   * needs a signed-in player allowed to play (not self-excluded or cooling off) and an account in
   * the currency.
   */
  launchThirdPartyGame(request: ThirdPartyLaunchRequest): Promise<GameLaunch>;
};

export function createThirdPartyGameLauncher(
  dependencies: Pick<ServiceDependencies, "db" | "now"> & { wallet: WalletService; limits: LimitsService; signingSecrets: () => Promise<string[]> },
): ThirdPartyGameLauncher {
  const { db, now, wallet, limits, signingSecrets } = dependencies;

  return {
    async launchThirdPartyGame(request) {
      let walletAccountId: string | null = null;
      if (!request.demo) {
        if (!request.playerId) throw new AppError("UNAUTHORIZED", "Sign in to play for real money.");
        await limits.assertMoneyInAllowed(db, request.playerId);
        const account = await wallet.accountFor(db, request.playerId, { currency: request.currency });
        if (!account) throw new AppError("VALIDATION_FAILED", "The given data was invalid.", { fieldErrors: { currency: ["You have no account in this currency."] } });
        walletAccountId = account.id;
      }
      const token = randomBytes(24).toString("base64url");
      const createdAt = now();
      await db.insert(gameAggregatorSessions).values({
        token,
        playerId: request.demo ? null : request.playerId,
        walletAccountId,
        currency: request.currency,
        demo: request.demo,
        provider: request.provider,
        gameCode: request.gameCode,
        mathModel: request.mathModel,
        locale: request.locale,
        device: request.device,
        visitorCountry: request.visitorCountry?.toUpperCase() ?? null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + AGGREGATOR_SESSION_LIFETIME_MS),
      });
      const parameters: SandboxLaunchParameters = {
        token,
        provider: request.provider,
        game: request.gameCode,
        model: request.mathModel,
        currency: request.currency,
        mode: request.demo ? "demo" : "real",
        locale: request.locale,
        device: request.device,
        ts: String(Math.floor(createdAt.getTime() / 1000)),
      };
      const [secret] = await signingSecrets();
      const sig = createHmac("sha256", secret!).update(sandboxLaunchSigningText(parameters), "utf8").digest("hex");
      const query = new URLSearchParams({ ...parameters, sig });
      const categories = await gameCategories(db, { aggregatorCode: request.gameCode });
      const jurisdiction = await limits.jurisdiction.gameRules(db, { playerId: request.playerId, visitorCountry: request.visitorCountry ?? null }, { categories, currency: request.currency, demo: request.demo });
      return {
        kind: "iframe",
        url: `${SANDBOX_AGGREGATOR_LAUNCH_PATH}?${query.toString()}`,
        sessionId: token,
        demo: request.demo,
        currency: request.currency,
        ...(jurisdiction ? { jurisdiction } : {}),
      };
    },
  };
}
