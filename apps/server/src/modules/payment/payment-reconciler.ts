import { and, eq, isNull, lt } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../db/database.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import type { DepositSettlement } from "./deposit-settlement.ts";
import type { InvoiceSteps } from "./invoice-steps.ts";
import type { PendingDeposits } from "./pending-deposits.ts";
import { lockInvoice } from "./invoice-store.ts";
import { paymentInvoices } from "./payment.schema.ts";
import type { SandboxProvider } from "./sandbox-provider.ts";

// Deposits a crash left between their invoice and the provider call would stay pending for ever
// and count against the player's deposit limit; a background loop settles them. The same loop
// ends pending deposits whose time ran out (pending-deposits.ts).

/** A deposit without a provider payment this long after its request was orphaned by a crash. */
export const ORPHANED_DEPOSIT_AFTER_MS = 10 * 60 * 1000;
const RECONCILE_INTERVAL_MS = 60_000;
const RECONCILE_BATCH = 50;

export type PaymentReconciler = {
  /**
   * Deposits still pending without a provider payment some minutes after their request: recorded
   * from the provider when it knows them, else failed as expired. Resolves with how many it settled.
   */
  reconcileOrphanedDeposits(): Promise<number>;
  /** Runs reconcileOrphanedDeposits and the deposit expiry sweep every minute, one pass at a time. */
  start(): void;
  stop(): Promise<void>;
};

export function createPaymentReconciler(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  sandbox: SandboxProvider;
  deposits: DepositSettlement;
  steps: InvoiceSteps;
  pendingDeposits: Pick<PendingDeposits, "expireOverdueDeposits">;
}): PaymentReconciler {
  const { db, logger, now, sandbox, deposits, steps, pendingDeposits } = dependencies;
  const { updateInvoice, publishInvoice } = steps;
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<unknown> | undefined;

async function reconcileOrphanedDeposits(): Promise<number> {
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
        await deposits.recordProviderResult(orphan.id, known);
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
  }

  return {
    reconcileOrphanedDeposits,
    start() {
      if (reconcileTimer) return;
      reconcileTimer = setInterval(() => {
        if (reconciling) return;
        reconciling = reconcileOrphanedDeposits()
          .catch((error: unknown) => logger.warn({ err: error }, "orphaned deposits not reconciled"))
          .then(() => pendingDeposits.expireOverdueDeposits())
          .catch((error: unknown) => logger.warn({ err: error }, "overdue deposits not expired"))
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
    },
  };
}
