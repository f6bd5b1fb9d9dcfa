import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import { createBonusLedger } from "./bonus-ledger.ts";
import { createBonusLifecycle, type BonusLifecycle } from "./bonus-lifecycle.ts";
import { createBonusPrecisions, type BonusPrecisions } from "./bonus-precisions.ts";
import { createStakeWagering, type StakeWagering } from "./bonus-wagering.ts";

// The bonus domain (ADR 034): templates and the welcome package, player bonuses and free spins,
// codes, deposit offers, wagering inside stakes, cashback. Each part is built here from the
// lifecycle (issue, activate, finish) that owns the money movements.

export type BonusDependencies = ServiceDependencies & {
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  realtime: RealtimePublisher;
  settings: SettingsService;
};

export type BonusService = {
  precisions: BonusPrecisions;
  lifecycle: BonusLifecycle;
  /** What the game side calls inside its stake and payout transactions (split, progress, completion). */
  wagering: StakeWagering;
  /** Background loops (expiry, cashback). */
  start(): void;
  stop(): Promise<void>;
};

export function createBonusService(dependencies: BonusDependencies): BonusService {
  const { ledger, wallet, realtime, settings, now } = dependencies;
  const precisions = createBonusPrecisions(settings);
  const bonusLedger = createBonusLedger(ledger);
  const lifecycle = createBonusLifecycle({ ledger, bonusLedger, wallet, realtime, knownPrecision: precisions.knownPrecision, now });
  const wagering = createStakeWagering({ ledger, lifecycle, realtime, now });
  const loops: { start(): void; stop(): Promise<void> }[] = [];
  return {
    precisions,
    lifecycle,
    wagering,
    start() {
      for (const loop of loops) loop.start();
    },
    async stop() {
      for (const loop of [...loops].reverse()) await loop.stop();
    },
  };
}
