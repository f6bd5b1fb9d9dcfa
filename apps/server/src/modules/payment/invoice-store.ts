import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { INVOICE_FAILURE_REASONS, type Invoice, type InvoiceFailureReason, type InvoiceListQuery, type InvoicePublicData, type InvoiceStatusCode } from "@playfair/contracts/payment/invoices";
import type { OperatorWithdrawal } from "@playfair/contracts/payment/operator-withdrawals";
import type { DbExecutor } from "../../db/database.ts";
import { paymentInvoices } from "./payment.schema.ts";
import { rowsOf } from "../../db/sql-rows.ts";

// Reads and views of payment_invoices. Every status change goes through payment.service.ts, inside
// the transaction that also posts to the ledger.

export type InvoiceRow = typeof paymentInvoices.$inferSelect;

function failureReasonOf(value: string | null): InvoiceFailureReason | null {
  return value !== null && (INVOICE_FAILURE_REASONS as readonly string[]).includes(value) ? (value as InvoiceFailureReason) : null;
}

function publicDataOf(row: InvoiceRow): InvoicePublicData {
  const data = row.publicData;
  const view: InvoicePublicData = {};
  for (const key of ["qr", "address", "network", "redirectUrl", "confirmUrl", "reference", "expiresAt"] as const) {
    const value = data[key];
    if (typeof value === "string") view[key] = value;
  }
  return view;
}

function statusOf(value: number): InvoiceStatusCode {
  switch (value) {
    case INVOICE_STATUS.success:
    case INVOICE_STATUS.failed:
    case INVOICE_STATUS.cancelled:
      return value;
    default:
      return INVOICE_STATUS.pending;
  }
}

/**
 * The final status of an invoice that did not complete: the player's own cancellation is status 4
 * (cancelled), every other reason status 3 (failed). Every path that ends an invoice (the player's
 * decline, the provider's answer, the expiry sweep) derives it from the reason, so they agree.
 */
export function unsuccessfulStatusOf(reason: InvoiceFailureReason): typeof INVOICE_STATUS.failed | typeof INVOICE_STATUS.cancelled {
  // The player ended it: through the decline call, or with Cancel on the provider's own page.
  return reason === "playerDeclined" || reason === "cancelled" ? INVOICE_STATUS.cancelled : INVOICE_STATUS.failed;
}

/** The amount as the API shows it: NUMERIC keeps the scale it was written with ("10.50"). */
export function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    type: row.type === INVOICE_TYPE.withdrawal ? INVOICE_TYPE.withdrawal : INVOICE_TYPE.deposit,
    status: statusOf(row.status),
    amount: row.amount,
    currency: row.currency,
    methodCode: row.methodCode,
    publicData: row.expiresAt && row.status === INVOICE_STATUS.pending ? { ...publicDataOf(row), expiresAt: row.expiresAt.toISOString() } : publicDataOf(row),
    depositNumber: row.depositNumber,
    bonusId: row.issuedBonusId,
    bonusCode: row.issuedBonusCode,
    failureReason: failureReasonOf(row.failureReason),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function operatorWithdrawalView(row: InvoiceRow): OperatorWithdrawal {
  return { ...invoiceView(row), playerId: row.playerId, walletAccountId: row.walletAccountId, fields: row.fields };
}

/** The invoice row locked for the rest of the transaction (FOR UPDATE), or null. */
export async function lockInvoice(executor: DbExecutor, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await executor.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId)).for("update");
  return row ?? null;
}

/** The invoice's type (INVOICE_TYPE), or null when there is no such invoice. */
export async function invoiceTypeOf(executor: DbExecutor, invoiceId: string): Promise<number | null> {
  const [row] = await executor.select({ type: paymentInvoices.type }).from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
  return row?.type ?? null;
}

export async function findByIdempotencyKey(executor: DbExecutor, playerId: string, idempotencyKey: string): Promise<InvoiceRow | null> {
  const [row] = await executor
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.playerId, playerId), eq(paymentInvoices.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

const DAY_MS = 86_400_000;

/** A date-only bound covers the whole UTC day; a full ISO time is taken as it is. */
function dateBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  const exact = new Date(value);
  return end ? new Date(exact.getTime() + 1) : exact;
}

export async function listPlayerInvoices(executor: DbExecutor, playerId: string, query: InvoiceListQuery): Promise<{ rows: InvoiceRow[]; totalRows: number }> {
  const conditions: SQL[] = [eq(paymentInvoices.playerId, playerId)];
  if (query.type !== undefined) conditions.push(eq(paymentInvoices.type, query.type));
  if (query.status !== undefined) conditions.push(eq(paymentInvoices.status, query.status));
  if (query.currency !== undefined) conditions.push(eq(paymentInvoices.currency, query.currency));
  if (query.dateFrom !== undefined) conditions.push(gte(paymentInvoices.createdAt, dateBound(query.dateFrom, false)));
  if (query.dateTo !== undefined) conditions.push(lt(paymentInvoices.createdAt, dateBound(query.dateTo, true)));
  const where = and(...conditions);
  const [total] = await executor.select({ value: count() }).from(paymentInvoices).where(where);
  const rows = await executor
    .select()
    .from(paymentInvoices)
    .where(where)
    .orderBy(desc(paymentInvoices.createdAt), desc(paymentInvoices.number))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, totalRows: total?.value ?? 0 };
}

/** Withdrawals in one status, oldest first: the operator's payout queue. */
export async function listWithdrawals(executor: DbExecutor, query: { status: number; page: number; perPage: number }): Promise<{ rows: InvoiceRow[]; totalRows: number }> {
  const where = and(eq(paymentInvoices.type, INVOICE_TYPE.withdrawal), eq(paymentInvoices.status, query.status));
  const [total] = await executor.select({ value: count() }).from(paymentInvoices).where(where);
  const rows = await executor
    .select()
    .from(paymentInvoices)
    .where(where)
    .orderBy(asc(paymentInvoices.createdAt), asc(paymentInvoices.number))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, totalRows: total?.value ?? 0 };
}

export type CurrencyTotals = {
  currency: string;
  depositCount: number;
  depositSum: string;
  withdrawalCount: number;
  withdrawalSum: string;
  pendingWithdrawalSum: string;
};

/** Sums are computed by PostgreSQL in NUMERIC, so they stay exact. */
export async function invoiceTotals(executor: DbExecutor, playerId: string): Promise<CurrencyTotals[]> {
  const { success, pending } = INVOICE_STATUS;
  const { deposit, withdrawal } = INVOICE_TYPE;
  const result = await executor.execute(sql`
    select currency,
           count(*) filter (where type = ${deposit} and status = ${success})::int as "depositCount",
           coalesce(sum(amount) filter (where type = ${deposit} and status = ${success}), 0)::text as "depositSum",
           count(*) filter (where type = ${withdrawal} and status = ${success})::int as "withdrawalCount",
           coalesce(sum(amount) filter (where type = ${withdrawal} and status = ${success}), 0)::text as "withdrawalSum",
           coalesce(sum(amount) filter (where type = ${withdrawal} and status = ${pending}), 0)::text as "pendingWithdrawalSum"
      from payment_invoices
     where player_id = ${playerId}
     group by currency
     order by currency`);
  return rowsOf<CurrencyTotals>(result).map((row) => ({ ...row, depositCount: Number(row.depositCount), withdrawalCount: Number(row.withdrawalCount) }));
}

/** How many deposits of the player have succeeded so far (the next success is this + 1). */
