-- Several ledger transactions in one round trip, written one after the other in the order given.
-- Each is exactly ledger_post() (idempotency key and fingerprint, guarded balance updates, the
-- same errors), so a caller that knows a movement and the one that follows it (a single-step game
-- round's stake and its payout) waits for the database once instead of twice.
CREATE FUNCTION ledger_post_many(p_requests jsonb)
RETURNS TABLE (transaction_id bigint, replayed boolean, account_id bigint, amount numeric, balance_after numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_request jsonb;
BEGIN
  FOR v_request IN
    SELECT r.request FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(request, position) ORDER BY r.position
  LOOP
    RETURN QUERY
      SELECT * FROM ledger_post(v_request ->> 'kind', v_request ->> 'key', v_request ->> 'fingerprint', v_request -> 'metadata', v_request -> 'legs', (v_request ->> 'reverses')::bigint);
  END LOOP;
END
$$;
