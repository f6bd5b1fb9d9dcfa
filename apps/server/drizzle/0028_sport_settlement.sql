CREATE TABLE "sport_bet_settlement_queue" (
	"bet_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sport_bet_settlement_queue" ADD CONSTRAINT "sport_bet_settlement_queue_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written part: many ledger transactions written as one set (ADR 037), for movements that come
-- by the thousand at once (a market's settlement). Each request is what ledger_post() takes and the
-- ledger ends up as if ledger_post() had written them one after the other in the order given: the
-- same idempotency keys and fingerprints (L4: a key already written is replayed when its fingerprint
-- matches, refused with PF409 otherwise), one posting per leg with its running balance, the
-- no-negative rule checked on every running balance of a player account (PF001), unknown accounts or
-- currencies refused (PF002), balanced at commit by the same trigger (L1). What differs is the work:
-- a few statements over the whole set, and each touched balance locked (players by id, then the
-- house, the order of ledger_post()) and updated once, by the sum of its legs.
CREATE FUNCTION ledger_set_legs(p_requests jsonb, p_keys text[], p_ids bigint[])
RETURNS TABLE (transaction_id bigint, request_position bigint, leg_position bigint, account bigint, currency text, amount numeric)
LANGUAGE sql STABLE AS $$
  SELECT w.id, r.position, l.ordinality, (l.leg ->> 'account')::bigint, l.leg ->> 'currency', (l.leg ->> 'amount')::numeric
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(request, position)
    JOIN unnest(p_keys, p_ids) AS w(key, id) ON w.key = r.request ->> 'key'
   CROSS JOIN LATERAL jsonb_array_elements(r.request -> 'legs') WITH ORDINALITY AS l(leg, ordinality)
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_post_set(p_requests jsonb)
RETURNS TABLE (idempotency_key text, transaction_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_keys text[];
  v_ids bigint[];
  v_problem record;
BEGIN
  WITH inserted AS (
    INSERT INTO ledger_transactions AS t (kind, idempotency_key, request_fingerprint, reverses_id, metadata)
    SELECT r.request ->> 'kind', r.request ->> 'key', r.request ->> 'fingerprint', (r.request ->> 'reverses')::bigint, coalesce(r.request -> 'metadata', '{}'::jsonb)
      FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(request, position)
     ORDER BY r.position
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING t.id, t.idempotency_key
  )
  SELECT coalesce(array_agg(i.idempotency_key), '{}'), coalesce(array_agg(i.id), '{}') INTO v_keys, v_ids FROM inserted i;

  SELECT r.request ->> 'key' AS key INTO v_problem
    FROM jsonb_array_elements(p_requests) AS r(request)
    JOIN ledger_transactions t ON t.idempotency_key = r.request ->> 'key'
    LEFT JOIN unnest(v_keys) AS w(key) ON w.key = r.request ->> 'key'
   WHERE w.key IS NULL AND t.request_fingerprint IS DISTINCT FROM r.request ->> 'fingerprint'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'idempotency key % was already used with other parameters', v_problem.key USING ERRCODE = 'PF409';
  END IF;

  SELECT l.account, l.currency INTO v_problem
    FROM ledger_set_legs(p_requests, v_keys, v_ids) l
    LEFT JOIN ledger_accounts a ON a.id = l.account AND a.currency = l.currency
   WHERE a.id IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'no ledger account % in %', v_problem.account, v_problem.currency USING ERRCODE = 'PF002';
  END IF;

  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT DISTINCT l.account FROM ledger_set_legs(p_requests, v_keys, v_ids) l)
   ORDER BY a.may_go_negative, a.id
     FOR UPDATE;

  WITH posted AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, balance_after)
    SELECT l.transaction_id, l.account, l.currency, l.amount,
           a.balance + sum(l.amount) OVER (PARTITION BY l.account ORDER BY l.request_position, l.leg_position)
      FROM ledger_set_legs(p_requests, v_keys, v_ids) l
      JOIN ledger_accounts a ON a.id = l.account
     ORDER BY l.request_position, a.may_go_negative, l.account, l.leg_position
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
    FROM (SELECT l.account, sum(l.amount) AS total FROM ledger_set_legs(p_requests, v_keys, v_ids) l GROUP BY l.account) s
   WHERE a.id = s.account;

  RETURN QUERY
    SELECT r.request ->> 'key', coalesce(w.id, t.id), w.id IS NULL
      FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(request, position)
      LEFT JOIN unnest(v_keys, v_ids) AS w(key, id) ON w.key = r.request ->> 'key'
      LEFT JOIN ledger_transactions t ON w.id IS NULL AND t.idempotency_key = r.request ->> 'key'
     ORDER BY r.position;
END
$$;
