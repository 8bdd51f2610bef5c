-- The referral page's summary, kept (decision 009's way) instead of counted at each request: people (members not
-- closed) and what they earned, per ancestor and level. At a million users the bench's user #1 has 189,902 people in
-- the three paid levels, and counting and summing their referral_team rows was most of every page of
-- GET /user/referrals (docs/performance.md#ten-times-the-data). A figure is the sum of its rows; each writer adds to
-- the row of its own shard (backend pid mod 16), so concurrent rewards paying one referrer rarely wait on one
-- another and one transaction uses one shard. A statement trigger per operation reads the transition tables once:
-- a sign-up's chain (up to 10 rows), a reward's or bonus's shares (one statement) and a closed member's rows each
-- move the figures in one statement, ordered by (ancestor, level) so two writers on one shard lock in one order.
CREATE TABLE "referral_levels" (
  "ancestor_id" uuid NOT NULL,
  "level" smallint NOT NULL,
  "shard" integer NOT NULL,
  "people" bigint NOT NULL,
  "earned_cents" bigint NOT NULL,
  CONSTRAINT "referral_levels_pk" PRIMARY KEY ("ancestor_id", "level", "shard")
);
--> statement-breakpoint
-- One function for the three operations: the rows a statement added count up, the rows it removed count down (an
-- update is both), so a statement that changes neither the flag nor the sum moves nothing.
CREATE FUNCTION referral_levels_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM referral_levels;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    moved := moved || 'SELECT ancestor_id, level, (NOT member_deleted)::int AS people, earned_cents FROM new_rows'::text;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    moved := moved || 'SELECT ancestor_id, level, -(NOT member_deleted)::int AS people, -earned_cents AS earned_cents FROM old_rows'::text;
  END IF;
  EXECUTE format($q$
    INSERT INTO referral_levels AS k (ancestor_id, level, shard, people, earned_cents)
    SELECT d.ancestor_id, d.level, pg_backend_pid() %% 16, sum(d.people), sum(d.earned_cents)
    FROM (%s) d
    GROUP BY d.ancestor_id, d.level
    HAVING sum(d.people) <> 0 OR sum(d.earned_cents) <> 0
    ORDER BY d.ancestor_id, d.level
    ON CONFLICT (ancestor_id, level, shard)
    DO UPDATE SET people = k.people + excluded.people, earned_cents = k.earned_cents + excluded.earned_cents$q$,
    array_to_string(moved, ' UNION ALL '));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER referral_levels_insert AFTER INSERT ON referral_team REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_levels_track();
--> statement-breakpoint
CREATE TRIGGER referral_levels_update AFTER UPDATE ON referral_team REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_levels_track();
--> statement-breakpoint
CREATE TRIGGER referral_levels_delete AFTER DELETE ON referral_team REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_levels_track();
--> statement-breakpoint
CREATE TRIGGER referral_levels_truncate AFTER TRUNCATE ON referral_team
  FOR EACH STATEMENT EXECUTE FUNCTION referral_levels_track();
--> statement-breakpoint
-- A sign-up's chain is now written by one statement per INSERT on users instead of one per row (migration 0010's row
-- trigger): the figures above are then moved once per statement. Row by row, a bulk insert of 20,000 members of one
-- team in one transaction took 35–62 s instead of 7 s (each upsert of the team's rows walked the versions the same
-- transaction had left), and the bench seeds a million users in one statement. The chain is walked through users
-- (referred_by), which sees the statement's own rows, so members whose referrer is inserted by the same statement
-- get their whole chain as before; a referrer is always an older user and the walk stops at 10 levels regardless.
DROP TRIGGER users_referral_team ON users;
--> statement-breakpoint
DROP FUNCTION referral_team_add();
--> statement-breakpoint
CREATE FUNCTION referral_team_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_team (member_id, level, ancestor_id, joined_at, member_deleted)
  WITH RECURSIVE chain (member_id, level, ancestor_id, joined_at, member_deleted) AS (
    SELECT n.id, 1, n.referred_by, n.created_at, n.deleted_at IS NOT NULL FROM new_rows n WHERE n.referred_by IS NOT NULL
    UNION ALL
    SELECT c.member_id, c.level + 1, r.referred_by, c.joined_at, c.member_deleted
    FROM chain c JOIN users r ON r.id = c.ancestor_id
    WHERE r.referred_by IS NOT NULL AND c.level < 10
  )
  SELECT member_id, level, ancestor_id, joined_at, member_deleted FROM chain;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_referral_team AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_team_add();
--> statement-breakpoint
-- The starting figures, taken after the triggers exist: creating a trigger locks referral_team against writes until
-- this migration commits, so no row slips in between.
INSERT INTO referral_levels (ancestor_id, level, shard, people, earned_cents)
SELECT ancestor_id, level, 0, count(*) FILTER (WHERE NOT member_deleted), sum(earned_cents)
FROM referral_team GROUP BY ancestor_id, level;
--> statement-breakpoint
-- The team page's list is an index-only scan of referral_team_ancestor_idx, skipping (page − 1) × limit entries; every
-- reward's commission updates earned_cents and clears its heap page's all-visible bit until the next vacuum, and each
-- such entry is then a heap fetch (page 400 of 100,000 people after 6,000 commissions: 6,759 fetches, 43–85 ms, against
-- 11–20 ms vacuumed). Vacuumed after 1 % of its rows changed instead of the default 20 %.
ALTER TABLE referral_team SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
