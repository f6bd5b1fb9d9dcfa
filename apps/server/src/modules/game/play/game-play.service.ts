import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import type { Ledger } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { SettingsService } from "../../settings/settings.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import { originalRoundRules } from "../jurisdiction-games.ts";
import { createCurrencyPrecisions } from "./currency-precisions.ts";
import { createFreespinRoundMoney, type FreespinPlay } from "./freespin-rounds.ts";
import { createPlayHistory, type PlayHistory } from "./history.ts";
import { createLauncher, type Launcher, type LaunchSportsbook, type LaunchThirdParty, type RecordPlayed } from "./launch.ts";
import { createDemoRoundMoney, createLedgerRoundMoney } from "./round-money.ts";
import { createRoundRecovery, type RoundRecovery } from "./round-recovery.ts";
import { createRoundService, type PlayFaults, type RoundService } from "./rounds.ts";
import { createSeedStore, type SeedStore } from "./seeds.ts";

// `app.services.gamePlay`: our originals played through the ledger (seeds, launch, rounds,
// recovery, history). Built from the ledger, limits, wallet and realtime, plus two functions the
// composition root hands in from the catalogue and aggregator sides.

export type GamePlayService = {
  seeds: SeedStore;
  launcher: Launcher;
  rounds: RoundService;
  history: PlayHistory;
  recovery: RoundRecovery;
  start(): void;
  stop(): Promise<void>;
};

export type GamePlayDependencies = ServiceDependencies & {
  ledger: Ledger;
  limits: Pick<LimitsService, "assertCanStake" | "stakeGateQuery" | "assertMoneyInAllowed" | "jurisdiction">;
  wallet: Pick<WalletService, "list" | "accountPublication" | "accountSnapshotColumn" | "accountPublicationsOf">;
  realtime: RealtimePublisher;
  settings: Pick<SettingsService, "listCurrencies">;
  /** Third-party launches (the aggregator adapter); `refuseThirdPartyLaunch` answers 404 for every one. */
  launchThirdParty: LaunchThirdParty;
  /** The sportsbook's start-game call, handed in by the composition root (the sport module sits above this one). */
  launchSportsbook?: LaunchSportsbook;
  /** The catalogue's "played games" record, called after every real launch. */
  recordPlayed: RecordPlayed;
  /** Bonus money in stakes and payouts (ADR 034); none: cash only. */
  wagering?: StakeWagering;
  faults?: PlayFaults;
  /** Free spins (the bonus domain's): rounds played as one, and the launch answer's offer. Absent: none. */
  freespins?: FreespinPlay;
};

export function createGamePlayService(dependencies: GamePlayDependencies): GamePlayService {
  const { db, logger, now, config, ledger, limits, wallet, realtime, settings } = dependencies;

  const { precisionOf, knownPrecision } = createCurrencyPrecisions(settings);

  const seeds = createSeedStore({ db, now });
  const rounds = createRoundService({
    db,
    logger,
    now,
    seeds,
    stakeGateQuery: limits.stakeGateQuery,
    realMoney: createLedgerRoundMoney({
      ledger,
      limits,
      roundRules: (round) => originalRoundRules({ playerId: round.playerId!, game: round.game, roundId: round.roundId, visitorCountry: round.visitorCountry ?? null }),
      ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}),
    }),
    demoMoney: createDemoRoundMoney(),
    realtime,
    wallet,
    precisionOf,
    knownPrecision,
    ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}),
    ...(dependencies.faults ? { faults: dependencies.faults } : {}),
    ...(dependencies.freespins ? { freespinMoney: createFreespinRoundMoney({ ...dependencies.freespins, ledger }) } : {}),
  });
  const recovery = createRoundRecovery({ db, logger, now, timeoutMinutes: config.game.roundTimeoutMinutes, rounds });
  return {
    seeds,
    launcher: createLauncher({
      db,
      now,
      wallet,
      limits,
      launchThirdParty: dependencies.launchThirdParty,
      ...(dependencies.launchSportsbook ? { launchSportsbook: dependencies.launchSportsbook } : {}),
      recordPlayed: dependencies.recordPlayed,
      ...(dependencies.freespins ? { freespins: dependencies.freespins.freespins } : {}),
    }),
    rounds,
    history: createPlayHistory({ db }),
    recovery,
    start: () => recovery.start(),
    stop: () => recovery.stop(),
  };
}
