import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

// A deposit or withdrawal (spec 3 "Invoice"). The invoice is the merchant side of a payment;
// money moves only through the ledger, whose transactions the invoice points at.
export const paymentInvoices = pgTable(
  "payment_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The number players and support quote; increasing, never reused.
    number: bigint("number", { mode: "number" }).notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "restrict" }),
    walletAccountId: uuid("wallet_account_id")
      .notNull()
      .references(() => walletAccounts.id, { onDelete: "restrict" }),
    // INVOICE_TYPE and INVOICE_STATUS of @playfair/contracts/constants.
    type: smallint("type").notNull(),
    status: smallint("status").notNull().default(1),
    // provider.direction.kind, e.g. "sandbox.deposit.card".
    methodCode: varchar("method_code", { length: 96 }).notNull(),
    provider: varchar("provider", { length: 32 }).notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    amount: numeric("amount").notNull(),
    // The required payment-form fields the player filled in (spec 3 "Payment method group").
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    // What the client may show: qr, address, redirect url, confirmation page...
    publicData: jsonb("public_data").$type<Record<string, unknown>>().notNull().default({}),
    providerPaymentId: varchar("provider_payment_id", { length: 128 }),
    // The client's Idempotency-Key, scoped to the player; with the fingerprint of the request.
    idempotencyKey: varchar("idempotency_key", { length: 200 }),
    requestFingerprint: varchar("request_fingerprint", { length: 64 }),
    // nth successful deposit of the player (deposit events first..fifth-plus).
    depositNumber: integer("deposit_number"),
    // A deposit's bonus choice (GET /api/game/bonuses) and code, issued when the deposit is credited.
    bonusId: uuid("bonus_id"),
    bonusCode: varchar("bonus_code", { length: 32 }),
    // What the credited deposit issued: the deposit bonus (template) id, and the code whose bonus it gave.
    issuedBonusId: uuid("issued_bonus_id"),
    issuedBonusCode: varchar("issued_bonus_code", { length: 32 }),
    failureReason: varchar("failure_reason", { length: 64 }),
    // A pending deposit not paid by then is ended by the expiry sweep (pending-deposits.ts); null for withdrawals.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payment_invoices_number").on(table.number),
    uniqueIndex("payment_invoices_provider_payment").on(table.provider, table.providerPaymentId),
    uniqueIndex("payment_invoices_idempotency").on(table.playerId, table.idempotencyKey),
    index("payment_invoices_player_created").on(table.playerId, table.createdAt),
    index("payment_invoices_pending").on(table.status, table.type).where(sql`${table.status} = 1`),
    index("payment_invoices_pending_expiry").on(table.expiresAt).where(sql`${table.status} = 1`),
    check("payment_invoices_amount_positive", sql`${table.amount} > 0`),
    check("payment_invoices_type_check", sql`${table.type} in (1, 2)`),
    check("payment_invoices_status_check", sql`${table.status} in (1, 2, 3, 4)`),
  ],
);

// Every provider callback as received, after its signature was verified. The unique event id makes
// a redelivered webhook a no-op; the raw body is kept for disputes.
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar("provider", { length: 32 }).notNull(),
    providerEventId: varchar("provider_event_id", { length: 128 }).notNull(),
    providerPaymentId: varchar("provider_payment_id", { length: 128 }).notNull(),
    rawBody: text("raw_body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("payment_webhook_events_event").on(table.provider, table.providerEventId)],
);

// The in-house sandbox provider's own books: what a real provider keeps on its side. Kept apart
// from the invoices on purpose, so the merchant code talks to it only through the adapter and
// its signed webhooks, exactly as it would to an outside provider.
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    merchantReference: varchar("merchant_reference", { length: 64 }).notNull(),
    // card, crypto, redirect, cash-agent, payout
    kind: varchar("kind", { length: 24 }).notNull(),
    direction: varchar("direction", { length: 12 }).notNull(),
    // created, awaiting-confirmation, succeeded, failed, cancelled
    status: varchar("status", { length: 24 }).notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    amount: numeric("amount").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("sandbox_payments_merchant_reference").on(table.merchantReference)],
);
