import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { compareAmounts, fromMinorUnits, MoneyError, negate, normalizeAmount, subunitDecimals, toMinorUnits } from "@playfair/contracts/money";
import { pageMeta } from "@playfair/contracts/pagination";
import {
  INVOICE_EVENTS,
  INVOICE_FAILURE_REASONS,
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceFailureReason,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceStatistics,
} from "@playfair/contracts/payment/invoices";
import type { PaymentDirection, PaymentMethodGroup } from "@playfair/contracts/payment/methods";
import type { OperatorWithdrawal, OperatorWithdrawalList, OperatorWithdrawalListQuery } from "@playfair/contracts/payment/operator-withdrawals";
import { SANDBOX_PROVIDER } from "@playfair/contracts/payment/sandbox";
import type { Currency } from "@playfair/contracts/settings";
import { formatFormErrors, validateForm, type FieldRules } from "@playfair/contracts/validation/rules";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError, notFound, validationFailed } from "../../lib/app-error.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { ledgerErrorToAppError, LedgerError, withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import type { RealtimeService } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import {
  findByIdempotencyKey,
  invoiceTotals,
  invoiceView,
  listPlayerInvoices,
  listWithdrawals,
  lockInvoice,
  operatorWithdrawalView,
  type InvoiceRow,
} from "./invoice-store.ts";
import { allowAllKycGate, type KycGate } from "./kyc-gate.ts";
import { createMethodCatalogue, type ResolvedMethod } from "./method-catalogue.ts";
import { paymentInvoices, paymentWebhookEvents } from "./payment.schema.ts";
import { createSandboxProvider, type CryptoTransfer, type ProviderOutcome, type ProviderPaymentResult, type SandboxProvider, type WebhookTransport } from "./sandbox-provider.ts";
import { verifyWebhookSignature } from "./webhook-signature.ts";

// Payment methods, deposit and withdrawal invoices, provider adapters
// (the in-house sandbox provider is the default), signed webhooks, operator payouts.
//
// Money moves only through the ledger, in the same database transaction as the invoice change it
// belongs to, under keys that make every step happen at most once (L4):
//   deposit success   invoice:<id>:credit   payment-clearing:<provider> -X, cash +X
//   withdrawal asked  invoice:<id>:hold     cash -X, withdrawal-hold +X            (status 1)
//   payout done       invoice:<id>:payout   withdrawal-hold -X, payment-clearing +X (status 2)
//   declined/rejected invoice:<id>:release  withdrawal-hold -X, cash +X            (status 3)
// Each status change is a conditional step on the locked invoice row (FOR UPDATE): of two
// concurrent decisions (player decline and operator payout, L5) one wins, the other sees the new
// status and answers it.

/** Test-only hooks, handed in as a dependency: throwing from one simulates a crash at that point. */
export type PaymentFaultHooks = {
  /** Runs inside the transaction, after the invoice was locked and before the ledger write. */
  beforeLedgerWrite?(context: { invoiceId: string; step: "credit" | "hold" | "payout" | "release" }): void | Promise<void>;
  /** Runs after the deposit invoice was committed and before its provider is called. */
  beforeProviderCall?(context: { invoiceId: string }): void | Promise<void>;
};

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
  /** Who may withdraw; everyone until the KYC issue (see kyc-gate.ts). */
  kycGate?: KycGate;
  faults?: PaymentFaultHooks;
  /** How the sandbox delivers webhooks; by default straight to receiveWebhook (the routes switch it to HTTP). */
  webhookTransport?: WebhookTransport;
};

export type WebhookReceipt = { received: true; duplicate: boolean; ignored: boolean };

export type PaymentService = {
  start(): void;
  stop(): Promise<void>;
  methods(direction: PaymentDirection, request: { playerId: string; currency: string; country: string | null }): Promise<PaymentMethodGroup[]>;
  createInvoice(direction: PaymentDirection, request: { playerId: string; body: CreateInvoiceRequest; idempotencyKey?: string | undefined }): Promise<{ invoice: Invoice; replayed: boolean }>;
  listInvoices(playerId: string, query: InvoiceListQuery): Promise<InvoiceList>;
  statistics(playerId: string): Promise<InvoiceStatistics["data"]>;
  declineWithdrawal(playerId: string, invoiceId: string): Promise<Invoice>;
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
  /** The sandbox player pages and demo simulations: settles a waiting payment, then delivers its webhook. */
  settleSandboxPayment(paymentId: string, outcome: ProviderOutcome): Promise<{ settled: boolean; invoiceId: string | null }>;
  readonly sandbox: SandboxProvider;
};

