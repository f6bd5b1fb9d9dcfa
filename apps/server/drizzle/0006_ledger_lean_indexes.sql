DROP INDEX "ledger_transactions_reverses";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses" ON "ledger_transactions" USING btree ("reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;--> statement-breakpoint
-- Every movement rewrites its accounts' balance rows; free room on each page lets PostgreSQL keep
-- the new row version on the same page without touching the indexes (a HOT update).
ALTER TABLE "ledger_accounts" SET (fillfactor = 90);
