-- The dashboard's pending money, kept like the desks' totals (migration 0005) instead of summed at each visit: at a
-- million users the bench seed holds 250,000 pending deposits and 500,000 pending withdrawals, and counting and
-- summing them through their indexes took most of the dashboard's time (goal p95 < 50 ms at that size,
-- docs/performance.md#ten-times-the-data). Kept in row_counts, sharded by backend as the other counts are:
--   deposits_pending, deposits_pending_cents        deposits not approved and not hidden: how many, and their sum;
--   withdrawals_pending, withdrawals_pending_cents  withdrawals not processed and not hidden: how many, and their sum.
-- A statement trigger per table and operation reads the transition tables (one pass over the statement's rows), so a
-- request's statement moves each figure once, and a statement that changes no pending row (an edit of another
-- column) moves nothing.
-- One function for both tables: TG_ARGV[0] names the figures (<name>_pending, <name>_pending_cents), TG_ARGV[1] the
-- boolean column that is false while a record is pending (deposited, withdrawed).
CREATE FUNCTION money_pending_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n_new bigint := 0;
  c_new bigint := 0;
  n_old bigint := 0;
  c_old bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name IN (TG_ARGV[0] || '_pending', TG_ARGV[0] || '_pending_cents');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*), coalesce(sum(r.amount_cents), 0) INTO n_new, c_new FROM new_rows r
    WHERE NOT (to_jsonb(r) ->> TG_ARGV[1])::boolean AND r.hidden_at IS NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*), coalesce(sum(r.amount_cents), 0) INTO n_old, c_old FROM old_rows r
    WHERE NOT (to_jsonb(r) ->> TG_ARGV[1])::boolean AND r.hidden_at IS NULL;
  END IF;
  PERFORM row_counts_move(TG_ARGV[0] || '_pending', n_new - n_old);
  PERFORM row_counts_move(TG_ARGV[0] || '_pending_cents', c_new - c_old);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table gets its four triggers (INSERT, UPDATE, DELETE, TRUNCATE), as migration 0005 gives its counts.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('deposits', 'deposited'), ('withdrawals', 'withdrawed')) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION money_pending_track(%L, %L)', t.tbl || '_pending_insert', t.tbl, t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION money_pending_track(%L, %L)', t.tbl || '_pending_update', t.tbl, t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION money_pending_track(%L, %L)', t.tbl || '_pending_delete', t.tbl, t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION money_pending_track(%L, %L)', t.tbl || '_pending_truncate', t.tbl, t.tbl, t.col);
  END LOOP;
END $$;
--> statement-breakpoint
-- The starting figures, taken after the triggers exist: creating a trigger locks its table against writes until this
-- migration commits, so no row slips in between. One row each even when zero, so every figure is always there.
INSERT INTO row_counts (name, shard, n)
SELECT 'deposits_pending', 0, count(*) FROM deposits WHERE deposited = false AND hidden_at IS NULL
UNION ALL SELECT 'deposits_pending_cents', 0, coalesce(sum(amount_cents), 0) FROM deposits WHERE deposited = false AND hidden_at IS NULL
UNION ALL SELECT 'withdrawals_pending', 0, count(*) FROM withdrawals WHERE withdrawed = false AND hidden_at IS NULL
UNION ALL SELECT 'withdrawals_pending_cents', 0, coalesce(sum(amount_cents), 0) FROM withdrawals WHERE withdrawed = false AND hidden_at IS NULL
ON CONFLICT (name, shard) DO UPDATE SET n = row_counts.n + excluded.n;
