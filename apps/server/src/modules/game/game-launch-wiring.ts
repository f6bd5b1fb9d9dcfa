import { DEMO_CURRENCY } from "@playfair/contracts/game/play";
import { AppError, notFound, validationFailed } from "../../lib/app-error.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import type { FreespinOffer } from "../bonus/freespins.ts";
import type { FreeRoundsAdapter } from "./aggregator/free-rounds.ts";
import type { ThirdPartyGameLauncher } from "./aggregator/game-launch.ts";
import type { CatalogueService } from "./catalogue/catalogue.service.ts";
import type { LaunchThirdParty, RecordPlayed } from "./play/launch.ts";

// How the three parts of the casino meet: the play side launches our originals itself and hands
// every other identity to the catalogue (which game is it, may this visitor see it, how does the
// aggregator know it) and then to the aggregator (a session and its launch address).

export function thirdPartyLaunch(dependencies: {
  catalogue: Pick<CatalogueService, "findLaunchable" | "recordPlayed">;
  aggregator: ThirdPartyGameLauncher;
  wallet: Pick<WalletService, "list">;
  /** The player's active free spins on a game; with `freeRounds`, granted to the aggregator at launch. */
  freespinOffer?: (playerId: string, identity: string, currency: string) => Promise<FreespinOffer | null>;
  freeRounds?: FreeRoundsAdapter;
}): LaunchThirdParty {
  const { catalogue, aggregator, wallet, freespinOffer, freeRounds } = dependencies;
  return async (identity, request, player) => {
    const game = await catalogue.findLaunchable(identity, { playerId: player.playerId, country: player.country, language: "en", device: request.device });
    if (!game || game.isOriginal || !game.aggregatorCode || !game.mathModel) throw notFound("This game does not exist.");
    if (request.demo && !game.hasDemo) throw new AppError("FORBIDDEN", "This game has no demo.");
    let currency = request.currency ?? DEMO_CURRENCY;
    if (!request.demo) {
      if (!player.playerId) throw new AppError("UNAUTHORIZED", "Sign in to play for real money.");
      const accounts = await wallet.list(player.playerId);
      const account = request.currency ? accounts.find((candidate) => candidate.currency === request.currency) : accounts.find((candidate) => candidate.isSelected);
      if (!account || account.status !== 1) throw validationFailed({ currency: ["You have no account in this currency."] });
      currency = account.currency;
    }
    const launched = await aggregator.launchThirdPartyGame({
      playerId: player.playerId,
      currency,
      demo: request.demo,
      provider: game.providerIdentity,
      gameCode: game.aggregatorCode,
      mathModel: game.mathModel,
      locale: "en",
      device: request.device,
      visitorCountry: player.country,
    });
    if (request.demo || !player.playerId) return launched;
    await catalogue.recordPlayed(player.playerId, game.id);
    // Free spins on this game are the aggregator's free rounds in the session just opened (the
    // spins left, so a relaunch grants only what remains; the wallet's count stays the authority).
    const freespin = freeRounds && freespinOffer ? await freespinOffer(player.playerId, identity, currency) : null;
    if (!freespin) return launched;
    await freeRounds!.grantFreeRounds({
      token: launched.sessionId,
      provider: game.providerIdentity,
      gameCode: game.aggregatorCode,
      currency,
      count: freespin.remaining,
      spinValue: freespin.spinValue,
      reference: freespin.id,
    });
    return { ...launched, freespin };
  };
}

/** The catalogue's "played" list, kept by identity as the play side knows games. */
export function recordPlayedInCatalogue(catalogue: Pick<CatalogueService, "findLaunchable" | "recordPlayed">): RecordPlayed {
  return async (playerId, identity) => {
    const game = await catalogue.findLaunchable(identity, { playerId, country: null, language: "en" });
    if (game) await catalogue.recordPlayed(playerId, game.id);
  };
}
