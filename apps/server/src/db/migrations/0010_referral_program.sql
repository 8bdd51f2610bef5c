-- The referral program (docs/money.md#referral-program). Commissions and bonuses are paid from the system account expense:referrals.
-- referral_team holds, for every user, each of their referrers up to 10 levels above (level 1 = who referred them),
-- with what that referrer has earned from them; a trigger fills it when a user is inserted, from the referrer's own
-- rows, so the chain of any user is one index read and a team of any size is counted from one index. A referrer is
-- fixed at sign-up (users.referred_by can never change, nor name the user), so a chain can never loop.
INSERT INTO ledger_accounts (code) VALUES ('expense:referrals');
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_not_own_referrer CHECK (referred_by IS NULL OR referred_by <> id);
--> statement-breakpoint
CREATE FUNCTION users_refuse_referrer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'users.referred_by is set at sign-up and never changes' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER users_referrer_fixed BEFORE UPDATE OF referred_by ON users
  FOR EACH ROW WHEN (OLD.referred_by IS DISTINCT FROM NEW.referred_by) EXECUTE FUNCTION users_refuse_referrer_change();
--> statement-breakpoint
CREATE TABLE "referral_team" (
  "member_id" uuid NOT NULL REFERENCES "users"("id"),
  "level" smallint NOT NULL CHECK ("level" BETWEEN 1 AND 10),
  "ancestor_id" uuid NOT NULL REFERENCES "users"("id"),
  "joined_at" timestamp with time zone NOT NULL,
  -- Commissions and bonuses the ancestor has been paid because of this member (kept in the posting's transaction).
  "earned_cents" bigint DEFAULT 0 NOT NULL CHECK ("earned_cents" >= 0),
  -- The member's account is closed (users.deleted_at, kept by a trigger): no longer counted or listed on the team page.
  "member_deleted" boolean DEFAULT false NOT NULL,
  CONSTRAINT "referral_team_pk" PRIMARY KEY ("member_id", "level")
);
--> statement-breakpoint
-- The team page: people and earnings per level, and the list (level, newest first), from the index alone (a join
-- to users for each of 10,000 members cost 150 ms; the flag costs nothing to read here).
CREATE INDEX "referral_team_ancestor_idx" ON "referral_team" ("ancestor_id", "level", "joined_at" DESC, "member_id") INCLUDE ("earned_cents", "member_deleted");
--> statement-breakpoint
-- What a user has earned from the program in all (team page total, users desk): only the rows that earned something.
CREATE INDEX "referral_team_earned_idx" ON "referral_team" ("ancestor_id") INCLUDE ("earned_cents") WHERE "earned_cents" > 0;
--> statement-breakpoint
CREATE FUNCTION referral_team_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_team (member_id, level, ancestor_id, joined_at, member_deleted)
  SELECT NEW.id, 1, NEW.referred_by, NEW.created_at, NEW.deleted_at IS NOT NULL
  UNION ALL
  SELECT NEW.id, t.level + 1, t.ancestor_id, NEW.created_at, NEW.deleted_at IS NOT NULL
  FROM referral_team t WHERE t.member_id = NEW.referred_by AND t.level < 10;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_referral_team AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.referred_by IS NOT NULL) EXECUTE FUNCTION referral_team_add();
--> statement-breakpoint
CREATE FUNCTION referral_team_member_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_team SET member_deleted = NEW.deleted_at IS NOT NULL WHERE member_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_referral_team_closed AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) AND NEW.referred_by IS NOT NULL)
  EXECUTE FUNCTION referral_team_member_closed();
--> statement-breakpoint
-- The users that exist already (no loop can exist: a referrer was always an older, existing user; the depth bound
-- stops the walk regardless).
INSERT INTO referral_team (member_id, level, ancestor_id, joined_at, member_deleted)
WITH RECURSIVE chain (member_id, level, ancestor_id, joined_at, member_deleted) AS (
  SELECT u.id, 1, u.referred_by, u.created_at, u.deleted_at IS NOT NULL FROM users u WHERE u.referred_by IS NOT NULL AND u.referred_by <> u.id
  UNION ALL
  SELECT c.member_id, c.level + 1, r.referred_by, c.joined_at, c.member_deleted
  FROM chain c JOIN users r ON r.id = c.ancestor_id
  WHERE r.referred_by IS NOT NULL AND c.level < 10
)
SELECT member_id, level, ancestor_id, joined_at, member_deleted FROM chain;
--> statement-breakpoint
-- One row per referred user whose first credited deposit has been seen: the bonus is decided once, at that moment
-- (INSERT … ON CONFLICT DO NOTHING makes concurrent credits of one user decide it once).
CREATE TABLE "referral_first_deposits" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Referred users who already had a deposit credited before the program: their first deposit is past.
INSERT INTO referral_first_deposits (user_id)
SELECT DISTINCT d.user_id FROM deposits d JOIN users u ON u.id = d.user_id WHERE u.referred_by IS NOT NULL AND d.version > 0;
