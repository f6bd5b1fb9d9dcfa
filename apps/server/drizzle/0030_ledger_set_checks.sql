ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
-- The ledger's balance check once per statement instead of twice per posting at commit, and
-- ledger_post() and ledger_post_set() writing their postings with one INSERT each (ADR 037). The
-- rules are the ones 0005, 0006 and 0028 wrote; only the work to enforce them changes.
--
-- Every INSERT into ledger_postings must leave each ledger transaction it writes to balanced in
-- each currency (PF003), name only existing accounts in their own currency (PF002) and existing
-- transactions: one check over the statement's rows (its transition table) replaces the deferred
-- per-posting trigger and the foreign key to ledger_transactions dropped above, whose check took a
-- key-share lock on the transaction row for every posting (transactions are never deleted). A
-- transaction's earlier postings were balanced by their own statement, so the new rows balancing
-- among themselves keeps the whole transaction balanced (L1), and a hand-written posting is refused
-- at its INSERT rather than at the commit.
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
--> statement-breakpoint
DROP FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_check_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_problem record;
BEGIN
  SELECT n.id, n.account_id, n.currency INTO v_problem
    FROM posted n
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id AND a.currency = n.currency)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'posting % names no ledger account % in %', v_problem.id, v_problem.account_id, v_problem.currency USING ERRCODE = 'PF002';
  END IF;
  SELECT n.transaction_id INTO v_problem
    FROM (SELECT DISTINCT p.transaction_id FROM posted p) n
   WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'postings name no ledger transaction %', v_problem.transaction_id USING ERRCODE = '23503';
  END IF;
  SELECT n.transaction_id INTO v_problem
    FROM posted n
   GROUP BY n.transaction_id, n.currency
  HAVING sum(n.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', v_problem.transaction_id USING ERRCODE = 'PF003';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_posted();
--> statement-breakpoint
-- ledger_post() as 0005 wrote it (the same guarded balance updates in the same order, the same
-- replays and errors), its postings written by one INSERT after the updates, in the legs' order.
CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_key text, p_fingerprint text, p_metadata jsonb, p_legs jsonb, p_reverses bigint)
RETURNS TABLE (transaction_id bigint, replayed boolean, account_id bigint, amount numeric, balance_after numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_transaction_id bigint;
  v_existing_fingerprint text;
  v_leg record;
  v_balance numeric;
  v_accounts bigint[] := '{}';
  v_currencies text[] := '{}';
  v_amounts numeric[] := '{}';
  v_balances numeric[] := '{}';
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
    v_accounts := v_accounts || v_leg.leg_account;
    v_currencies := v_currencies || v_leg.leg_currency;
    v_amounts := v_amounts || v_leg.leg_amount;
    v_balances := v_balances || v_balance;
  END LOOP;

  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, balance_after)
  SELECT v_transaction_id, u.account, u.currency, u.amount, u.balance
    FROM unnest(v_accounts, v_currencies, v_amounts, v_balances) WITH ORDINALITY AS u(account, currency, amount, balance, position)
   ORDER BY u.position;

  RETURN QUERY
    SELECT v_transaction_id, false, u.account, u.amount, u.balance
      FROM unnest(v_accounts, v_amounts, v_balances) WITH ORDINALITY AS u(account, amount, balance, position)
     ORDER BY u.position;
