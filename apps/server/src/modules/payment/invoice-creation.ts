import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { negate } from "@playfair/contracts/money";
import type { CreateInvoiceRequest, Invoice } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import type { Currency } from "@playfair/contracts/settings";
import type { AppDatabase } from "../../db/database.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import { ledgerErrorToAppError, LedgerError, withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import type { DepositBonusHooks } from "./deposit-bonus-hooks.ts";
import type { DepositSettlement } from "./deposit-settlement.ts";
import { requestFingerprint, storedFields, validateInvoiceRequest } from "./invoice-requests.ts";
import type { InvoiceSteps, PaymentFaultHooks } from "./invoice-steps.ts";
import { findByIdempotencyKey, invoiceView, type InvoiceRow } from "./invoice-store.ts";
import type { KycGate } from "./kyc-gate.ts";
import type { MethodCatalogue } from "./method-catalogue.ts";
import { paymentInvoices } from "./payment.schema.ts";
import { ORPHANED_DEPOSIT_AFTER_MS } from "./payment-reconciler.ts";
import type { PendingDeposits } from "./pending-deposits.ts";

// A player's deposit or withdrawal request becoming an invoice, at most once per idempotency key:
// a withdrawal holds its amount on the ledger in the same transaction; a deposit is then handed
// to its provider (deposit-settlement.ts).

export type InvoiceCreation = {
  createInvoice(
    direction: PaymentDirection,
    request: { playerId: string; body: CreateInvoiceRequest; idempotencyKey?: string | undefined },
  ): Promise<{ invoice: Invoice; replayed: boolean }>;
};

export function createInvoiceCreation(dependencies: {
  db: AppDatabase;
  now: () => Date;
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  kycGate: KycGate;
  faults: PaymentFaultHooks;
  catalogue: MethodCatalogue;
  steps: InvoiceSteps;
  deposits: DepositSettlement;
  pendingDeposits: Pick<PendingDeposits, "expiresAt">;
  enabledCurrency(code: string): Promise<Currency>;
  bonuses: DepositBonusHooks;
}): InvoiceCreation {
  const { db, now, ledger, wallet, limits, kycGate, faults, catalogue, steps, deposits, pendingDeposits, enabledCurrency, bonuses } = dependencies;
  const { publishInvoice } = steps;

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
  const validated = () => validateInvoiceRequest(catalogue, now(), direction, body, currency);
  const resumeWith = (row: InvoiceRow) => () => {
    const { method, fields } = validated();
    return deposits.startProviderPayment(row, method, currency, fields);
  };
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, playerId, idempotencyKey);
    if (existing) return replay(existing, fingerprint, resumeWith(existing));
  }
  const { method, amount, fields } = validated();
  const bonusId = direction === "deposit" ? (body.bonusId ?? null) : null;
  const bonusCode = direction === "deposit" && body.bonusCode ? body.bonusCode.trim().toUpperCase() : null;
  // A bonus the player cannot take is refused before anything is written.
  if (bonusId || bonusCode) await bonuses.validate({ playerId, currency: currency.code, amount, bonusId, bonusCode });
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
            bonusId,
            bonusCode,
            fields: storedFields(fields),
            publicData: {},
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: fingerprint,
            expiresAt: direction === "deposit" ? pendingDeposits.expiresAt(method.definition.sandboxKind, now()) : null,
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
  return { invoice: invoiceView(await deposits.startProviderPayment(created, method, currency, fields)), replayed: false };
}

  return { createInvoice };
}
