-- Counts the admin pages show on every visit, kept by triggers instead of counted at each request:
--   users_live           live users (deleted_at is null): the user desk's total, the dashboard's user count;
--   audit_log            every audit record: the audit log's total when it is not filtered;
--   deposits_visible     deposits not hidden: the deposit desk's total when it is not filtered;
--   withdrawals_visible  withdrawals not hidden: the withdrawal desk's total when it is not filtered.
-- A count is the sum of its rows. Each writer adds to the row of its own shard (its backend pid mod 16), so
-- concurrent sign-ups, claims and withdrawal requests rarely wait on one another, and one transaction always
-- uses one shard (no lock-order cycles between shards). Statement-level triggers read the transition tables,
-- so a bulk INSERT moves a count once, and a statement that leaves a count unchanged (a profile edit, a role
-- change, an approval) does not touch the counters at all. Filtered lists still count through their indexes.
CREATE TABLE "row_counts" (
  "name" text NOT NULL,
  "shard" integer NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "row_counts_name_shard_pk" PRIMARY KEY ("name", "shard")
);
--> statement-breakpoint
CREATE FUNCTION row_counts_move(p_name text, p_delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta <> 0 THEN
    INSERT INTO row_counts (name, shard, n) VALUES (p_name, pg_backend_pid() % 16, p_delta)
    ON CONFLICT (name, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
-- One trigger function for the four tables: TG_ARGV[0] names the count, TG_ARGV[1] the column that is null
-- on the rows it counts ('' to count every row).
CREATE FUNCTION row_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted_in_new bigint := 0;
  counted_in_old bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT count(*) FROM new_rows %s', CASE WHEN TG_ARGV[1] = '' THEN '' ELSE format('WHERE %I IS NULL', TG_ARGV[1]) END)
      INTO counted_in_new;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT count(*) FROM old_rows %s', CASE WHEN TG_ARGV[1] = '' THEN '' ELSE format('WHERE %I IS NULL', TG_ARGV[1]) END)
      INTO counted_in_old;
  END IF;
  PERFORM row_counts_move(TG_ARGV[0], counted_in_new - counted_in_old);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table gets its four triggers: INSERT, UPDATE (not on append-only audit_log), DELETE and TRUNCATE.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('users', 'users_live', 'deleted_at'), ('audit_log', 'audit_log', ''),
                                 ('deposits', 'deposits_visible', 'hidden_at'), ('withdrawals', 'withdrawals_visible', 'hidden_at'))
           AS v(tbl, name, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%L, %L)', t.tbl || '_count_insert', t.tbl, t.name, t.col);
    IF t.tbl <> 'audit_log' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%L, %L)', t.tbl || '_count_update', t.tbl, t.name, t.col);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%L, %L)', t.tbl || '_count_delete', t.tbl, t.name, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%L, %L)', t.tbl || '_count_truncate', t.tbl, t.name, t.col);
  END LOOP;
END $$;
--> statement-breakpoint
-- The starting counts, taken after the triggers exist: creating a trigger locks its table against writes until
-- this migration commits, so no row can slip in between the count and the trigger.
INSERT INTO row_counts (name, shard, n)
SELECT 'users_live', 0, count(*) FROM users WHERE deleted_at IS NULL
UNION ALL SELECT 'audit_log', 0, count(*) FROM audit_log
UNION ALL SELECT 'deposits_visible', 0, count(*) FROM deposits WHERE hidden_at IS NULL
UNION ALL SELECT 'withdrawals_visible', 0, count(*) FROM withdrawals WHERE hidden_at IS NULL;
--> statement-breakpoint
-- The user desk's order from the index alone: an expression index serves an index-only scan only when the
-- columns inside the expression are in the index too, so role is included (a deep page read the table before).
DROP INDEX "users_admin_list_idx";
--> statement-breakpoint
CREATE INDEX "users_admin_list_idx" ON "users" USING btree ((case "role" when 'SADMIN' then 0 when 'ADMIN' then 1 else 2 end), "created_at" DESC NULLS LAST, "id") INCLUDE ("role") WHERE "users"."deleted_at" IS NULL;
--> statement-breakpoint
-- The dashboard's daily sums of the last 30 days from the desks' own indexes, without reading the rows.
DROP INDEX "deposits_admin_list_idx";
--> statement-breakpoint
CREATE INDEX "deposits_admin_list_idx" ON "deposits" USING btree ("created_at", "id") INCLUDE ("amount_cents") WHERE "deposits"."hidden_at" IS NULL;
--> statement-breakpoint
DROP INDEX "withdrawals_admin_list_idx";
--> statement-breakpoint
CREATE INDEX "withdrawals_admin_list_idx" ON "withdrawals" USING btree ("created_at", "id") INCLUDE ("amount_cents") WHERE "withdrawals"."hidden_at" IS NULL;
