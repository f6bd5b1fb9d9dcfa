CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_account_id" uuid,
	"balance_kind" varchar(24) NOT NULL,
	"house_code" varchar(64),
	"currency" varchar(12) NOT NULL,
	"balance" numeric DEFAULT '0' NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_one_owner" CHECK (("ledger_accounts"."wallet_account_id" is null) <> ("ledger_accounts"."house_code" is null)),
	CONSTRAINT "ledger_accounts_only_house_negative" CHECK (not "ledger_accounts"."may_go_negative" or "ledger_accounts"."house_code" is not null),
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" varchar(12) NOT NULL,
	"amount" numeric NOT NULL,
	"balance_after" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(48) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"request_fingerprint" varchar(64) NOT NULL,
	"reverses_id" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"definition" smallint NOT NULL,
	"period" smallint,
	"amount" numeric,
	"currency" varchar(12),
	"ends_at" timestamp with time zone,
	"pending_amount" numeric,
	"pending_change" varchar(8),
	"pending_effective_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "player_limits_definition_check" CHECK ("player_limits"."definition" between 1 and 5),
	CONSTRAINT "player_limits_period_check" CHECK ("player_limits"."period" is null or "player_limits"."period" between 1 and 3),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount" is null or "player_limits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"player_id" uuid NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"method_code" varchar(96) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"amount" numeric NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_payment_id" varchar(128),
	"idempotency_key" varchar(200),
	"request_fingerprint" varchar(64),
	"deposit_number" integer,
	"failure_reason" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_invoices_amount_positive" CHECK ("payment_invoices"."amount" > 0),
	CONSTRAINT "payment_invoices_type_check" CHECK ("payment_invoices"."type" in (1, 2)),
	CONSTRAINT "payment_invoices_status_check" CHECK ("payment_invoices"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(32) NOT NULL,
	"provider_event_id" varchar(128) NOT NULL,
	"provider_payment_id" varchar(128) NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"merchant_reference" varchar(64) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"direction" varchar(12) NOT NULL,
	"status" varchar(24) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"amount" numeric NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "cooling_off_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet_kind" ON "ledger_accounts" USING btree ("wallet_account_id","balance_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_currency_shard" ON "ledger_accounts" USING btree ("house_code","currency","shard");--> statement-breakpoint
CREATE INDEX "ledger_postings_account" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses" ON "ledger_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "player_limits_player" ON "player_limits" USING btree ("player_id","definition");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_number" ON "payment_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_provider_payment" ON "payment_invoices" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_idempotency" ON "payment_invoices" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_invoices_player_created" ON "payment_invoices" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_invoices_pending" ON "payment_invoices" USING btree ("status","type") WHERE "payment_invoices"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_merchant_reference" ON "sandbox_payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "realtime_outbox_channel_id" ON "realtime_outbox" USING btree ("channel","id");--> statement-breakpoint
-- Hand-written part: the ledger's rules, enforced by the database itself (L1-L6).
-- Postings and transactions are append-only: corrections are reversing transactions.
CREATE FUNCTION ledger_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'PF004';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
-- At commit, every transaction that received postings must sum to zero in each currency.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', NEW.transaction_id USING ERRCODE = 'PF003';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- The only writer of postings. One call = one ledger transaction, so the account rows stay locked
-- for one statement, never across a network round trip (until the caller's COMMIT).
-- p_legs: [{"account": id, "currency": "USD", "amount": "-10.50", "house": false}, ...]
-- Concurrency (L6): balances move with a guarded conditional UPDATE (the guard is the no-negative
-- rule), taken in one fixed order - player accounts by id, then house accounts by id - so two
-- transfers A->B and B->A can never deadlock, and the contended house rows are held the shortest.
-- Idempotency (L4): the key is unique; a concurrent duplicate waits for the first and then replays
-- its postings; the same key with another fingerprint raises PF409.
CREATE FUNCTION ledger_post(p_kind text, p_key text, p_fingerprint text, p_metadata jsonb, p_legs jsonb, p_reverses bigint)
RETURNS TABLE (transaction_id bigint, replayed boolean, account_id bigint, amount numeric, balance_after numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_transaction_id bigint;
  v_existing_fingerprint text;
  v_leg record;
  v_balance numeric;
BEGIN
  INSERT INTO ledger_transactions AS t (kind, idempotency_key, request_fingerprint, reverses_id, metadata)
  VALUES (p_kind, p_key, p_fingerprint, p_reverses, coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING t.id INTO v_transaction_id;

  IF v_transaction_id IS NULL THEN
    SELECT t.id, t.request_fingerprint INTO v_transaction_id, v_existing_fingerprint
      FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF v_existing_fingerprint IS DISTINCT FROM p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was already used with other parameters', p_key USING ERRCODE = 'PF409';
    END IF;
    RETURN QUERY
      SELECT p.transaction_id, true, p.account_id, p.amount, p.balance_after
        FROM ledger_postings p WHERE p.transaction_id = v_transaction_id ORDER BY p.id;
    RETURN;
  END IF;

  FOR v_leg IN
    SELECT (leg ->> 'account')::bigint AS leg_account, leg ->> 'currency' AS leg_currency,
           (leg ->> 'amount')::numeric AS leg_amount, coalesce((leg ->> 'house')::boolean, false) AS leg_house
      FROM jsonb_array_elements(p_legs) AS legs(leg)
     ORDER BY 4, 1
  LOOP
    UPDATE ledger_accounts a SET balance = a.balance + v_leg.leg_amount
     WHERE a.id = v_leg.leg_account AND a.currency = v_leg.leg_currency
       AND (a.may_go_negative OR a.balance + v_leg.leg_amount >= 0)
    RETURNING a.balance INTO v_balance;
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = v_leg.leg_account AND a.currency = v_leg.leg_currency) THEN
        RAISE EXCEPTION 'insufficient funds on ledger account %', v_leg.leg_account USING ERRCODE = 'PF001';
      END IF;
      RAISE EXCEPTION 'no ledger account % in %', v_leg.leg_account, v_leg.leg_currency USING ERRCODE = 'PF002';
    END IF;
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, balance_after)
    VALUES (v_transaction_id, v_leg.leg_account, v_leg.leg_currency, v_leg.leg_amount, v_balance);
    transaction_id := v_transaction_id;
    replayed := false;
    account_id := v_leg.leg_account;
    amount := v_leg.leg_amount;
    balance_after := v_balance;
    RETURN NEXT;
  END LOOP;
END
$$;
