CREATE TABLE "sport_bet_settlement_queue" (
	"bet_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written part: many ledger transactions written as one set (ADR 037), for movements that come
-- by the thousand at once (a market's settlement). Each request is what ledger_post() takes and the
-- ledger ends up as if ledger_post() had written them one after the other in the order given: the
-- same idempotency keys and fingerprints (L4: a key already written is replayed when its fingerprint
-- matches, refused with PF409 otherwise), one posting per leg with its running balance, the
-- no-negative rule checked on every running balance of a player account (PF001), unknown accounts or
-- currencies refused (PF002), balanced at commit by the same trigger (L1). What differs is the work:
-- the postings and balances in a few statements over the whole set, each touched balance locked
-- (players by id, then the house, the order of ledger_post()) and updated once, by its legs' sum.
-- Requests come as parallel arrays (1-based), legs as parallel arrays naming their request's index.
CREATE FUNCTION ledger_post_set(
  p_kinds text[], p_keys text[], p_fingerprints text[], p_metadata jsonb[], p_reverses bigint[],
  p_leg_requests integer[], p_leg_accounts bigint[], p_leg_currencies text[], p_leg_amounts numeric[]
)
RETURNS TABLE (transaction_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(array_length(p_keys, 1), 0);
  v_ids bigint[] := array_fill(0::bigint, ARRAY[v_count]);
  -- 0 for a replayed request: its legs are not written again.
  v_written bigint[] := array_fill(0::bigint, ARRAY[v_count]);
  v_id bigint;
  v_fingerprint text;
  v_problem record;
BEGIN
  FOR i IN 1..v_count LOOP
    INSERT INTO ledger_transactions AS t (kind, idempotency_key, request_fingerprint, reverses_id, metadata)
    VALUES (p_kinds[i], p_keys[i], p_fingerprints[i], p_reverses[i], coalesce(p_metadata[i], '{}'::jsonb))
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING t.id INTO v_id;
    IF v_id IS NULL THEN
      SELECT t.id, t.request_fingerprint INTO v_id, v_fingerprint FROM ledger_transactions t WHERE t.idempotency_key = p_keys[i];
      IF v_fingerprint IS DISTINCT FROM p_fingerprints[i] THEN
        RAISE EXCEPTION 'idempotency key % was already used with other parameters', p_keys[i] USING ERRCODE = 'PF409';
      END IF;
    ELSE
      v_written[i] := v_id;
    END IF;
    v_ids[i] := v_id;
  END LOOP;

  SELECT l.account, l.currency INTO v_problem
    FROM (SELECT v_written[u.request] AS transaction_id, u.request, u.leg, u.account, u.currency, u.amount
            FROM unnest(p_leg_requests, p_leg_accounts, p_leg_currencies, p_leg_amounts) WITH ORDINALITY AS u(request, account, currency, amount, leg)
           WHERE v_written[u.request] <> 0) l LEFT JOIN ledger_accounts a ON a.id = l.account AND a.currency = l.currency
   WHERE a.id IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'no ledger account % in %', v_problem.account, v_problem.currency USING ERRCODE = 'PF002';
  END IF;

  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT DISTINCT l.account FROM (SELECT v_written[u.request] AS transaction_id, u.request, u.leg, u.account, u.currency, u.amount
            FROM unnest(p_leg_requests, p_leg_accounts, p_leg_currencies, p_leg_amounts) WITH ORDINALITY AS u(request, account, currency, amount, leg)
           WHERE v_written[u.request] <> 0) l)
   ORDER BY a.may_go_negative, a.id
     FOR UPDATE;

  WITH posted AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, balance_after)
    SELECT l.transaction_id, l.account, l.currency, l.amount,
           a.balance + sum(l.amount) OVER (PARTITION BY l.account ORDER BY l.request, l.leg)
      FROM (SELECT v_written[u.request] AS transaction_id, u.request, u.leg, u.account, u.currency, u.amount
            FROM unnest(p_leg_requests, p_leg_accounts, p_leg_currencies, p_leg_amounts) WITH ORDINALITY AS u(request, account, currency, amount, leg)
           WHERE v_written[u.request] <> 0) l
      JOIN ledger_accounts a ON a.id = l.account
     ORDER BY l.request, a.may_go_negative, l.account, l.leg
    RETURNING account_id, balance_after
  )
  SELECT p.account_id INTO v_problem
    FROM posted p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE NOT a.may_go_negative AND p.balance_after < 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insufficient funds on ledger account %', v_problem.account_id USING ERRCODE = 'PF001';
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + s.total
    FROM (SELECT l.account, sum(l.amount) AS total FROM (SELECT v_written[u.request] AS transaction_id, u.request, u.leg, u.account, u.currency, u.amount
            FROM unnest(p_leg_requests, p_leg_accounts, p_leg_currencies, p_leg_amounts) WITH ORDINALITY AS u(request, account, currency, amount, leg)
           WHERE v_written[u.request] <> 0) l GROUP BY l.account) s
   WHERE a.id = s.account;

  RETURN QUERY SELECT r.id, r.written_id = 0 FROM unnest(v_ids, v_written) WITH ORDINALITY AS r(id, written_id, position) ORDER BY r.position;
END
$$;
