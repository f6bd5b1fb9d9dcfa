import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import { createBonusLedger } from "./bonus-ledger.ts";
import { createBonusLifecycle, type BonusLifecycle } from "./bonus-lifecycle.ts";
import { createBonusPrecisions, type BonusPrecisions } from "./bonus-precisions.ts";
import { createBonusCodes, type BonusCodes } from "./bonus-codes.ts";
import { createBonusGrants } from "./bonus-grants.ts";
import { createDepositBonuses, type DepositBonuses } from "./deposit-bonuses.ts";
import { createFreespinLedger, type FreespinLedger } from "./freespin-ledger.ts";
import { createFreespins, type FreespinGames, type Freespins } from "./freespins.ts";
import { createStakeWagering, type StakeWagering } from "./bonus-wagering.ts";
import { createBonusExpiry } from "./bonus-expiry.ts";
import { createBonusTemplatesAdmin, type BonusTemplatesAdmin } from "./bonus-templates-admin.ts";
import { createCashback } from "./cashback.ts";
import { createManualBonusIssue } from "./manual-bonus-issue.ts";
import { createPlayerBonusApi, type PlayerBonusApi } from "./player-bonus-api.ts";

// The bonus domain (ADR 034): templates and the welcome package, player bonuses and free spins,
// codes, deposit offers, wagering inside stakes, cashback. Each part is built here from the
// lifecycle (issue, activate, finish) that owns the money movements.

export type BonusDependencies = ServiceDependencies & {
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  realtime: RealtimePublisher;
  settings: SettingsService;
  /** The casino's games as free spins need them (the game domain's, wired by the composition root). */
  freespinGames: FreespinGames;
};

export type BonusService = {
  precisions: BonusPrecisions;
  lifecycle: BonusLifecycle;
  /** Deposit offers, the welcome package, a deposit's bonus (payment's DepositBonusHooks). */
  deposits: DepositBonuses;
  /** Bonus codes: entered, waiting for a deposit, the sign-up code. */
  codes: BonusCodes;
  freespins: Freespins;
  /** The ledger movements of a free spin's stake and win (the game side posts them in its rounds). */
  freespinLedger: FreespinLedger;
  /** What the game side calls inside its stake and payout transactions (split, progress, completion). */
  wagering: StakeWagering;
  /** The player's bonuses: list, sum, activate, cancel. */
  playerBonuses: PlayerBonusApi;
  /** Issued and active bonuses and free spins past their time finish (also a loop). */
  expiry: Pick<ReturnType<typeof createBonusExpiry>, "expireDue">;
  /** Cashback: the running period's view and the payout job (also a loop). */
  cashback: Pick<ReturnType<typeof createCashback>, "payCashback" | "cashbackOf">;
  /** The operator's templates, package and codes, and manual issue. */
  admin: BonusTemplatesAdmin & { issueBonusManually: ReturnType<typeof createManualBonusIssue> };
  /** Background loops (expiry, cashback). */
  start(): void;
  stop(): Promise<void>;
};

export function createBonusService(dependencies: BonusDependencies): BonusService {
  const { db, logger, ledger, wallet, limits, realtime, settings, now } = dependencies;
  const precisions = createBonusPrecisions(settings);
  const bonusLedger = createBonusLedger(ledger);
  const lifecycle = createBonusLifecycle({ ledger, bonusLedger, wallet, realtime, knownPrecision: precisions.knownPrecision, now });
  const freespins = createFreespins({ db, lifecycle, realtime, wallet, games: dependencies.freespinGames, knownPrecision: precisions.knownPrecision, now });
  const grants = createBonusGrants({
    lifecycle,
    knownPrecision: precisions.knownPrecision,
    freespins: async (executor, request) => {
      const issued = await freespins.issue(executor, request);
      return "refused" in issued ? issued : { id: issued.freespin.id };
    },
  });
  const codes = createBonusCodes({ db, logger, now, lifecycle, grants, realtime });
  const deposits = createDepositBonuses({ db, logger, lifecycle, grants, codes, knownPrecision: precisions.knownPrecision });
  const wagering = createStakeWagering({ ledger, lifecycle, realtime, now });
  const playerBonuses = createPlayerBonusApi({ db, ledger, limits, settings, precisions, lifecycle });
  const expiry = createBonusExpiry({ db, lifecycle, precisions, logger, now, expireFreespins: () => freespins.expireDue() });
  const cashback = createCashback({ db, realtime, precisions, logger, now });
  const templatesAdmin = createBonusTemplatesAdmin({ db, listCurrencyCodes: async () => (await settings.listCurrencies({})).map((currency) => currency.code), now });
  const issueBonusManually = createManualBonusIssue({ db, ledger, lifecycle, freespins, precisions, admin: templatesAdmin });
  const loops: { start(): void; stop(): Promise<void> }[] = [expiry, cashback];
  return {
    precisions,
    lifecycle,
    deposits,
    codes,
    freespins,
    freespinLedger: createFreespinLedger(ledger),
    wagering,
    playerBonuses,
    expiry,
    cashback,
    admin: { ...templatesAdmin, issueBonusManually },
    start() {
      for (const loop of loops) loop.start();
    },
    async stop() {
      for (const loop of [...loops].reverse()) await loop.stop();
    },
  };
}
