import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import { INVOICE_TYPE } from "@playfair/contracts/constants";
import { normalizeAmount } from "@playfair/contracts/money";
import { pageMeta } from "@playfair/contracts/pagination";
import type { CreateInvoiceRequest, Invoice, InvoiceList, InvoiceListQuery, InvoiceStatistics } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection, PaymentMethodGroup } from "@playfair/contracts/payment/methods";
import type { OperatorWithdrawal, OperatorWithdrawalList, OperatorWithdrawalListQuery } from "@playfair/contracts/payment/operator-withdrawals";
import type { Currency } from "@playfair/contracts/settings";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import type { RealtimeService } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import { NO_DEPOSIT_BONUSES, type DepositBonusHooks } from "./deposit-bonus-hooks.ts";
import { createDepositSettlement } from "./deposit-settlement.ts";
import { createInvoiceCreation } from "./invoice-creation.ts";
import { createInvoiceSteps, type PaymentFaultHooks } from "./invoice-steps.ts";
import { invoiceTotals, invoiceTypeOf, invoiceView, listPlayerInvoices } from "./invoice-store.ts";
import { allowAllKycGate, type KycGate } from "./kyc-gate.ts";
import { createMethodCatalogue } from "./method-catalogue.ts";
import { createPaymentReconciler } from "./payment-reconciler.ts";
import { createPendingDeposits } from "./pending-deposits.ts";
import { createProviderWebhooks, type WebhookReceipt } from "./provider-webhooks.ts";
import { createSandboxProvider, type ProviderOutcome, type SandboxProvider, type WebhookTransport } from "./sandbox-provider.ts";
import { createWithdrawals } from "./withdrawals.ts";

// Payment methods, deposit and withdrawal invoices, provider adapters
// (the in-house sandbox provider is the default), signed webhooks, operator payouts.
//
// Money moves only through the ledger, in the same database transaction as the invoice change it
// belongs to, under keys that make every step happen at most once (L4, see docs/promises.md):
//   deposit success   invoice:<id>:credit   payment-clearing:<provider> -X, cash +X
//   withdrawal asked  invoice:<id>:hold     cash -X, withdrawal-hold +X            (status 1)
//   payout done       invoice:<id>:payout   withdrawal-hold -X, payment-clearing +X (status 2)
//   declined/rejected invoice:<id>:release  withdrawal-hold -X, cash +X            (status 3)
// Each status change is a conditional step on the locked invoice row (FOR UPDATE): of two
// concurrent decisions (player decline and operator payout, L5) one wins, the other sees the new
// status and answers it.

//
// The parts, each readable alone: invoice-creation (a request becomes an invoice),
// deposit-settlement (the provider's answers), withdrawals (decline, payout, reject),
// provider-webhooks (signed callbacks), payment-reconciler (deposits a crash orphaned), on the
// shared invoice-steps. This file assembles them into the one service the routes use.

export type { PaymentFaultHooks } from "./invoice-steps.ts";
export type { WebhookReceipt } from "./provider-webhooks.ts";

export type PaymentDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  realtime: RealtimeService;
  settings: SettingsService;
  /** Who may withdraw; everyone until identity checks exist (see kyc-gate.ts). */
  kycGate?: KycGate;
  faults?: PaymentFaultHooks;
  /** The bonus engine's side of a deposit (services.ts wires it); none: deposits carry no bonus. */
  depositBonuses?: DepositBonusHooks;
  /** How the sandbox delivers webhooks; by default straight to receiveWebhook (the routes switch it to HTTP). */
  webhookTransport?: WebhookTransport;
};

export type PaymentService = {
  start(): void;
  stop(): Promise<void>;
  methods(direction: PaymentDirection, request: { playerId: string; currency: string; country: string | null }): Promise<PaymentMethodGroup[]>;
  createInvoice(direction: PaymentDirection, request: { playerId: string; body: CreateInvoiceRequest; idempotencyKey?: string | undefined }): Promise<{ invoice: Invoice; replayed: boolean }>;
  listInvoices(playerId: string, query: InvoiceListQuery): Promise<InvoiceList>;
  statistics(playerId: string): Promise<InvoiceStatistics["data"]>;
  /** The spec's invoice decline: cancels a pending withdrawal (the held money returns) or a pending deposit (its reservation ends). */
  declineInvoice(playerId: string, invoiceId: string): Promise<Invoice>;
  operatorWithdrawals(query: OperatorWithdrawalListQuery): Promise<OperatorWithdrawalList>;
  completeWithdrawal(invoiceId: string, decision: { operator: string; note?: string | undefined }): Promise<OperatorWithdrawal>;
  rejectWithdrawal(invoiceId: string, decision: { operator: string; note?: string | undefined }): Promise<OperatorWithdrawal>;
  /** A provider callback: verified on the raw body before it is parsed (S8). */
  receiveWebhook(request: { provider: string; rawBody: string; signature: string | undefined }): Promise<WebhookReceipt>;
  /**
   * Deposits still pending without a provider payment some minutes after their request (the
   * process stopped between the invoice and the provider call): recorded from the provider when it
   * knows them, else failed as expired so they no longer count against a deposit limit.
   */
  reconcileOrphanedDeposits(): Promise<number>;
  /** Pending deposits past their expiry time are failed as expired (the reconciler runs it every minute). */
  expireOverdueDeposits(): Promise<number>;
  /** The sandbox player pages and demo simulations: settles a waiting payment, then delivers its webhook. */
  settleSandboxPayment(paymentId: string, outcome: ProviderOutcome): Promise<{ settled: boolean; invoiceId: string | null }>;
  readonly sandbox: SandboxProvider;
};

