import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { executeRows } from "../../db/sql-rows.ts";

// Reconciliation (L1): proves from the postings alone that the stored balances are right.
// `npm run ledger:check` runs it against the configured database and exits non-zero on a problem.

export type LedgerCheckReport = { accounts: number; transactions: number; postings: number; problems: string[] };

type Row = Record<string, string>;

function rows(executor: DbExecutor, query: SQL): Promise<Row[]> {
  return executeRows<Row>(executor, query);
}

export async function checkLedger(executor: DbExecutor): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  const [counts] = await rows(
    executor,
    sql`select (select count(*) from ledger_accounts)::text as accounts, (select count(*) from ledger_transactions)::text as transactions, (select count(*) from ledger_postings)::text as postings`,
  );

  // Every stored balance equals the sum of its postings.
  for (const row of await rows(
    executor,
    sql`select a.id::text as id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
          from ledger_accounts a left join ledger_postings p on p.account_id = a.id
         group by a.id having a.balance <> coalesce(sum(p.amount), 0)`,
  )) {
    problems.push(`account ${row.id}: stored balance ${row.balance} but postings sum to ${row.posted}`);
  }
  // Every transaction sums to zero in each currency.
  for (const row of await rows(
    executor,
    sql`select transaction_id::text as id, currency, sum(amount)::text as total from ledger_postings group by transaction_id, currency having sum(amount) <> 0`,
  )) {
    problems.push(`transaction ${row.id}: ${row.currency} postings sum to ${row.total}, not 0`);
  }
  // No player balance below zero (L2).
  for (const row of await rows(executor, sql`select id::text as id, balance::text as balance from ledger_accounts where not may_go_negative and balance < 0`)) {
    problems.push(`account ${row.id}: player balance is negative (${row.balance})`);
  }
  // Postings are in their account's currency.
  for (const row of await rows(
    executor,
    sql`select p.id::text as id, p.currency, a.currency as account_currency from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.currency <> a.currency`,
  )) {
    problems.push(`posting ${row.id}: in ${row.currency} on an account in ${row.account_currency}`);
  }
  // The running balance of the last posting is the stored balance.
  for (const row of await rows(
    executor,
    sql`select a.id::text as id, a.balance::text as balance, last.balance_after::text as balance_after
          from ledger_accounts a
          join lateral (select balance_after from ledger_postings p where p.account_id = a.id order by p.id desc limit 1) last on true
         where last.balance_after <> a.balance`,
  )) {
    problems.push(`account ${row.id}: last posting says ${row.balance_after}, stored balance is ${row.balance}`);
  }
  return {
    accounts: Number(counts?.accounts ?? 0),
    transactions: Number(counts?.transactions ?? 0),
    postings: Number(counts?.postings ?? 0),
    problems,
  };
}