const GENERATED_WEBHOOK_SECRET = "payment-webhook-sandbox";

const INVOICE_CHANNEL = "payment:invoices";

/** A deposit without a provider payment this long after its request was orphaned by a crash. */
export const ORPHANED_DEPOSIT_AFTER_MS = 10 * 60 * 1000;
const RECONCILE_INTERVAL_MS = 60_000;
const RECONCILE_BATCH = 50;

const WebhookPayloadSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string(),
  data: z.object({
    paymentId: z.string().min(1).max(128),
    merchantReference: z.string().max(64),
    amount: z.string(),
    currency: z.string(),
    status: z.enum(["succeeded", "failed", "cancelled"]),
    failureReason: z.enum(INVOICE_FAILURE_REASONS).nullable(),
    transaction: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), outputIndex: z.number().int().min(0).max(1_000_000) }).optional(),
  }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "10", "10.0" and "010.00" are one amount: idempotency fingerprints must not tell them apart. */
function canonicalDecimal(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const trimmedFraction = fraction.replace(/0+$/, "");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}

function requestFingerprint(direction: PaymentDirection, body: CreateInvoiceRequest): string {
  const canonical = [
    direction,
    canonicalDecimal(body.amount),
    body.currency,
    body.methodCode,
    Object.entries(body.fields)
      .map(([name, value]) => [name, value.trim()])
      .sort(([left = ""], [right = ""]) => (left < right ? -1 : left > right ? 1 : 0)),
    body.bonusCode ?? null,
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card's last month as "YYYY-MM" from "MM/YY". */
function cardExpiryMonth(expiry: string): string | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  return match ? `20${match[2]}-${match[1]}` : null;
}

/** What is kept of the payment form: never a full card number, its expiry or CVC (PCI). */
function storedFields(fields: Record<string, string>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === "cardCvc" || name === "cardExpiry") continue;
    stored[name] = name === "cardNumber" ? `**** ${value.slice(-4)}` : value;
  }
  return stored;
}

function eventOf(row: InvoiceRow): string {
  return row.type === INVOICE_TYPE.withdrawal ? INVOICE_EVENTS.withdrawal : INVOICE_EVENTS.deposit;
}

