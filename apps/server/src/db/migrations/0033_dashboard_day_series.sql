-- The dashboard's 30-day series, kept like its pending money (migration 0027) instead of summed at each visit:
--   deposits_day_cents:<YYYY-MM-DD>     the sum of the deposits created that UTC day and not hidden (any status);
--   withdrawals_day_cents:<YYYY-MM-DD>  the same for withdrawals;
--   signups_day:<YYYY-MM-DD>            the members (role USER) who joined that UTC day, deleted ones included.
-- Summed at each visit, the series read every record of the last 30 days: after the bench's withdrawal load
-- (20,000 new records today) that was most of the dashboard's 35-56 ms (goal p95 < 50 ms), and it grows with the
-- traffic. Kept, it is 90 lookups of row_counts' primary key. Sharded by backend as the other counts are
-- (row_counts_move), so the writers of one day rarely wait on each other.
-- A statement trigger per table and operation reads the transition tables once: what the old rows counted on their
-- day leaves it, what the new rows count on theirs joins it, and a statement that changes neither (an approval, a
-- profile edit) moves nothing. Days are moved in date order, so two statements lock their rows in one order.
-- One function for the three tables: TG_ARGV[0] names the figure, TG_ARGV[1] is what a row `r` weighs and TG_ARGV[2]
-- when it counts (a deposit or withdrawal its amount while it is not hidden, a user 1 while their role is USER).
CREATE FUNCTION day_series_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := format('SELECT to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD'') AS day, %s AS delta FROM new_rows r WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  removed text := format('SELECT to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD'') AS day, -(%s) AS delta FROM old_rows r WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  d record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name LIKE TG_ARGV[0] || ':%';
    RETURN NULL;
  END IF;
  FOR d IN EXECUTE format('SELECT y.day, sum(y.delta)::bigint AS delta FROM (%s) y GROUP BY y.day HAVING sum(y.delta) <> 0 ORDER BY y.day',
                          CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END) LOOP
    PERFORM row_counts_move(TG_ARGV[0] || ':' || d.day, d.delta);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table gets its four triggers (INSERT, UPDATE, DELETE, TRUNCATE), as migrations 0005 and 0027 give theirs.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('deposits', 'deposits_day_cents', 'r.amount_cents', 'r.hidden_at IS NULL'),
                                 ('withdrawals', 'withdrawals_day_cents', 'r.amount_cents', 'r.hidden_at IS NULL'),
                                 ('users', 'signups_day', '1', 'r.role = ''USER''')) AS v(tbl, name, weight, counts) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION day_series_track(%L, %L, %L)', t.tbl || '_day_series_insert', t.tbl, t.name, t.weight, t.counts);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION day_series_track(%L, %L, %L)', t.tbl || '_day_series_update', t.tbl, t.name, t.weight, t.counts);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION day_series_track(%L, %L, %L)', t.tbl || '_day_series_delete', t.tbl, t.name, t.weight, t.counts);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION day_series_track(%L, %L, %L)', t.tbl || '_day_series_truncate', t.tbl, t.name, t.weight, t.counts);
  END LOOP;
END $$;
--> statement-breakpoint
-- The starting figures, taken after the triggers exist: creating a trigger locks its table against writes until this
-- migration commits, so no row slips in between.
INSERT INTO row_counts (name, shard, n)
SELECT 'deposits_day_cents:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, sum(amount_cents)
FROM deposits WHERE hidden_at IS NULL GROUP BY 1
UNION ALL
SELECT 'withdrawals_day_cents:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, sum(amount_cents)
FROM withdrawals WHERE hidden_at IS NULL GROUP BY 1
UNION ALL
SELECT 'signups_day:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, count(*)
FROM users WHERE role = 'USER' GROUP BY 1
ON CONFLICT (name, shard) DO UPDATE SET n = row_counts.n + excluded.n;
