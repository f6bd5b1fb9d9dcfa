import { and, asc, eq, lt } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { AppDatabase } from "../../db/database.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import type { DepositSettlement } from "./deposit-settlement.ts";
import type { InvoiceSteps } from "./invoice-steps.ts";
import { invoiceView, lockInvoice, type InvoiceRow } from "./invoice-store.ts";
import type { SandboxKind } from "./method-catalogue.ts";
import { paymentInvoices } from "./payment.schema.ts";
import type { SandboxProvider } from "./sandbox-provider.ts";

// A pending deposit holds its amount against the player's deposit limit (P2) until it ends. Besides
// the provider's answer, two things end it: the player cancels it (the spec's invoice decline) or
// its time runs out (the expiry sweep). Both go the same way: the provider is told first, so it
// can no longer take the money, and the invoice then follows the provider's final answer. If the
// provider had already been paid, that answer is the success: it is credited once (its ledger key)
// and the cancellation loses. Two sweeps, or a sweep and the player, agree because the provider
// settles a waiting payment only once and everyone records what it settled.

/** How long a pending deposit of each way of paying may wait, in minutes (docs/configuration.md). */
export type DepositExpiryMinutes = Record<SandboxKind, number>;

const EXPIRY_BATCH = 50;
const MINUTE_MS = 60_000;

export type PendingDeposits = {
  /** When a deposit made now with this way of paying expires unless paid. */
  expiresAt(kind: SandboxKind, createdAt: Date): Date;
  /**
   * PUT /api/payment/invoices/{id}/decline of a deposit: a pending deposit becomes status 4
   * (cancelled, playerDeclined) and stops counting against the deposit limit. Repeating it
   * answers the same; a deposit that was paid, failed or expired first answers 409.
   */
  cancelDeposit(playerId: string, invoiceId: string): Promise<Invoice>;
  /** Fails (expired) every pending deposit past its expiry time; resolves with how many this run ended. */
  expireOverdueDeposits(): Promise<number>;
};

export function createPendingDeposits(dependencies: {
  db: AppDatabase;
  now: () => Date;
  sandbox: SandboxProvider;
  deposits: DepositSettlement;
  steps: InvoiceSteps;
  expiryMinutes: DepositExpiryMinutes;
}): PendingDeposits {
  const { db, now, sandbox, deposits, steps, expiryMinutes } = dependencies;

  async function readInvoice(invoiceId: string): Promise<InvoiceRow | null> {
    const [row] = await db.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
    return row ?? null;
  }

  /**
   * Ends a pending deposit for `reason`, provider first: the invoice as it stands after, and
   * whether this run was the one that ended it. Safe to run any number of times at once: every
   * run ends in the one state the provider settled.
   */
  async function endPendingDeposit(row: InvoiceRow, reason: "playerDeclined" | "expired"): Promise<{ row: InvoiceRow; ended: boolean }> {
    const payment = row.providerPaymentId !== null ? await sandbox.find(row.providerPaymentId) : await sandbox.findByReference(row.id);
    if (payment) {
      // Null when the payment no longer waits: paid, refused, or ended by a concurrent run.
      const settled = await sandbox.settle(payment.id, reason === "playerDeclined" ? "cancelled" : "failed", reason);
      const answer = await sandbox.lookup(row.id);
      // The settled payment's webhook follows and finds the invoice already ended: a no-op.
      const after = answer && answer.status !== "pending" ? await deposits.recordProviderResult(row.id, answer) : ((await readInvoice(row.id)) ?? row);
      return { row: after, ended: settled !== null };
    }
    // The provider never heard of it (the process stopped before the call): nothing can pay it.
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const locked = await lockInvoice(tx, row.id);
        if (!locked || locked.status !== INVOICE_STATUS.pending || locked.providerPaymentId !== null) return { row: locked ?? row, ended: false };
        const status = reason === "playerDeclined" ? INVOICE_STATUS.cancelled : INVOICE_STATUS.failed;
        const ended = await steps.updateInvoice(tx, locked.id, { status, failureReason: reason, completedAt: now() });
        await steps.publishInvoice(tx, ended);
        return { row: ended, ended: true };
      }),
    );
  }

  return {
    expiresAt(kind, createdAt) {
      return new Date(createdAt.getTime() + expiryMinutes[kind] * MINUTE_MS);
    },

    async cancelDeposit(playerId, invoiceId) {
      const row = await readInvoice(invoiceId);
      if (!row || row.type !== INVOICE_TYPE.deposit || row.playerId !== playerId) throw notFound("This deposit does not exist.");
      const ended = row.status === INVOICE_STATUS.pending ? (await endPendingDeposit(row, "playerDeclined")).row : row;
      // The same decision again (a retry, a double click) answers the same result.
      if (ended.status === INVOICE_STATUS.cancelled) return invoiceView(ended);
      throw new AppError(
        "CONFLICT",
        ended.status === INVOICE_STATUS.success
          ? "This deposit has already been paid."
          : ended.failureReason === "expired"
            ? "This deposit has already expired."
            : "This deposit has already ended.",
      );
    },

    async expireOverdueDeposits() {
      const overdue = await db
        .select()
        .from(paymentInvoices)
        .where(and(eq(paymentInvoices.type, INVOICE_TYPE.deposit), eq(paymentInvoices.status, INVOICE_STATUS.pending), lt(paymentInvoices.expiresAt, now())))
        .orderBy(asc(paymentInvoices.expiresAt))
        .limit(EXPIRY_BATCH);
      let expired = 0;
      for (const row of overdue) {
        if ((await endPendingDeposit(row, "expired")).ended) expired += 1;
      }
      return expired;
    },
  };
}
