-- ledger_post: the posting of one ledger transaction as a single statement (one round trip while the accounts
-- are locked, and no round trips at all between taking the locks and writing). The TypeScript post() is its only
-- caller; the rules stay where 0001 put them (entry trigger moves balances, CHECK >= 0 on user balances,
-- deferred zero-sum trigger, unique event_key), this function only adds the checks post() made before:
--   * every posting names an existing account (a user's, or a system account by code), else SQLSTATE ML404;
--   * the accounts are locked FOR UPDATE in id order (so concurrent postings never deadlock);
--   * no user account may end below zero, checked under the lock, else SQLSTATE ML402;
--   * one entry per account (the net of its postings), in account-id order; accounts netting to 0 get none.
CREATE FUNCTION ledger_post(p_kind text, p_event_key text, p_actor uuid, p_memo jsonb,
                            p_users uuid[], p_codes text[], p_amounts bigint[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(p_amounts, 1), 0);
  matched int := 0;
  net bigint;
  entry_ids bigint[] := '{}';
  entry_amounts bigint[] := '{}';
  r record;
  tx_id bigint;
BEGIN
  IF n < 2 OR coalesce(array_length(p_users, 1), 0) <> n OR coalesce(array_length(p_codes, 1), 0) <> n THEN
    RAISE EXCEPTION 'ledger_post: % amounts, % users, % codes', n, array_length(p_users, 1), array_length(p_codes, 1)
      USING ERRCODE = '22023';
  END IF;
  -- Find and lock every account the postings name, in id order, in one statement. FOR UPDATE hands back the
  -- latest committed row, so each user balance is checked under its lock; a refusal aborts the statement, and
  -- with it everything this call did. The net of each account's postings becomes its one entry.
  FOR r IN SELECT id, user_id, code, balance_cents FROM ledger_accounts
           WHERE user_id = ANY (p_users) OR code = ANY (p_codes)
           ORDER BY id FOR UPDATE LOOP
    net := 0;
    FOR i IN 1..n LOOP
      IF p_users[i] = r.user_id OR p_codes[i] = r.code THEN
        net := net + p_amounts[i];
        matched := matched + 1;
      END IF;
    END LOOP;
    IF r.user_id IS NOT NULL AND r.balance_cents + net < 0 THEN
      RAISE EXCEPTION 'insufficient balance on ledger account %', r.id USING ERRCODE = 'ML402';
    END IF;
    IF net <> 0 THEN
      entry_ids := entry_ids || r.id;
      entry_amounts := entry_amounts || net;
    END IF;
  END LOOP;
  IF matched <> n THEN
    RAISE EXCEPTION 'ledger account not found (% of % postings name an account)', matched, n USING ERRCODE = 'ML404';
  END IF;

  INSERT INTO ledger_transactions (kind, event_key, actor_id, memo)
  VALUES (p_kind, p_event_key, p_actor, p_memo)
  RETURNING id INTO tx_id;
  INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
  SELECT tx_id, x.account_id, x.amount FROM unnest(entry_ids, entry_amounts) WITH ORDINALITY AS x(account_id, amount, k) ORDER BY x.k;
  RETURN tx_id;
END $$;
