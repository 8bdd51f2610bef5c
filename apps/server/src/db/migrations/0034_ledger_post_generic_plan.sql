-- ledger_post's account query on one cached plan, not planned again at every posting.
-- PL/pgSQL keeps each statement's plan in the plan cache, which after five executions compares the estimated cost of
-- a generic plan (parameters unknown) with that of the plans it made for the actual values. For the query that finds
-- and locks the accounts (`user_id = ANY (p_users) OR code = ANY (p_codes) ... FOR UPDATE`) the generic plan guesses
-- ten elements an array and costs 137.8 against 24.8 for two accounts, so the cache planned it afresh at every call:
-- 0.085 ms a posting, about 8 % of the database's CPU under the bench's transfer load (perf, 2026-11-29). The generic
-- plan is the same plan (a BitmapOr of the two unique indexes, a sort by id, LockRows), so the function uses it
-- always. The setting holds only while the function runs. money-rules: test/ledger-rules.test.ts checks the plan.
ALTER FUNCTION ledger_post(text, text, uuid, jsonb, uuid[], text[], bigint[]) SET plan_cache_mode = force_generic_plan;
