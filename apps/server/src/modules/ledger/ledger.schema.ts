import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, numeric, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { walletAccounts } from "./wallet-accounts.schema.ts";

// The double-entry ledger every money movement goes through (wallet, payments, and later games,
// bonuses and the sportsbook). Rules the database itself enforces (see the custom part of the
// migration drizzle/0005_ledger_payments_limits.sql):
// - a transaction's postings sum to zero per currency (a trigger checks every INSERT of postings,
//   once per statement: migration 0030);
// - postings and transactions are append-only (UPDATE, DELETE and TRUNCATE raise);
// - a player account's balance never goes below zero (CHECK), only house accounts may;
// - postings are written, and balances moved, only by the function ledger_post(), which locks
//   the touched accounts in one fixed order (player accounts by id, then house accounts by id).

/** A balance: one balance kind of a player's wallet account, or a named house account, in one currency. */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    walletAccountId: uuid("wallet_account_id").references(() => walletAccounts.id, { onDelete: "restrict" }),
    // LEDGER_BALANCE_KINDS for player accounts; "house" for house accounts.
    balanceKind: varchar("balance_kind", { length: 24 }).notNull(),
    // HOUSE_ACCOUNTS code, e.g. "payment-clearing:sandbox"; null for player accounts.
    houseCode: varchar("house_code", { length: 64 }),
    currency: varchar("currency", { length: 12 }).notNull(),
    balance: numeric("balance").notNull().default("0"),
    mayGoNegative: boolean("may_go_negative").notNull().default(false),
    // House accounts are split into shards (HOUSE_ACCOUNT_SHARDS rows per code and currency; the
    // house balance is their sum), so concurrent movements do not queue on one row lock held
    // through every commit's WAL flush. Player accounts have shard 0.
    shard: smallint("shard").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_accounts_wallet_kind").on(table.walletAccountId, table.balanceKind),
    uniqueIndex("ledger_accounts_house_currency_shard").on(table.houseCode, table.currency, table.shard),
    check("ledger_accounts_one_owner", sql`(${table.walletAccountId} is null) <> (${table.houseCode} is null)`),
    check("ledger_accounts_only_house_negative", sql`not ${table.mayGoNegative} or ${table.houseCode} is not null`),
    check("ledger_accounts_non_negative", sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);

/** One money movement: two or more postings, written together, identified by an idempotency key. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 48 }).notNull(),
    idempotencyKey: varchar("idempotency_key", { length: 200 }).notNull(),
    // SHA-256 of the canonical parameters: the same key with other parameters is refused (409).
    requestFingerprint: varchar("request_fingerprint", { length: 64 }).notNull(),
    reversesId: bigint("reverses_id", { mode: "bigint" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_transactions_idempotency_key").on(table.idempotencyKey),
    // A transaction is reversed at most once. Partial: almost no transaction reverses another, and
    // an entry per transaction would cost every movement an index write for nothing.
    uniqueIndex("ledger_transactions_reverses").on(table.reversesId).where(sql`${table.reversesId} is not null`),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: its check locks the transaction row (key share) once per posting; transactions
    // are never deleted, and the postings' statement trigger checks that they exist (migration 0030).
    transactionId: bigint("transaction_id", { mode: "bigint" }).notNull(),
    // No foreign key here on purpose: its check would take a key-share lock on the account row that
    // ledger_post() has just updated, which makes PostgreSQL create a multixact on every posting
    // (about a quarter of a transfer's cost). The postings' statement trigger verifies instead that
    // the account exists in the posting's currency, and ledger accounts can never be deleted.
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    currency: varchar("currency", { length: 12 }).notNull(),
    amount: numeric("amount").notNull(),
    // The account's balance right after this posting: history shows before/after without a scan.
    balanceAfter: numeric("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_postings_account").on(table.accountId, table.id),
    index("ledger_postings_transaction").on(table.transactionId),
    check("ledger_postings_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);
