ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_transactions_reverses";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses" ON "ledger_transactions" USING btree ("reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;--> statement-breakpoint
-- At commit, every transaction that received postings must sum to zero in each currency, and each
-- posting must name an existing ledger account in its own currency (this replaces the foreign key,
-- whose key-share lock on a just-updated account row cost a multixact per posting).
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.currency = NEW.currency) THEN
    RAISE EXCEPTION 'posting % names no ledger account % in %', NEW.id, NEW.account_id, NEW.currency USING ERRCODE = 'PF002';
  END IF;
  IF EXISTS (
    SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', NEW.transaction_id USING ERRCODE = 'PF003';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Postings point at their account for ever: an account is never deleted (balances move to zero instead).
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite();
