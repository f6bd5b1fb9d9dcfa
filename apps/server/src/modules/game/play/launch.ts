import { DEMO_BALANCE, DEMO_CURRENCY } from "@playfair/contracts/game/play";
import type { GameLaunch, GameLaunchRequest } from "@playfair/contracts/game/launch";
import { SPORTSBOOK_GAME_IDENTITY } from "@playfair/contracts/sport/bets";
import type { GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import { compareAmounts } from "@playfair/contracts/money";
import type { AppDatabase } from "../../../db/database.ts";
import { AppError, notFound, validationFailed } from "../../../lib/app-error.ts";
import { assertCapAllowsMinimum } from "../../limits/jurisdiction.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { Freespins } from "../../bonus/freespins.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import { gameCategories } from "../jurisdiction-games.ts";
import { gameSessions } from "./game-play.schema.ts";
import { launchableOriginal, type StakeRange } from "./originals.ts";
import { newClientSeed, newServerSeed } from "./seeds.ts";

// POST /api/game/games/{id}/play for our originals: a game session bound to the player (none for a
// guest's demo), the game, the currency and the demo flag. Other games are launched by the
// aggregator side, handed in as `launchThirdParty`.

/** Who launches: the player (null for a guest), the site session they launch from, the visitor country. */
export type LaunchPlayer = { playerId: string | null; sessionId?: string | null; country: string | null };

/** Launches a game that is not one of our originals (the aggregator adapter); refuses unknown games with 404. */
export type LaunchThirdParty = (identity: string, request: GameLaunchRequest, player: LaunchPlayer) => Promise<GameLaunch>;
/** The sportsbook's start-game call (ADR 035): its token for the player's account; the sport module answers it. */
export type LaunchSportsbook = (request: GameLaunchRequest, player: LaunchPlayer) => Promise<GameLaunch>;
/** Records that the player launched a game for real (the catalogue's "played" list). */
export type RecordPlayed = (playerId: string, identity: string) => Promise<void>;

export const refuseThirdPartyLaunch: LaunchThirdParty = async () => {
  throw notFound("This game does not exist.");
};

/** A session's play: a real one for a day, a demo one (and its play money) for a day too, then the sweep removes it. */
export const GAME_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export type Launcher = { launch(identity: string, request: GameLaunchRequest, player: LaunchPlayer): Promise<GameLaunch> };

export function createLauncher(dependencies: {
  db: AppDatabase;
  now: () => Date;
  wallet: Pick<WalletService, "list">;
  limits: Pick<LimitsService, "assertMoneyInAllowed" | "jurisdiction">;
  launchThirdParty: LaunchThirdParty;
  /** The sportsbook's start-game call; none: its game id is unknown here (404). */
  launchSportsbook?: LaunchSportsbook;
  recordPlayed: RecordPlayed;
  /** The player's active free spins on the game, offered in the launch answer. */
  freespins?: Pick<Freespins, "offerFor">;
}): Launcher {
  const { db, now, wallet, limits, launchThirdParty, recordPlayed } = dependencies;

  /** The jurisdiction's rules for this launch (P11), and the stake bounds under its cap. */
  async function rulesOf(identity: string, player: LaunchPlayer, currency: string, demo: boolean, stakes: StakeRange) {
    const categories = await gameCategories(db, { identity });
    const jurisdiction = await limits.jurisdiction.gameRules(db, { playerId: player.playerId, visitorCountry: player.country }, { categories, currency, demo });
    return { stakes: capped(stakes, jurisdiction), ...(jurisdiction ? { jurisdiction } : {}) };
  }

  return {
    async launch(identity, request, player) {
      if (identity === SPORTSBOOK_GAME_IDENTITY && dependencies.launchSportsbook) return dependencies.launchSportsbook(request, player);
      const game = launchableOriginal(identity);
      if (!game) return launchThirdParty(identity, request, player);
      const expiresAt = new Date(now().getTime() + GAME_SESSION_TTL_MS);

      if (request.demo) {
        const [session] = await db
          .insert(gameSessions)
          .values({
            playerId: player.playerId,
            gameIdentity: identity,
            currency: DEMO_CURRENCY,
            demo: true,
            demoBalance: DEMO_BALANCE,
            demoServerSeed: newServerSeed(),
            demoClientSeed: newClientSeed(),
            demoNonce: 0,
            createdAt: now(),
            expiresAt,
          })
          .returning({ id: gameSessions.id });
        return { kind: "original", url: null, sessionId: session!.id, demo: true, currency: DEMO_CURRENCY, ...(await rulesOf(identity, player, DEMO_CURRENCY, true, game.stakes[DEMO_CURRENCY]!)) };
      }

      if (!player.playerId) throw new AppError("UNAUTHORIZED", "Sign in to play for real money.");
      await limits.assertMoneyInAllowed(db, player.playerId);
      const accounts = await wallet.list(player.playerId);
      const account = request.currency ? accounts.find((candidate) => candidate.currency === request.currency) : accounts.find((candidate) => candidate.isSelected);
      if (!account || account.status !== 1) throw validationFailed({ currency: ["You have no account in this currency."] });
      const stakes = game.stakes[account.currency];
      if (!stakes) throw validationFailed({ currency: [`This game is not played in ${account.currency}.`] });
      const rules = await rulesOf(identity, player, account.currency, false, stakes);
      assertCapAllowsMinimum(rules.jurisdiction?.stakeCap ?? null, stakes.min);
      const [session] = await db
        .insert(gameSessions)
        .values({ playerId: player.playerId, gameIdentity: identity, currency: account.currency, demo: false, walletAccountId: account.id, createdAt: now(), expiresAt })
        .returning({ id: gameSessions.id });
      await recordPlayed(player.playerId, identity);
      const freespin = await dependencies.freespins?.offerFor(db, player.playerId, identity, account.currency);
      return { kind: "original", url: null, sessionId: session!.id, demo: false, currency: account.currency, ...rules, ...(freespin ? { freespin } : {}) };
    },
  };
}

/**
 * The game's bounds with the maximum lowered to the jurisdiction's cap, so the bet panel never
 * offers more. A cap below the minimum never gets here: that launch is refused.
 */
function capped(stakes: StakeRange, jurisdiction: GameJurisdiction | null): StakeRange {
  const cap = jurisdiction?.stakeCap?.amount;
  if (!cap || compareAmounts(cap, stakes.max) >= 0) return stakes;
  return { min: stakes.min, max: cap };
}