END
$$;
--> statement-breakpoint
-- ledger_post_set() as 0028 describes it (the same keys, fingerprints, postings, running balances,
-- locks and errors), with the transactions written by one INSERT: their ids are drawn from the
-- identity's sequence in request order first, so a request reaches its transaction by index and a
-- key already written (ON CONFLICT, replayed or refused with PF409 one by one) keeps its old id.
-- The postings' account check (PF002) and the no-negative check (PF001) read the rows the postings'
-- INSERT joins anyway instead of joining the accounts again.
CREATE OR REPLACE FUNCTION ledger_post_set(
  p_kinds text[], p_keys text[], p_fingerprints text[], p_metadata jsonb[], p_reverses bigint[],
  p_leg_requests integer[], p_leg_accounts bigint[], p_leg_currencies text[], p_leg_amounts numeric[]
)
RETURNS TABLE (transaction_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(array_length(p_keys, 1), 0);
  v_sequence regclass := pg_get_serial_sequence('ledger_transactions', 'id')::regclass;
  v_ids bigint[];
  -- 0 for a replayed request: its legs are not written again.
  v_written bigint[];
  v_id bigint;
  v_fingerprint text;
  v_expected integer;
  v_posted integer;
  v_overdrawn bigint;
  v_problem record;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  SELECT array_agg(nextval(v_sequence) ORDER BY g) INTO v_ids FROM generate_series(1, v_count) AS g;

  WITH inserted AS (
    INSERT INTO ledger_transactions AS t (id, kind, idempotency_key, request_fingerprint, reverses_id, metadata) OVERRIDING SYSTEM VALUE
    SELECT r.id, r.kind, r.key, r.fingerprint, r.reverses, coalesce(r.metadata, '{}'::jsonb)
      FROM unnest(v_ids, p_kinds, p_keys, p_fingerprints, p_reverses, p_metadata) WITH ORDINALITY AS r(id, kind, key, fingerprint, reverses, metadata, position)
     ORDER BY r.position
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING t.id
  )
  SELECT array_agg(coalesce(i.id, 0) ORDER BY r.position) INTO v_written
    FROM unnest(v_ids) WITH ORDINALITY AS r(id, position) LEFT JOIN inserted i ON i.id = r.id;

  FOR i IN 1..v_count LOOP
    CONTINUE WHEN v_written[i] <> 0;
    SELECT t.id, t.request_fingerprint INTO v_id, v_fingerprint FROM ledger_transactions t WHERE t.idempotency_key = p_keys[i];
    IF v_fingerprint IS DISTINCT FROM p_fingerprints[i] THEN
      RAISE EXCEPTION 'idempotency key % was already used with other parameters', p_keys[i] USING ERRCODE = 'PF409';
    END IF;
    v_ids[i] := v_id;
  END LOOP;

  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT l.account FROM unnest(p_leg_requests, p_leg_accounts) AS l(request, account) WHERE v_written[l.request] <> 0)
   ORDER BY a.may_go_negative, a.id
     FOR UPDATE;

  WITH legs AS (
    SELECT v_written[l.request] AS transaction_id, l.request, l.leg, l.account, l.currency, l.amount, a.may_go_negative,
           a.balance + sum(l.amount) OVER (PARTITION BY l.account ORDER BY l.request, l.leg) AS balance_after
      FROM unnest(p_leg_requests, p_leg_accounts, p_leg_currencies, p_leg_amounts) WITH ORDINALITY AS l(request, account, currency, amount, leg)
      JOIN ledger_accounts a ON a.id = l.account AND a.currency = l.currency
     WHERE v_written[l.request] <> 0
  ), posted AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, balance_after)
    SELECT l.transaction_id, l.account, l.currency, l.amount, l.balance_after
      FROM legs l
     ORDER BY l.request, l.may_go_negative, l.account, l.leg
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM posted), (SELECT l.account FROM legs l WHERE NOT l.may_go_negative AND l.balance_after < 0 LIMIT 1)
    INTO v_posted, v_overdrawn;

  SELECT count(*) INTO v_expected FROM unnest(p_leg_requests) AS l(request) WHERE v_written[l.request] <> 0;
  IF v_posted <> v_expected THEN
    SELECT l.account, l.currency INTO v_problem
      FROM unnest(p_leg_accounts, p_leg_currencies) AS l(account, currency)
      LEFT JOIN ledger_accounts a ON a.id = l.account AND a.currency = l.currency
     WHERE a.id IS NULL
     LIMIT 1;
    RAISE EXCEPTION 'no ledger account % in %', v_problem.account, v_problem.currency USING ERRCODE = 'PF002';
  END IF;
  IF v_overdrawn IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds on ledger account %', v_overdrawn USING ERRCODE = 'PF001';
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + s.total
    FROM (SELECT l.account, sum(l.amount) AS total
            FROM unnest(p_leg_requests, p_leg_accounts, p_leg_amounts) AS l(request, account, amount)
           WHERE v_written[l.request] <> 0
           GROUP BY l.account) s
   WHERE a.id = s.account;

  RETURN QUERY SELECT r.id, r.written_id = 0 FROM unnest(v_ids, v_written) WITH ORDINALITY AS r(id, written_id, position) ORDER BY r.position;
END
$$;
