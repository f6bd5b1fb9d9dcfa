import { eq } from "drizzle-orm";
import { INVOICE_TYPE } from "@playfair/contracts/constants";
import { INVOICE_EVENTS } from "@playfair/contracts/payment/invoices";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbExecutor } from "../../db/database.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { RealtimeService } from "../realtime/realtime.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import { invoiceView, type InvoiceRow } from "./invoice-store.ts";
import { paymentInvoices } from "./payment.schema.ts";

// The steps every invoice change shares, whichever flow makes it (deposit settlement, withdrawal
// decisions, the reconciler): the row update, the ledger accounts it moves money between and the
// realtime events that tell the player's tabs.

/** Test-only hooks, handed in as a dependency: throwing from one simulates a crash at that point. */
export type PaymentFaultHooks = {
  /** Runs inside the transaction, after the invoice was locked and before the ledger write. */
  beforeLedgerWrite?(context: { invoiceId: string; step: "credit" | "hold" | "payout" | "release" }): void | Promise<void>;
  /** Runs after the deposit invoice was committed and before its provider is called. */
  beforeProviderCall?(context: { invoiceId: string }): void | Promise<void>;
};

const INVOICE_CHANNEL = "payment:invoices";

function eventOf(row: InvoiceRow): string {
  return row.type === INVOICE_TYPE.withdrawal ? INVOICE_EVENTS.withdrawal : INVOICE_EVENTS.deposit;
}

export type InvoiceSteps = ReturnType<typeof createInvoiceSteps>;

export function createInvoiceSteps(dependencies: { now: () => Date; ledger: Ledger; wallet: WalletService; realtime: RealtimeService }) {
  const { now, ledger, wallet, realtime } = dependencies;

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

  return { publishInvoice, publishInvoiceAndAccount, accountOf, updateInvoice };
}