export function createPaymentService(dependencies: PaymentDependencies): PaymentService {
  const { db, config, logger, now, secrets, ledger, wallet, limits, realtime, settings } = dependencies;
  const kycGate = dependencies.kycGate ?? allowAllKycGate;
  const faults = dependencies.faults ?? {};
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<unknown> | undefined;
  let currencyList: Currency[] = [];
  const catalogue = createMethodCatalogue({ baseCurrency: () => currencyList.find((currency) => currency.isBase), sandboxEnabled: config.payment.sandboxEnabled });

  async function verificationSecrets(): Promise<string[]> {
    return config.payment.webhookSecrets.length > 0 ? config.payment.webhookSecrets : [await secrets.get(GENERATED_WEBHOOK_SECRET)];
  }

  const sandbox = createSandboxProvider({
    db,
    logger,
    now,
    signingSecret: async () => (await verificationSecrets())[0]!,
    cryptoConfirmSeconds: config.payment.sandboxCryptoConfirmSeconds,
    // In-process by default; payment.routes.ts switches it to a real HTTP-level delivery (inject).
    transport: async ({ provider, rawBody, headers }) => {
      try {
        await service.receiveWebhook({ provider, rawBody, signature: headers["playfair-signature"] });
        return 200;
      } catch (error) {
        return error instanceof AppError ? error.status : 500;
      }
    },
  });
  if (dependencies.webhookTransport) sandbox.setTransport(dependencies.webhookTransport);

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

  function invoicePublication(row: InvoiceRow) {
    return { channel: `${INVOICE_CHANNEL}#${row.playerId}`, data: { event: eventOf(row), invoice: invoiceView(row) } };
  }

  async function publishInvoice(executor: DbExecutor, row: InvoiceRow): Promise<void> {
    const { channel, data } = invoicePublication(row);
    await realtime.publish(executor, channel, data);
  }

  /** The invoice's new state, then its account's balances: one outbox write after money moved. */
  async function publishInvoiceAndAccount(executor: DbExecutor, row: InvoiceRow): Promise<void> {
    const account = await wallet.accountPublication(executor, row.playerId, row.walletAccountId);
    await realtime.publishMany(executor, account ? [invoicePublication(row), account] : [invoicePublication(row)]);
  }

  /** The number of a deposit succeeding now; valid under the player's deposit-number lock. */
  function nextDepositNumber(playerId: string) {
    return sql<number>`(select count(*) + 1 from ${paymentInvoices} as earlier
      where earlier.player_id = ${playerId} and earlier.type = ${INVOICE_TYPE.deposit} and earlier.status = ${INVOICE_STATUS.success})`;
  }

  /** The ledger accounts of an invoice's wallet account (which its foreign key keeps in existence). */
  async function accountOf(executor: DbExecutor, row: InvoiceRow): Promise<{ ledger: { cash: bigint; withdrawalHold: bigint } }> {
    const accounts = await ledger.playerAccounts(executor, row.walletAccountId, row.currency);
    return { ledger: { cash: accounts.cash, withdrawalHold: accounts["withdrawal-hold"] } };
  }

  async function updateInvoice(executor: DbExecutor, invoiceId: string, changes: PgUpdateSetSource<typeof paymentInvoices>): Promise<InvoiceRow> {
    const [row] = await executor
      .update(paymentInvoices)
      .set({ ...changes, updatedAt: now() })
      .where(eq(paymentInvoices.id, invoiceId))
      .returning();
    if (!row) throw new Error(`invoice ${invoiceId} vanished inside its transaction`);
    return row;
  }

  // --- Validation --------------------------------------------------------------------------------

  function validateRequest(direction: PaymentDirection, body: CreateInvoiceRequest, currency: Currency): { method: ResolvedMethod; amount: string; fields: Record<string, string> } {
    const method = catalogue.find(body.methodCode, currency, null);
    if (!method || method.view.direction !== direction) throw validationFailed({ methodCode: ["This payment method is not available."] });
    const errors: Record<string, string[]> = {};
    let amount = body.amount;
    try {
      amount = fromMinorUnits(toMinorUnits(body.amount, currency.subunitToUnit), currency.subunitToUnit);
      if (compareAmounts(amount, method.view.amount.min) < 0) errors.amount = [`The minimum value allowed is ${method.view.amount.min}`];
      else if (compareAmounts(amount, method.view.amount.max) > 0) errors.amount = [`The maximum value allowed is ${method.view.amount.max}`];
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      const decimals = subunitDecimals(currency.subunitToUnit);
      errors.amount = [decimals === 0 ? `${currency.code} amounts are whole numbers.` : `${currency.code} amounts have at most ${decimals} decimal places.`];
    }
    const fields: Record<string, string> = {};
    const rules: Record<string, FieldRules[string]> = {};
    for (const field of method.view.fields) {
      const value = body.fields[field.name];
      if (value !== undefined && value.trim() !== "") fields[field.name] = value.trim();
      rules[field.name] = field.rules;
    }
    for (const [name, messages] of Object.entries(formatFormErrors(validateForm(fields, rules, { today: now().toISOString().slice(0, 10) })))) {
      errors[`fields.${name}`] = messages;
    }
    const cardNumber = fields.cardNumber;
    if (cardNumber && !errors["fields.cardNumber"] && !passesLuhn(cardNumber)) errors["fields.cardNumber"] = ["The card number is not valid."];
    const expiry = fields.cardExpiry ? cardExpiryMonth(fields.cardExpiry) : null;
    if (expiry && expiry < now().toISOString().slice(0, 7)) errors["fields.cardExpiry"] = ["The card has expired."];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return { method, amount, fields };
  }

  // --- Provider outcomes ---------------------------------------------------------------------------

  type Outcome = {
    status: ProviderOutcome;
    failureReason: InvoiceFailureReason | null;
    providerPaymentId: string;
    amount: string;
    currency: string;
    transaction?: CryptoTransfer | undefined;
  };

  /**
   * The ledger key of a deposit's credit. A crypto deposit is keyed by the on-chain output that
   * paid it (L4), so one transfer can never be credited twice, even to two invoices.
   */
  function creditKey(row: InvoiceRow, transaction: CryptoTransfer | undefined): string {
    return transaction ? `crypto:${row.currency}:${transaction.hash}:${transaction.outputIndex}` : `invoice:${row.id}:credit`;
  }

  /**
   * Applies a provider's final answer to a locked deposit invoice, once: a second answer (a
   * redelivered webhook, the webhook after a synchronous card result) finds status 2 or 3 and
   * changes nothing. Returns null when the answer does not belong to this invoice.
   */
  async function applyOutcome(tx: DbExecutor, row: InvoiceRow, outcome: Outcome): Promise<InvoiceRow | null> {
    if (row.type !== INVOICE_TYPE.deposit) return null;
    if (row.providerPaymentId !== null && row.providerPaymentId !== outcome.providerPaymentId) return null;
    if (row.currency !== outcome.currency || compareAmounts(row.amount, outcome.amount) !== 0) return null;
    if (row.status !== INVOICE_STATUS.pending) return row;
    if (outcome.status !== "succeeded") {
      const failureReason = outcome.failureReason ?? (outcome.status === "cancelled" ? "cancelled" : "declined");
      const failed = await updateInvoice(tx, row.id, { status: INVOICE_STATUS.failed, failureReason, providerPaymentId: outcome.providerPaymentId, completedAt: now() });
      await publishInvoice(tx, failed);
      return failed;
    }
    const key = creditKey(row, outcome.transaction);
    if (outcome.transaction && (await ledger.findTransaction(tx, key))) {
      logger.error({ invoiceId: row.id, transaction: outcome.transaction }, "crypto transfer already credited to another deposit");
      return null;
    }
    // Numbers the player's deposits in the order they succeed, also when two succeed at once: the
    // lock comes first, so the count (a statement of its own, with a snapshot taken after the
    // lock) sees every deposit numbered before.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-deposit-number:${row.playerId}`}))`);
    const account = await accountOf(tx, row);
    const clearing = await ledger.houseAccount(tx, `payment-clearing:${row.provider}`, row.currency);
    // The invoice is written first and the ledger last but one: the provider's clearing account is
    // every deposit's hot row, and its lock is held from the posting until the commit.
    const paid = await updateInvoice(tx, row.id, {
      status: INVOICE_STATUS.success,
      depositNumber: nextDepositNumber(row.playerId),
      providerPaymentId: outcome.providerPaymentId,
      completedAt: now(),
    });
    await faults.beforeLedgerWrite?.({ invoiceId: row.id, step: "credit" });
    await ledger.post(tx, {
      kind: "deposit",
      idempotencyKey: key,
      legs: [
        { accountId: clearing, amount: negate(row.amount) },
        { accountId: account.ledger.cash, amount: row.amount },
      ],
      metadata: {
        invoiceId: row.id,
        invoiceNumber: row.number,
        providerPaymentId: outcome.providerPaymentId,
        ...(outcome.transaction ? { transactionHash: outcome.transaction.hash, outputIndex: outcome.transaction.outputIndex } : {}),
      },
    });
    await publishInvoiceAndAccount(tx, paid);
    return paid;
  }

  /** Records what the provider answered at creation (payment id, QR, pages) and applies a final answer. */
  async function recordProviderResult(invoiceId: string, result: ProviderPaymentResult): Promise<InvoiceRow> {
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const row = await lockInvoice(tx, invoiceId);
        if (!row) throw new Error(`invoice ${invoiceId} vanished`);
        if (row.status !== INVOICE_STATUS.pending) return row;
        const withProvider =
          row.providerPaymentId === null ? await updateInvoice(tx, row.id, { providerPaymentId: result.providerPaymentId, publicData: result.publicData }) : row;
        if (result.status === "pending") {
          await publishInvoice(tx, withProvider);
          return withProvider;
        }
        const applied = await applyOutcome(tx, withProvider, { ...result, status: result.status, amount: row.amount, currency: row.currency });
        return applied ?? withProvider;
      }),
    );
  }

  /** Hands a pending deposit to its provider; safe to repeat (the provider keys on the invoice id). */
  async function startProviderPayment(row: InvoiceRow, method: ResolvedMethod, currency: Currency, fields: Record<string, string>): Promise<InvoiceRow> {
    await faults.beforeProviderCall?.({ invoiceId: row.id });
    const result = await sandbox.createPayment({
      merchantReference: row.id,
      kind: method.definition.sandboxKind,
      methodCode: row.methodCode,
      amount: row.amount,
      currency: row.currency,
      fields,
      subunitToUnit: currency.subunitToUnit,
      ...(method.definition.crypto ? { crypto: method.definition.crypto } : {}),
    });
    const recorded = await recordProviderResult(row.id, result);
    // The provider's webhook of an instant answer is only a confirmation now; send it right away.
    if (result.status !== "pending") await sandbox.deliver(result.providerPaymentId);
    return recorded;
  }

  // --- Withdrawals -----------------------------------------------------------------------------------

  type WithdrawalAction = "decline" | "complete" | "reject";

  async function finishWithdrawal(invoiceId: string, action: WithdrawalAction, scope: { playerId?: string; operator?: string; note?: string | undefined }): Promise<InvoiceRow> {
    const targetStatus = action === "complete" ? INVOICE_STATUS.success : INVOICE_STATUS.failed;
    const failureReason: InvoiceFailureReason | null = action === "decline" ? "playerDeclined" : action === "reject" ? "rejected" : null;
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const row = await lockInvoice(tx, invoiceId);
        if (!row || row.type !== INVOICE_TYPE.withdrawal || (scope.playerId !== undefined && row.playerId !== scope.playerId)) {
          throw notFound("This withdrawal does not exist.");
        }
        if (row.status !== INVOICE_STATUS.pending) {
          // The same decision again (a retry, a double click) answers the same result.
          if (row.status === targetStatus && row.failureReason === failureReason) return row;
          throw new AppError(
            "CONFLICT",
            row.status === INVOICE_STATUS.success
              ? "This withdrawal has already been paid out."
              : row.failureReason === "rejected"
                ? "This withdrawal has already been rejected."
                : "This withdrawal has already been cancelled.",
          );
        }
        const account = await accountOf(tx, row);
        const step = action === "complete" ? "payout" : "release";
        const counterpart = action === "complete" ? await ledger.houseAccount(tx, `payment-clearing:${row.provider}`, row.currency) : account.ledger.cash;
        // Invoice first, ledger last but one: a payout's clearing account is a hot row (see applyOutcome).
        const finished = await updateInvoice(tx, row.id, { status: targetStatus, failureReason, completedAt: now() });
        await faults.beforeLedgerWrite?.({ invoiceId: row.id, step });
        await ledger.post(tx, {
          kind: action === "complete" ? "withdrawal-payout" : "withdrawal-release",
          idempotencyKey: `invoice:${row.id}:${step}`,
          legs: [
            { accountId: account.ledger.withdrawalHold, amount: negate(row.amount) },
            { accountId: counterpart, amount: row.amount },
          ],
          metadata: { invoiceId: row.id, invoiceNumber: row.number, action, ...(scope.operator ? { operator: scope.operator } : {}), ...(scope.note ? { note: scope.note } : {}) },
        });
        await publishInvoiceAndAccount(tx, finished);
        return finished;
      }),
    );
  }

  // --- Invoice creation ----------------------------------------------------------------------------

  async function replay(existing: InvoiceRow, fingerprint: string, resume: () => Promise<InvoiceRow>): Promise<{ invoice: Invoice; replayed: boolean }> {
    if (existing.requestFingerprint !== fingerprint) {
      throw new AppError("CONFLICT", "This Idempotency-Key was already used for a different request.");
    }
    // A deposit whose first request stopped before reaching its provider is handed over now, while
    // it is young: an older one belongs to reconcileOrphanedDeposits, which may be expiring it.
    const isYoungOrphan =
      existing.type === INVOICE_TYPE.deposit &&
      existing.status === INVOICE_STATUS.pending &&
      existing.providerPaymentId === null &&
      now().getTime() - existing.createdAt.getTime() < ORPHANED_DEPOSIT_AFTER_MS / 2;
    const row = isYoungOrphan ? await resume() : existing;
    return { invoice: invoiceView(row), replayed: true };
  }

  async function createInvoice(
    direction: PaymentDirection,
    request: { playerId: string; body: CreateInvoiceRequest; idempotencyKey?: string | undefined },
  ): Promise<{ invoice: Invoice; replayed: boolean }> {
    const { playerId, body, idempotencyKey } = request;
    const currency = await enabledCurrency(body.currency);
    const fingerprint = requestFingerprint(direction, body);
    const validated = () => validateRequest(direction, body, currency);
    const resumeWith = (row: InvoiceRow) => () => {
      const { method, fields } = validated();
      return startProviderPayment(row, method, currency, fields);
    };
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(db, playerId, idempotencyKey);
      if (existing) return replay(existing, fingerprint, resumeWith(existing));
    }
    const { method, amount, fields } = validated();
    const type = direction === "deposit" ? INVOICE_TYPE.deposit : INVOICE_TYPE.withdrawal;
    // The provider's clearing account is created and committed before any transaction needs it:
    // the ledger caches house account ids, and an id first created inside a transaction that is
    // still open would be unknown to a concurrent one (PF002).
    await ledger.houseAccount(db, `payment-clearing:${method.view.provider}`, currency.code);
    let created: InvoiceRow;
    try {
      created = await withLedgerRetry(() =>
        db.transaction(async (tx) => {
          // Limits first: they serialise the player's concurrent deposits before anything is read.
          if (direction === "deposit") await limits.reserveDeposit(tx, { playerId, currency: currency.code, amount });
          const account = await wallet.accountFor(tx, playerId, { currency: currency.code });
          if (!account || account.status !== 1) throw validationFailed({ currency: ["You have no active account in this currency."] });
          if (direction === "withdrawal") {
            const decision = await kycGate(tx, playerId);
            if (!decision.allowed) throw new AppError("FORBIDDEN", decision.message, { reason: decision.reason });
          }
          const [row] = await tx
            .insert(paymentInvoices)
            .values({
              playerId,
              walletAccountId: account.id,
              type,
              status: INVOICE_STATUS.pending,
              methodCode: method.view.code,
              provider: method.view.provider,
              currency: currency.code,
              amount,
              fields: storedFields(fields),
              publicData: {},
              idempotencyKey: idempotencyKey ?? null,
              requestFingerprint: fingerprint,
              createdAt: now(),
              updatedAt: now(),
            })
            .returning();
          if (!row) throw new Error("the invoice was not written");
          if (direction === "withdrawal") {
            await faults.beforeLedgerWrite?.({ invoiceId: row.id, step: "hold" });
            try {
              await ledger.post(tx, {
                kind: "withdrawal-hold",
                idempotencyKey: `invoice:${row.id}:hold`,
                legs: [
                  { accountId: account.ledger.cash, amount: negate(amount) },
                  { accountId: account.ledger.withdrawalHold, amount },
                ],
                metadata: { invoiceId: row.id, invoiceNumber: row.number },
              });
            } catch (error) {
              if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") {
                throw validationFailed({ amount: ["The amount is more than your withdrawable balance."] });
              }
              throw error instanceof LedgerError ? ledgerErrorToAppError(error) : error;
            }
            await wallet.publishAccount(tx, playerId, account.id);
            await publishInvoice(tx, row);
          }
          return row;
        }),
      );
    } catch (error) {
      // The same key raced in from a parallel request: answer like a replay of the winner.
      if (idempotencyKey && violatedUniqueIndex(error) === "payment_invoices_idempotency") {
        const winner = await findByIdempotencyKey(db, playerId, idempotencyKey);
        if (winner) return replay(winner, fingerprint, resumeWith(winner));
      }
      throw error;
    }
    if (direction === "withdrawal") return { invoice: invoiceView(created), replayed: false };
    return { invoice: invoiceView(await startProviderPayment(created, method, currency, fields)), replayed: false };
  }

  // --- Service ---------------------------------------------------------------------------------------

  const service: PaymentService = {
    sandbox,

    start() {
      sandbox.start();
      if (reconcileTimer) return;
      reconcileTimer = setInterval(() => {
        if (reconciling) return;
        reconciling = service
          .reconcileOrphanedDeposits()
          .catch((error: unknown) => logger.warn({ err: error }, "orphaned deposits not reconciled"))
          .finally(() => {
            reconciling = undefined;
          });
      }, RECONCILE_INTERVAL_MS);
      reconcileTimer.unref();
    },

    async stop() {
      if (reconcileTimer) clearInterval(reconcileTimer);
      reconcileTimer = undefined;
      await reconciling;
      await sandbox.stop();
    },

    async reconcileOrphanedDeposits() {
      const cutoff = new Date(now().getTime() - ORPHANED_DEPOSIT_AFTER_MS);
      const orphans = await db
        .select({ id: paymentInvoices.id })
        .from(paymentInvoices)
        .where(
          and(
            eq(paymentInvoices.type, INVOICE_TYPE.deposit),
            eq(paymentInvoices.status, INVOICE_STATUS.pending),
            isNull(paymentInvoices.providerPaymentId),
            lt(paymentInvoices.createdAt, cutoff),
          ),
        )
        .limit(RECONCILE_BATCH);
      let settled = 0;
      for (const orphan of orphans) {
        const known = await sandbox.lookup(orphan.id);
        if (known) {
          await recordProviderResult(orphan.id, known);
          settled += 1;
          continue;
        }
        const expired = await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            const row = await lockInvoice(tx, orphan.id);
            if (!row || row.status !== INVOICE_STATUS.pending || row.providerPaymentId !== null) return false;
            await publishInvoice(tx, await updateInvoice(tx, row.id, { status: INVOICE_STATUS.failed, failureReason: "expired", completedAt: now() }));
            return true;
          }),
        );
        if (expired) settled += 1;
      }
      return settled;
    },

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

    createInvoice,

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

    async declineWithdrawal(playerId, invoiceId) {
      return invoiceView(await finishWithdrawal(invoiceId, "decline", { playerId }));
    },

    async operatorWithdrawals(query) {
      const { rows, totalRows } = await listWithdrawals(db, query);
      return { data: rows.map(operatorWithdrawalView), meta: pageMeta(query, totalRows) };
    },

    async completeWithdrawal(invoiceId, decision) {
      return operatorWithdrawalView(await finishWithdrawal(invoiceId, "complete", decision));
    },

    async rejectWithdrawal(invoiceId, decision) {
      return operatorWithdrawalView(await finishWithdrawal(invoiceId, "reject", decision));
    },

    async receiveWebhook({ provider, rawBody, signature }) {
      if (provider !== SANDBOX_PROVIDER || !config.payment.sandboxEnabled) throw notFound("Unknown payment provider.");
      const check = verifyWebhookSignature(rawBody, signature, await verificationSecrets(), now());
      if (!check.ok) {
        logger.warn({ provider, failure: check.failure }, "payment webhook refused");
        throw new AppError("UNAUTHORIZED", check.failure === "outside-tolerance" ? "The webhook timestamp is too old or in the future." : "The webhook signature is not valid.");
      }
      let payload: z.infer<typeof WebhookPayloadSchema>;
      try {
        payload = WebhookPayloadSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError("BAD_REQUEST", "The webhook body is not a payment event.");
      }
      const { data } = payload;
      return withLedgerRetry(() =>
        db.transaction(async (tx) => {
          // Recorded in the same transaction as its effect: a crash before commit leaves neither,
          // and the provider's retry finds nothing recorded and does all of it.
          const [event] = await tx
            .insert(paymentWebhookEvents)
            .values({ provider, providerEventId: payload.id, providerPaymentId: data.paymentId, rawBody, receivedAt: now(), processedAt: now() })
            .onConflictDoNothing()
            .returning({ id: paymentWebhookEvents.id });
          if (!event) return { received: true, duplicate: true, ignored: false } as const;
          const row = UUID.test(data.merchantReference) ? await lockInvoice(tx, data.merchantReference) : null;
          if (!row || row.provider !== provider) {
            logger.warn({ provider, eventId: payload.id, merchantReference: data.merchantReference }, "payment webhook for an unknown invoice");
            return { received: true, duplicate: false, ignored: true } as const;
          }
          const applied = await applyOutcome(tx, row, {
            status: data.status,
            failureReason: data.failureReason,
            providerPaymentId: data.paymentId,
            amount: data.amount,
            currency: data.currency,
            transaction: data.transaction,
          });
          if (!applied) logger.error({ provider, eventId: payload.id, invoiceId: row.id }, "payment webhook does not match its invoice (payment id, amount or currency)");
          return { received: true, duplicate: false, ignored: applied === null } as const;
        }),
      );
    },

    async settleSandboxPayment(paymentId, outcome) {
      const settled = await sandbox.settle(paymentId, outcome);
      const payment = settled ?? (await sandbox.find(paymentId));
      if (settled) await sandbox.deliver(paymentId);
      return { settled: settled !== null, invoiceId: payment?.merchantReference ?? null };
    },
  };
  return service;
}
