import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { negate } from "@playfair/contracts/money";
import type { Invoice, InvoiceFailureReason } from "@playfair/contracts/payment/invoices";
import type { OperatorWithdrawal, OperatorWithdrawalList, OperatorWithdrawalListQuery } from "@playfair/contracts/payment/operator-withdrawals";
import { pageMeta } from "@playfair/contracts/pagination";
import type { AppDatabase } from "../../db/database.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import { invoiceView, listWithdrawals, lockInvoice, operatorWithdrawalView, unsuccessfulStatusOf, type InvoiceRow } from "./invoice-store.ts";
import type { InvoiceSteps, PaymentFaultHooks } from "./invoice-steps.ts";

// A withdrawal after it was asked for (its hold is posted with the invoice, see invoice-requests):
// the player declines it, or an operator pays it out or rejects it. Of two concurrent decisions
// one wins on the locked row; the other sees the new status and answers it.

type OperatorDecision = { operator: string; note?: string | undefined };

export type Withdrawals = {
  declineWithdrawal(playerId: string, invoiceId: string): Promise<Invoice>;
  listOperatorWithdrawals(query: OperatorWithdrawalListQuery): Promise<OperatorWithdrawalList>;
  completeWithdrawal(invoiceId: string, decision: OperatorDecision): Promise<OperatorWithdrawal>;
  rejectWithdrawal(invoiceId: string, decision: OperatorDecision): Promise<OperatorWithdrawal>;
};

export function createWithdrawals(dependencies: { db: AppDatabase; now: () => Date; ledger: Ledger; steps: InvoiceSteps; faults: PaymentFaultHooks }): Withdrawals {
  const { db, now, ledger, steps, faults } = dependencies;
  const { updateInvoice, publishInvoiceAndAccount, accountOf } = steps;

  type WithdrawalAction = "decline" | "complete" | "reject";

  async function finishWithdrawal(invoiceId: string, action: WithdrawalAction, scope: { playerId?: string; operator?: string; note?: string | undefined }): Promise<InvoiceRow> {
    const failureReason: InvoiceFailureReason | null = action === "decline" ? "playerDeclined" : action === "reject" ? "rejected" : null;
    const targetStatus = failureReason ? unsuccessfulStatusOf(failureReason) : INVOICE_STATUS.success;
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
        // Invoice first, ledger last but one: a payout's clearing account is a hot row (see deposit-settlement.ts).
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

  return {
    async declineWithdrawal(playerId, invoiceId) {
      return invoiceView(await finishWithdrawal(invoiceId, "decline", { playerId }));
    },
    async listOperatorWithdrawals(query) {
      const { rows, totalRows } = await listWithdrawals(db, query);
      return { data: rows.map(operatorWithdrawalView), meta: pageMeta(query, totalRows) };
    },
    async completeWithdrawal(invoiceId, decision) {
      return operatorWithdrawalView(await finishWithdrawal(invoiceId, "complete", decision));
    },
    async rejectWithdrawal(invoiceId, decision) {
      return operatorWithdrawalView(await finishWithdrawal(invoiceId, "reject", decision));
    },
  };
}
