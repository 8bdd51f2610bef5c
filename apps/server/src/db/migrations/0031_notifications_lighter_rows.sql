-- A notification row that costs less to write (decision 029): every transfer writes two, and with the row trigger
-- of 0030 these two were what still put the transfer furthest from its bare baseline.
-- 1. No foreign key from notifications.user_id to users. Its check locked the user's row FOR KEY SHARE on every
--    insert: a WAL record on users per notification, and a MultiXact whenever two transactions told the same user at
--    once (a busy recipient). Users are never deleted (a closed account is `deleted_at`), and every writer takes the
--    user id from a users row its own statement or transaction read; `checkLedger` now reports a notification whose
--    user does not exist, so a bug that wrote one would still be caught.
-- 2. No unique index on public_id. Nothing looks a notification up by public id alone: marking read goes by the
--    reader's user id through notifications_unread_idx, and the e-mail reads rows by id. The id is random
--    (gen_random_uuid, 122 random bits), so the index only kept a random-order B-tree warm for nothing.
DO $$
DECLARE c text;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'notifications'::regclass AND contype = 'f' AND confrelid = 'users'::regclass LOOP
    EXECUTE format('ALTER TABLE notifications DROP CONSTRAINT %I', c);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP INDEX "notifications_public_id_idx";
