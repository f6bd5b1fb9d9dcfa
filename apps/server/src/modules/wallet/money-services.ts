import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase, DatabaseDriver } from "../../db/database.ts";
import type { SecretStore } from "../accounts/app-secrets.ts";
import { createLedger, type Ledger } from "../ledger/ledger.service.ts";
import { createLimitsService, type LimitsService } from "../limits/limits.service.ts";
import { createPaymentService, type PaymentService } from "../payment/payment.service.ts";
import type { RealtimeService } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { createWalletService, type WalletService } from "./wallet.service.ts";

// The money core, wired once: the ledger every movement posts through, wallet accounts on top of
// it, the responsible-gaming checks, and payments that use all three. `app.services.money`.
export type MoneyServices = {
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  payments: PaymentService;
};

export function createMoneyServices(dependencies: {
  db: AppDatabase;
  driver: DatabaseDriver;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  realtime: RealtimeService;
  settings: SettingsService;
}): MoneyServices {
  const { db, driver, config, logger, now, secrets, realtime, settings } = dependencies;
  const ledger = createLedger({ db, driver });
  const wallet = createWalletService({ db, ledger, settings, realtime });
  const limits = createLimitsService({ db, config, logger, now });
  const payments = createPaymentService({ db, config, logger, now, secrets, ledger, wallet, limits, realtime, settings });
  return { ledger, wallet, limits, payments };
}