export function createPaymentService(dependencies: PaymentDependencies): PaymentService {
  const { db, config, logger, now, secrets, ledger, wallet, limits, realtime, settings } = dependencies;
  const kycGate = dependencies.kycGate ?? allowAllKycGate;
  const faults = dependencies.faults ?? {};
  let currencyList: Currency[] = [];
  const catalogue = createMethodCatalogue({ baseCurrency: () => currencyList.find((currency) => currency.isBase), sandboxEnabled: config.payment.sandboxEnabled });

  /** Reference data, always read outside transactions (PGlite has one connection). */
  async function currencies(): Promise<Currency[]> {
    currencyList = await settings.listCurrencies({});
    return currencyList;
  }

  async function enabledCurrency(code: string): Promise<Currency> {
    const currency = (await currencies()).find((entry) => entry.code === code);
    if (!currency || !currency.isEnabled) throw validationFailed({ currency: ["This currency is not available."] });
    return currency;
  }

  const steps = createInvoiceSteps({ now, ledger, wallet, realtime });
  const webhooks = createProviderWebhooks({ db, config, logger, now, secrets, deposits: () => deposits });
  const sandbox = createSandboxProvider({
    db,
    logger,
    now,
    signingSecret: async () => (await webhooks.verificationSecrets())[0]!,
    cryptoConfirmSeconds: config.payment.sandboxCryptoConfirmSeconds,
    // In-process by default; payment.routes.ts switches it to a real HTTP-level delivery (inject).
    transport: async ({ provider, rawBody, headers }) => {
      try {
        await webhooks.receiveWebhook({ provider, rawBody, signature: headers["playfair-signature"] });
        return 200;
      } catch (error) {
        return error instanceof AppError ? error.status : 500;
      }
    },
  });
  if (dependencies.webhookTransport) sandbox.setTransport(dependencies.webhookTransport);
  const deposits = createDepositSettlement({ db, logger, now, ledger, sandbox, steps, faults, bonuses: dependencies.depositBonuses ?? NO_DEPOSIT_BONUSES });
  const withdrawals = createWithdrawals({ db, now, ledger, steps, faults });
  const pendingDeposits = createPendingDeposits({ db, now, sandbox, deposits, steps, expiryMinutes: config.payment.depositExpiryMinutes });
  const creation = createInvoiceCreation({ db, now, ledger, wallet, limits, kycGate, faults, catalogue, steps, deposits, enabledCurrency, pendingDeposits, bonuses: dependencies.depositBonuses ?? NO_DEPOSIT_BONUSES });
  const reconciler = createPaymentReconciler({ db, logger, now, sandbox, deposits, steps, pendingDeposits });

  return {
    sandbox,

    start() {
      sandbox.start();
      reconciler.start();
    },

    async stop() {
      await reconciler.stop();
      await sandbox.stop();
    },

    reconcileOrphanedDeposits: reconciler.reconcileOrphanedDeposits,
    expireOverdueDeposits: pendingDeposits.expireOverdueDeposits,

    async methods(direction, request) {
      const currency = await enabledCurrency(request.currency);
      if (direction === "deposit") {
        await limits.assertMoneyInAllowed(db, request.playerId);
        if (await limits.isDepositLimitReached(db, { playerId: request.playerId, currency: currency.code })) {
          throw new AppError("DEPOSIT_LIMIT_REACHED", "The deposit limit has been reached.", { reason: DEPOSIT_LIMIT_REACHED_REASON });
        }
      }
      return catalogue.groups(direction, currency, request.country);
    },

    createInvoice: creation.createInvoice,

    async listInvoices(playerId, query) {
      const { rows, totalRows } = await listPlayerInvoices(db, playerId, query);
      return { data: rows.map(invoiceView), meta: pageMeta(query, totalRows) };
    },

    async statistics(playerId) {
      const byCode = new Map((await currencies()).map((currency) => [currency.code, currency]));
      const totals = await invoiceTotals(db, playerId);
      const normalized = (amount: string, code: string) => {
        const currency = byCode.get(code);
        return currency ? normalizeAmount(amount, currency.subunitToUnit) : amount;
      };
      return {
        depositCount: totals.reduce((sum, row) => sum + row.depositCount, 0),
        currencies: totals.map((row) => ({
          currency: row.currency,
          depositCount: row.depositCount,
          depositSum: normalized(row.depositSum, row.currency),
          withdrawalCount: row.withdrawalCount,
          withdrawalSum: normalized(row.withdrawalSum, row.currency),
          pendingWithdrawalSum: normalized(row.pendingWithdrawalSum, row.currency),
        })),
      };
    },

    async declineInvoice(playerId, invoiceId) {
      return (await invoiceTypeOf(db, invoiceId)) === INVOICE_TYPE.deposit ? pendingDeposits.cancelDeposit(playerId, invoiceId) : withdrawals.declineWithdrawal(playerId, invoiceId);
    },
    operatorWithdrawals: withdrawals.listOperatorWithdrawals,
    completeWithdrawal: withdrawals.completeWithdrawal,
    rejectWithdrawal: withdrawals.rejectWithdrawal,
    receiveWebhook: webhooks.receiveWebhook,

    async settleSandboxPayment(paymentId, outcome) {
      const settled = await sandbox.settle(paymentId, outcome);
      const payment = settled ?? (await sandbox.find(paymentId));
      if (settled) await sandbox.deliver(paymentId);
      return { settled: settled !== null, invoiceId: payment?.merchantReference ?? null };
    },
  };
}
