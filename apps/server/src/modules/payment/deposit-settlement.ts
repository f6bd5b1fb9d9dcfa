import { sql } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { compareAmounts, negate } from "@playfair/contracts/money";
import type { InvoiceFailureReason } from "@playfair/contracts/payment/invoices";
import type { Currency } from "@playfair/contracts/settings";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { isRetryableTransactionError } from "../../db/sql-errors.ts";
import { withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import type { DepositBonusHooks } from "./deposit-bonus-hooks.ts";
import { lockInvoice, unsuccessfulStatusOf, type InvoiceRow } from "./invoice-store.ts";
import type { InvoiceSteps, PaymentFaultHooks } from "./invoice-steps.ts";
import type { ResolvedMethod } from "./method-catalogue.ts";
import { paymentInvoices } from "./payment.schema.ts";
import type { CryptoTransfer, ProviderOutcome, ProviderPaymentResult, SandboxProvider } from "./sandbox-provider.ts";

// A deposit from the provider's side: handing the invoice to its provider, recording what the
// provider answered, and applying its final answer once, with the credit on the ledger.

/** A provider's final answer about one payment, from its API or its webhook. */
export type ProviderAnswer = {
  status: ProviderOutcome;
  failureReason: InvoiceFailureReason | null;
  providerPaymentId: string;
  amount: string;
  currency: string;
  transaction?: CryptoTransfer | undefined;
};

export type DepositSettlement = ReturnType<typeof createDepositSettlement>;

export function createDepositSettlement(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  ledger: Ledger;
  sandbox: SandboxProvider;
  steps: InvoiceSteps;
  faults: PaymentFaultHooks;
  bonuses: DepositBonusHooks;
}) {
  const { db, logger, now, ledger, sandbox, steps, faults, bonuses } = dependencies;
  const { updateInvoice, publishInvoice, publishInvoiceAndAccount, accountOf } = steps;

  /** The number of a deposit succeeding now; valid under the player's deposit-number lock. */
  function nextDepositNumber(playerId: string) {
    return sql<number>`(select count(*) + 1 from ${paymentInvoices} as earlier
      where earlier.player_id = ${playerId} and earlier.type = ${INVOICE_TYPE.deposit} and earlier.status = ${INVOICE_STATUS.success})`;
  }

  /**
   * The ledger key of a deposit's credit. A crypto deposit is keyed by the on-chain output that
   * paid it (L4), so one transfer can never be credited twice, even to two invoices.
   */
  function creditKey(row: InvoiceRow, transaction: CryptoTransfer | undefined): string {
    return transaction ? `crypto:${row.currency}:${transaction.hash}:${transaction.outputIndex}` : `invoice:${row.id}:credit`;
  }

  /**
   * Applies a provider's final answer to a locked deposit invoice, once: a second answer (a
   * redelivered webhook, the webhook after a synchronous card result) finds status 2, 3 or 4 and
   * changes nothing. Returns null when the answer does not belong to this invoice.
   */
  async function applyProviderAnswer(tx: DbExecutor, row: InvoiceRow, outcome: ProviderAnswer): Promise<InvoiceRow | null> {
    if (row.type !== INVOICE_TYPE.deposit) return null;
    if (row.providerPaymentId !== null && row.providerPaymentId !== outcome.providerPaymentId) return null;
    if (row.currency !== outcome.currency || compareAmounts(row.amount, outcome.amount) !== 0) return null;
    if (row.status !== INVOICE_STATUS.pending) return row;
    if (outcome.status !== "succeeded") {
      const failureReason = outcome.failureReason ?? (outcome.status === "cancelled" ? "cancelled" : "declined");
      const failed = await updateInvoice(tx, row.id, { status: unsuccessfulStatusOf(failureReason), failureReason, providerPaymentId: outcome.providerPaymentId, completedAt: now() });
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
    let paid = await updateInvoice(tx, row.id, {
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
    // The bonus the deposit earned rides in the credit's transaction, in a savepoint: whatever
    // goes wrong with it, the deposit itself is credited (a deadlock still retries the whole).
    try {
      const credited = paid;
      const issued = await tx.transaction(async (savepoint) => {
        const given = await bonuses.credited(savepoint, credited);
        // The invoice names what it issued (its view's bonusId / bonusCode), in the bonus's savepoint.
        return given && (given.bonusId || given.bonusCode) ? updateInvoice(savepoint, credited.id, { issuedBonusId: given.bonusId, issuedBonusCode: given.bonusCode }) : null;
      });
      if (issued) paid = issued;
    } catch (error) {
      if (isRetryableTransactionError(error)) throw error;
      logger.error({ err: error, invoiceId: row.id }, "the deposit's bonus was not issued");
    }
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
        const applied = await applyProviderAnswer(tx, withProvider, { ...result, status: result.status, amount: row.amount, currency: row.currency });
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

  return { applyProviderAnswer, recordProviderResult, startProviderPayment };
}
